import type { EventList, EventListQuery } from '../../../src/contracts/events';
import { isoDay, parseIsoDay, timeFilterRange } from '../../../src/domain/dates';
import { venueToday } from '../../../src/domain/venueClock';
import type { Queryable } from '../../db/database';
import { throwIfInvalid } from '../../httpErrors';
import { scopedPromoterId, type SessionUser } from '../../plugins/auth';
import { SUMMARY_COLUMNS, SUMMARY_FROM, nowText, toSummary } from './eventQueries';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET api/events: filters of the events list (000 §2) and of the seasonal screens. A promoter only ever sees
 * their own events, whatever promoter_id says. Upcoming events come first (soonest first), passed ones after.
 */
export async function listEvents(db: Queryable, user: SessionUser, q: EventListQuery, today = venueToday(Date.now())): Promise<EventList> {
  // $1 (now) is referenced in every statement: PostgreSQL refuses a parameter whose type it cannot infer.
  const where: string[] = ['$1::timestamp IS NOT NULL'];
  const params: unknown[] = [nowText()];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const promoter = scopedPromoterId(user, q.promoter_id ?? q.promoter ?? null);
  if (promoter !== null) where.push(`e.promoter_id = ${add(promoter)}`);
  // "user": the events of that account's promoter (an account without one, or unknown, has none).
  if (q.user !== undefined) where.push(`e.promoter_id = (SELECT u.promoter_id FROM users u WHERE u.id = ${add(q.user)})`);
  const search = q.search?.trim();
  let rank = '';
  if (search) {
    const like = add(`%${escapeLike(search)}%`);
    if (q.search_type === 'exact') {
      where.push(`EXISTS (SELECT 1 FROM event_translations st WHERE st.event_id = e.id AND (st.name ILIKE ${like} OR st.performer_name ILIKE ${like}))`);
    } else {
      // 000 §9 fuzzy (the default): the typed text, or text like it (trigram similarity of the whole name, or of the
      // words typed within a longer name), in either language; best match first. The trigram indexes serve %, <%, ILIKE.
      const text = add(search);
      where.push(`EXISTS (SELECT 1 FROM event_translations st WHERE st.event_id = e.id AND (
        st.name ILIKE ${like} OR st.performer_name ILIKE ${like} OR st.name % ${text} OR ${text} <% st.name
        OR st.performer_name % ${text} OR ${text} <% st.performer_name))`);
      rank = `(SELECT max(greatest(similarity(st.name, ${text}), word_similarity(${text}, st.name),
                 similarity(st.performer_name, ${text}), word_similarity(${text}, st.performer_name),
                 CASE WHEN st.name ILIKE ${like} OR st.performer_name ILIKE ${like} THEN 1 ELSE 0 END))
                FROM event_translations st WHERE st.event_id = e.id) DESC,`;
    }
  }
  switch (q.status ?? 'all') {
    case 'active':
      where.push(`e.status = 'active' AND e.end_date >= $1::timestamp`);
      break;
    case 'passed':
      where.push('e.end_date < $1::timestamp');
      break;
    case 'draft':
      where.push(`e.status = 'draft'`);
      break;
  }
  const range = q.date_term && q.date_term !== 'any' ? timeFilterRange(q.date_term, today) : null;
  if (range) where.push(`e.start_date >= ${add(isoDay(range.from))}::date AND e.start_date < ${add(isoDay(range.until))}::date`);
  // The pattern lets 2026-13-45 through: a day that does not exist is refused, never silently ignored.
  if (q.start_date && !parseIsoDay(q.start_date)) throwIfInvalid({ start_date: 'Enter a date as YYYY-MM-DD' });
  if (q.start_date) {
    where.push(`e.start_date >= ${add(q.start_date)}::date AND e.start_date < ${add(q.start_date)}::date + 1`);
  }
  if (q.entity_type) where.push(`e.entity_type = ${add(q.entity_type)}`);
  if (q.seasonal_event_id) where.push(`e.seasonal_event_id = ${add(q.seasonal_event_id)}`);
  if (q.in_season === 0) where.push('e.seasonal_event_id IS NULL');
  if (q.in_season === 1) where.push('e.seasonal_event_id IS NOT NULL');
  // sg=1 (season grouped): an event of a season shows through its season, not on its own.
  if (q.sg === 1) where.push('e.seasonal_event_id IS NULL');

  const whereSql = `WHERE ${where.join(' AND ')}`;
  const perPage = q.per_page ?? 30;
  const page = q.page ?? 1;
  const { rows: countRows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e ${whereSql}`, params);
  const limit = add(perPage);
  const offset = add((page - 1) * perPage);
  const { rows } = await db.query(
    `SELECT ${SUMMARY_COLUMNS.replace('$NOW', '$1')} ${SUMMARY_FROM} ${whereSql}
      ORDER BY ${rank} (e.end_date < $1::timestamp),
               CASE WHEN e.end_date < $1::timestamp THEN NULL ELSE e.start_date END ASC,
               e.start_date DESC, e.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { collection: rows.map(toSummary), count: countRows[0].n };
}
