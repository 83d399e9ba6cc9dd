import type { FastifyRequest } from 'fastify';
import { addIsoDays, parseIsoDay } from '../../../src/domain/dates';
import type { Queryable } from '../../db/database';
import { notFound, throwIfInvalid } from '../../httpErrors';
import { scopedPromoterId, sessionUser } from '../../plugins/auth';
import { venueIsoToday } from '../../../src/domain/venueClock';

/** What every report is filtered by: a period of whole days and, optionally, one promoter and one event. */
export interface ReportScope {
  from: string;
  to: string;
  /** The day after `to`: SQL reads `moment >= from AND moment < until`, so the whole last day counts. */
  until: string;
  promoterId: number | null;
  eventId: number | null;
}

/**
 * A report's period of venue days: `to_date` defaults to the venue's today, `from_date` to `defaultFrom(to)`; 422 for a
 * day that is not YYYY-MM-DD or a period that ends before it begins.
 */
export function readReportPeriod(query: { from_date?: string; to_date?: string }, defaultFrom: (to: string) => string): { from: string; to: string } {
  const to = query.to_date ?? venueIsoToday(Date.now());
  const from = query.from_date ?? defaultFrom(to);
  throwIfInvalid({
    from_date: parseIsoDay(from) ? undefined : 'Enter a date as YYYY-MM-DD.',
    to_date: !parseIsoDay(to) ? 'Enter a date as YYYY-MM-DD.' : to < from ? 'The to date may not be before the from date.' : undefined,
  });
  return { from, to };
}

/**
 * Reads from_date, to_date, promoter_id and event_id. A promoter's promoter is forced to their own whatever they
 * pass; an event of another promoter (or none) answers 404 like a missing one, so no number of it ever leaves.
 * `defaultFrom` gives the start when from_date is absent (to_date defaults to today).
 */
export async function readReportScope(
  db: Queryable,
  request: FastifyRequest,
  query: { from_date?: string; to_date?: string; promoter_id?: number; event_id?: number },
  defaultFrom: (to: string) => string,
): Promise<ReportScope> {
  const user = sessionUser(request);
  const { from, to } = readReportPeriod(query, defaultFrom);
  const promoterId = scopedPromoterId(user, query.promoter_id ?? null);
  let eventId: number | null = null;
  if (query.event_id !== undefined) {
    const { rows } = await db.query<{ promoter_id: number }>('SELECT promoter_id FROM events WHERE id = $1', [query.event_id]);
    const owner = rows[0] ? Number(rows[0].promoter_id) : null;
    if (owner === null || (promoterId !== null && owner !== promoterId)) throw notFound('Event');
    eventId = query.event_id;
  }
  return { from, to, until: addIsoDays(to, 1), promoterId, eventId };
}

/** A month back from `to`: what a report shows before anyone picks a period. */
export const lastMonth = (to: string): string => addIsoDays(to, -30);
