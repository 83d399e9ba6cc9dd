import { Type, type Static, type TSchema } from 'typebox';
import { CRM_METRIC_KEYS } from '../domain/crmFilter';
import { OneOf } from './events';

const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Age = Type.Integer({ minimum: 0, maximum: 150 });
const Operator = OneOf(['more', 'less', 'equal'] as const);
/** A count or SEK with 2 decimals: bounded well inside int4 öre and bigint sums. */
const MetricValue = Type.Number({ minimum: 0, maximum: 10_000_000 });

const MetricFilter = Type.Object({
  operator: Operator,
  value: MetricValue,
  date_from: Type.Optional(IsoDay),
  date_to: Type.Optional(IsoDay),
}, { additionalProperties: false });

/** The segment filter as JSON (POST api/events/send-notification). */
export const CrmFiltersSchema = Type.Object({
  events: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
  gender: Type.Optional(OneOf(['female', 'male'] as const)),
  age_from: Type.Optional(Age),
  age_to: Type.Optional(Age),
  metrics: Type.Optional(Type.Object(Object.fromEntries(CRM_METRIC_KEYS.map((k) => [k, Type.Optional(MetricFilter)])), { additionalProperties: false })),
}, { additionalProperties: false });

/** GET api/attendees: the same filter as flat `filters[...]` keys (src/domain/crmFilter.ts converts). */
const metricKeys: Record<string, TSchema> = {};
for (const k of CRM_METRIC_KEYS) {
  metricKeys[`filters[${k}][operator]`] = Type.Optional(Operator);
  metricKeys[`filters[${k}][value]`] = Type.Optional(MetricValue);
  metricKeys[`filters[${k}][date_from]`] = Type.Optional(IsoDay);
  metricKeys[`filters[${k}][date_to]`] = Type.Optional(IsoDay);
}
export const AttendeesQuery = Type.Object({
  'filters[events]': Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,499})?$' })),
  /** The bracket-list form (`filters[events][]=3&filters[events][]=7`), read as the comma form is (issue 34). */
  'filters[events][]': Type.Optional(Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), { maxItems: 500 })),
  'filters[gender]': Type.Optional(OneOf(['female', 'male'] as const)),
  'filters[age_from]': Type.Optional(Age),
  'filters[age_to]': Type.Optional(Age),
  ...metricKeys,
});
export type AttendeesQuery = Record<string, string | number | string[] | undefined>;

export const AttendeesCount = Type.Object({ count: Type.Integer() });
export type AttendeesCount = Static<typeof AttendeesCount>;

/** POST api/events/send-notification (002 §7): content in both languages and the filter. */
export const SendNotificationBody = Type.Object({
  content: Type.Object({ en: Type.String({ maxLength: 5000 }), sv: Type.String({ maxLength: 5000 }) }),
  filters: Type.Optional(CrmFiltersSchema),
});
export type SendNotificationBody = Static<typeof SendNotificationBody>;

/** `campaign_id` names the send for GET api/crm/campaigns/{id}/delivery (how its messages are moving). */
export const SendNotificationResult = Type.Object({ message: Type.String(), recipients: Type.Integer(), campaign_id: Type.Integer() });
export type SendNotificationResult = Static<typeof SendNotificationResult>;
