/**
 * CRM segment filter (002 §3 "CRM filter", §5, §9): events, gender, age from/to and, per metric, an operator, a value
 * and a period. One shape for the console, the server and the bench; `GET api/attendees` carries it as flat
 * `filters[...]` query keys (API-NOTES.md), `POST api/events/send-notification` as a JSON object.
 */

export const CRM_METRICS = [
  { key: 'adult_tickets', label: 'Adult tickets count', money: false, defaultValue: 1 },
  { key: 'ticket_spend', label: 'Ticket spend', money: true, defaultValue: 0 },
  { key: 'merchandise_spend', label: 'Merchandise spend', money: true, defaultValue: 0 },
  { key: 'discount_usage', label: 'Discount usage count', money: false, defaultValue: 1 },
] as const;
export type CrmMetricKey = (typeof CRM_METRICS)[number]['key'];
export const CRM_METRIC_KEYS: readonly CrmMetricKey[] = CRM_METRICS.map((m) => m.key);

export const CRM_OPERATORS = [
  { value: 'more', label: 'More than' },
  { value: 'less', label: 'Less than' },
  { value: 'equal', label: 'Equal' },
] as const;
export type CrmOperator = (typeof CRM_OPERATORS)[number]['value'];

export const CRM_PERIODS = [
  { value: 'none', label: 'No time' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type CrmPeriod = (typeof CRM_PERIODS)[number]['value'];

export const CRM_GENDERS = [
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
] as const;
export type CrmGender = (typeof CRM_GENDERS)[number]['value'];

/** One metric's condition: value in SEK for spends, a count otherwise; dates YYYY-MM-DD, both inclusive. */
export interface CrmMetricFilter {
  operator: CrmOperator;
  value: number;
  date_from?: string;
  date_to?: string;
}

export interface CrmFilters {
  events?: number[];
  gender?: CrmGender;
  age_from?: number;
  age_to?: number;
  metrics?: Partial<Record<CrmMetricKey, CrmMetricFilter>>;
}

/** What the filter was counted with: Send Messages and Download act on exactly this segment. */
export interface CountedSegment {
  filters: CrmFilters;
  count: number;
}

export const CRM_MESSAGES = {
  sent: 'Successfully sent!',
  sendFailed: 'Error sending message. Try again later.',
  noPermission: 'You do not have permissions to access this content. Contact your administrator for more information',
  downloadFailed: 'Something went wrong. Please try again later or contact support',
  required: 'Required',
  dateOrder: 'The to date may not be before the from date.',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The dates a period stands for, `today` being YYYY-MM-DD: this month and this year run to their last day. */
export function crmPeriodDates(period: CrmPeriod, today: string, custom?: { from?: string; to?: string }): { date_from?: string; date_to?: string } {
  const [y, m] = today.split('-').map(Number);
  switch (period) {
    case 'month': {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return { date_from: day(y, m, 1), date_to: day(y, m, last) };
    }
    case 'year':
      return { date_from: day(y, 1, 1), date_to: day(y, 12, 31) };
    case 'custom':
      return { date_from: custom?.from || undefined, date_to: custom?.to || undefined };
    default:
      return {};
  }
}

/** §5: the to date may not be before the from date. */
export function crmDateRangeError(from?: string, to?: string): string | undefined {
  return from && to && to < from ? CRM_MESSAGES.dateOrder : undefined;
}

/** Age from/to: both optional; from may not exceed to. */
export function crmAgeRangeError(from?: number, to?: number): string | undefined {
  return from !== undefined && to !== undefined && to < from ? 'Age to may not be below age from.' : undefined;
}

/** The filter as the flat query keys of `GET api/attendees` (events comma-separated). */
export function crmFiltersToQuery(filters: CrmFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (filters.events?.length) q['filters[events]'] = filters.events.join(',');
  if (filters.gender) q['filters[gender]'] = filters.gender;
  if (filters.age_from !== undefined) q['filters[age_from]'] = String(filters.age_from);
  if (filters.age_to !== undefined) q['filters[age_to]'] = String(filters.age_to);
  for (const key of CRM_METRIC_KEYS) {
    const m = filters.metrics?.[key];
    if (!m) continue;
    q[`filters[${key}][operator]`] = m.operator;
    q[`filters[${key}][value]`] = String(m.value);
    if (m.date_from) q[`filters[${key}][date_from]`] = m.date_from;
    if (m.date_to) q[`filters[${key}][date_to]`] = m.date_to;
  }
  return q;
}

/** The flat query keys back as a filter (the server's schema has checked each key's shape already). */
export function crmFiltersFromQuery(q: Record<string, string | number | string[] | undefined>): CrmFilters {
  const filters: CrmFilters = {};
  const events = q['filters[events]'];
  const listed = q['filters[events][]'];
  const ids = [
    ...(events !== undefined && String(events) !== '' ? String(events).split(',') : []),
    ...(listed === undefined ? [] : [listed].flat().map(String)),
  ].map(Number);
  if (ids.length) filters.events = [...new Set(ids)];
  if (q['filters[gender]'] !== undefined) filters.gender = q['filters[gender]'] as CrmGender;
  if (q['filters[age_from]'] !== undefined) filters.age_from = Number(q['filters[age_from]']);
  if (q['filters[age_to]'] !== undefined) filters.age_to = Number(q['filters[age_to]']);
  for (const key of CRM_METRIC_KEYS) {
    const operator = q[`filters[${key}][operator]`];
    const value = q[`filters[${key}][value]`];
    if (operator === undefined && value === undefined) continue;
    const m: CrmMetricFilter = { operator: (operator ?? 'more') as CrmOperator, value: Number(value ?? 0) };
    const from = q[`filters[${key}][date_from]`];
    const to = q[`filters[${key}][date_to]`];
    if (from !== undefined) m.date_from = String(from);
    if (to !== undefined) m.date_to = String(to);
    (filters.metrics ??= {})[key] = m;
  }
  return filters;
}
