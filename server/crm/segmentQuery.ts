/**
 * The one SQL builder of a CRM segment (002 §2 CRM, §9). The count (GET api/attendees), the recipients of a send
 * (POST api/events/send-notification) and the CSV (UserExport.csv) all select from `segmentSql`, so the three can
 * never disagree.
 *
 * Who is in a segment (docs/crm.md): the attendees who bought (a paid ticket or merchandise item) at the scope's
 * events, a promoter's scope being their own events only, an admin's every promoter's; narrowed by the chosen
 * events, gender and age, then by each metric, summed over the chosen events within the metric's period (nothing
 * bought there counts as 0), compared with the operator; blacklisted people are left out.
 * The sums come from crm_customer_days, or crm_customer_months for whole months of all events (migration 095),
 * grouped by customer in SQL.
 */
import type { CrmFilters, CrmMetricFilter, CrmMetricKey } from '../../src/domain/crmFilter';
import { CRM_METRIC_KEYS, CRM_METRICS } from '../../src/domain/crmFilter';
import type { Queryable } from '../db/database';

export interface SegmentScope {
  /** NULL: an admin's segment over every promoter. */
  promoterId: number | null;
}

export interface SegmentSql {
  /** Selects `customer_id` (and nothing else) of every person in the segment. */
  sql: string;
  params: unknown[];
}

const COLUMN: Record<CrmMetricKey, string> = {
  adult_tickets: 'adult_tickets',
  ticket_spend: 'ticket_ore',
  merchandise_spend: 'merchandise_ore',
  discount_usage: 'discount_uses',
};
const OPERATOR = { more: '>', less: '<', equal: '=' } as const;

/** A metric absent, without a period, or over whole months: from the 1st of a month to the last day of one. */
function wholeMonths(m: CrmMetricFilter | undefined): boolean {
  if (!m) return true;
  const firstOfMonth = (d?: string) => d === undefined || d.endsWith('-01');
  const lastOfMonth = (d?: string) => {
    if (d === undefined) return true;
    const [y, mo, day] = d.split('-').map(Number);
    return day === new Date(Date.UTC(y, mo, 0)).getUTCDate();
  };
  return firstOfMonth(m.date_from) && lastOfMonth(m.date_to);
}

/** Blacklist hook (see below): the exclusion clause on `u` for the scope, or '' while no blacklist table exists. */
export type BlacklistClause = (userAlias: string, promoterParam: string | null) => string;

/**
 * Builds the segment's SQL. `keyset` pages it by customer id (the CSV): `after` and `limit` become parameters and
 * the rows come in customer order, each page reading only its own customers' sums.
 */
export function segmentSql(
  scope: SegmentScope,
  filters: CrmFilters,
  blacklist: BlacklistClause,
  keyset?: { after: number; limit: number },
): SegmentSql {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Whole months and all events: the month sums answer the same, from about four times fewer rows.
  const monthly = !filters.events?.length && CRM_METRIC_KEYS.every((k) => wholeMonths(filters.metrics?.[k]));
  const table = monthly ? 'crm_customer_months' : 'crm_customer_days';
  const moment = monthly ? 'd.month' : 'd.day';
  const where: string[] = [];
  const promoterParam = scope.promoterId === null ? null : p(scope.promoterId);
  if (promoterParam) where.push(`d.promoter_id = ${promoterParam}`);
  if (filters.events?.length) where.push(`d.event_id = ANY(${p(filters.events)}::bigint[])`);
  if (keyset) where.push(`d.customer_id > ${p(keyset.after)}`);

  const having: string[] = [];
  for (const key of CRM_METRIC_KEYS) {
    const m = filters.metrics?.[key];
    if (!m) continue;
    const money = CRM_METRICS.find((x) => x.key === key)!.money;
    const range: string[] = [];
    if (m.date_from) range.push(`${moment} >= ${p(m.date_from)}::date`);
    if (m.date_to) range.push(`${moment} <= ${p(m.date_to)}::date`);
    const sum = `sum(d.${COLUMN[key]})${range.length ? ` FILTER (WHERE ${range.join(' AND ')})` : ''}`;
    const value = money ? Math.round(m.value * 100) : Math.round(m.value);
    having.push(`coalesce(${sum}, 0) ${OPERATOR[m.operator]} ${p(value)}`);
  }

  const people: string[] = [`u.type = 'attendee'`, `u.status <> 'deleted'`, '(u.email IS NOT NULL OR u.phone IS NOT NULL)'];
  if (filters.gender) people.push(`u.gender = ${p(filters.gender)}`);
  // Age in whole years today: age_from ≤ age ≤ age_to.
  if (filters.age_from !== undefined) people.push(`u.birth_date <= current_date - make_interval(years => ${p(filters.age_from)}::int)`);
  if (filters.age_to !== undefined) people.push(`u.birth_date > current_date - make_interval(years => ${p(filters.age_to)}::int + 1)`);
  const excluded = blacklist('u', promoterParam);
  if (excluded) people.push(excluded);

  const sums = `SELECT d.customer_id FROM ${table} d
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    GROUP BY d.customer_id
    ${having.length ? `HAVING ${having.join(' AND ')}` : ''}`;
  const order = keyset ? ` ORDER BY s.customer_id LIMIT ${p(keyset.limit)}` : '';
  const sql = `SELECT s.customer_id FROM (${sums}) s JOIN users u ON u.id = s.customer_id WHERE ${people.join(' AND ')}${order}`;
  return { sql, params };
}

/**
 * Blacklisted people are left out: an entry of the segment's promoter (an admin's segment: of any promoter) that
 * has not expired — it counts through its expiry day, Stockholm time, as server/people/blacklist.ts reads it.
 */
export async function blacklistExclusion(_db: Queryable): Promise<BlacklistClause> {
  return (u, promoterParam) =>
    `NOT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.user_id = ${u}.id${promoterParam ? ` AND b.promoter_id = ${promoterParam}` : ''}
       AND b.expire_date >= (now() AT TIME ZONE 'Europe/Stockholm')::date)`;
}

/** How many people the segment holds. */
export async function segmentCount(db: Queryable, scope: SegmentScope, filters: CrmFilters): Promise<number> {
  const { sql, params } = segmentSql(scope, filters, await blacklistExclusion(db));
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) seg`, params);
  return rows[0].n;
}

export interface SegmentPerson {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
}

/** One page of the segment's people in id order, after `after` (the CSV stream). */
export async function segmentPage(db: Queryable, scope: SegmentScope, filters: CrmFilters, after: number, limit: number): Promise<SegmentPerson[]> {
  const { sql, params } = segmentSql(scope, filters, await blacklistExclusion(db), { after, limit });
  const { rows } = await db.query<SegmentPerson>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.country
       FROM (${sql}) seg JOIN users u ON u.id = seg.customer_id ORDER BY u.id`,
    params,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
