import type { Queryable } from '../db/database';

/**
 * A season ticket holds its seat in every event of the season (001 §3 seat `seasonal_child`), so within a season's
 * family (the seasonal event and its included events, one map) a seat is taken once for all of them:
 * - in an included event, a seat the season holds is not for the back office to reserve (can_reserve_admin false)
 *   and a reserve of it is refused as taken;
 * - in the season, a seat taken in any included event is refused likewise, or the season ticket would not admit to
 *   that event.
 * The unique index on valid seats guards one event only, so reserves within a family are serialised by a
 * transaction-level advisory lock on the season (docs/reservations.md "Seasons"); events outside a season take none.
 */

/**
 * SQL: the ids of the events whose taken seats are taken in the event `eventId` (an SQL expression) too, by the rule of
 * `sharesSeats`: for an included event its season, for a season its included events; none outside a season. The
 * seat maps draw such seats taken (server/venues/eventSeatMap.ts, server/seat-state/seatStates.ts).
 */
export const seatSharingEvents = (eventId: string) => `SELECT rel.id FROM events e JOIN events rel ON rel.id = e.seasonal_event_id WHERE e.id = ${eventId}
  UNION ALL SELECT rel.id FROM events e JOIN events rel ON rel.seasonal_event_id = e.id WHERE e.id = ${eventId} AND e.entity_type = 'seasonal'`;

/** The advisory lock's first key: the family's lock, apart from other advisory locks of the server. */
const SEASON_SEATS_LOCK = 0x5ea5;

/** An event's place in a season family: the season's id, and whether the event is the season itself. */
export interface SeasonMember { season: number; isSeason: boolean }

/**
 * Takes the season-family lock of each given event that is in one (in a steady order: no deadlock between two) and
 * answers those events' families; events outside a season are not in the answer.
 */
export async function lockSeasonFamilies(tx: Queryable, eventIds: number[]): Promise<Map<number, SeasonMember>> {
  const members = new Map<number, SeasonMember>();
  if (eventIds.length === 0) return members;
  const { rows } = await tx.query<{ id: number; season: number; is_season: boolean }>(
    `SELECT id::int, CASE WHEN entity_type = 'seasonal' THEN id ELSE seasonal_event_id END::int AS season, entity_type = 'seasonal' AS is_season
       FROM events WHERE id = ANY($1::bigint[]) AND (entity_type = 'seasonal' OR seasonal_event_id IS NOT NULL)`,
    [eventIds],
  );
  for (const r of rows) members.set(Number(r.id), { season: Number(r.season), isSeason: r.is_season });
  for (const season of [...new Set(rows.map((r) => Number(r.season)))].sort((a, b) => a - b)) {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [SEASON_SEATS_LOCK, season]);
  }
  return members;
}

/** Whether a seat taken in one event is taken in the other too: the season and one of its included events. */
export function sharesSeats(a: SeasonMember | undefined, b: SeasonMember | undefined): boolean {
  return a !== undefined && b !== undefined && a.season === b.season && a.isSeason !== b.isSeason;
}

/** Which of the wanted seats (k: the caller's index) are taken elsewhere in their event's season family. */
export async function seatsHeldInSeasonFamily(
  tx: Queryable, wanted: { k: number; event_id: number; seat_id: number }[],
): Promise<{ k: number; seat_id: number }[]> {
  if (wanted.length === 0) return [];
  const { rows } = await tx.query<{ k: number; seat_id: number }>(
    `SELECT DISTINCT w.k, w.seat_id::int AS seat_id
       FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS w(k, event_id, seat_id)
       JOIN events e ON e.id = w.event_id AND (e.entity_type = 'seasonal' OR e.seasonal_event_id IS NOT NULL)
       JOIN events rel ON rel.id = e.seasonal_event_id OR (e.entity_type = 'seasonal' AND rel.seasonal_event_id = e.id)
       JOIN event_taken_seats t ON t.event_id = rel.id AND t.seat_id = w.seat_id`,
    [wanted.map((w) => w.k), wanted.map((w) => w.event_id), wanted.map((w) => w.seat_id)],
  );
  return rows.map((r) => ({ k: Number(r.k), seat_id: Number(r.seat_id) }));
}

/** The seats of one section taken elsewhere in the event's season family (the section detail's `can_reserve_admin`). */
export async function sectionSeatsHeldInSeasonFamily(
  db: Queryable, eventId: number, sectionId: number,
): Promise<{ bySeason: Set<number>; byIncludedEvent: Set<number> }> {
  const { rows } = await db.query<{ seat_id: number; by_season: boolean }>(
    `SELECT DISTINCT t.seat_id::int AS seat_id, rel.entity_type = 'seasonal' AS by_season
       FROM events e
       JOIN events rel ON rel.id = e.seasonal_event_id OR (e.entity_type = 'seasonal' AND rel.seasonal_event_id = e.id)
       JOIN event_taken_seats t ON t.event_id = rel.id
       JOIN map_seats ms ON ms.id = t.seat_id AND ms.section_id = $2
      WHERE e.id = $1`,
    [eventId, sectionId],
  );
  const bySeason = new Set<number>();
  const byIncludedEvent = new Set<number>();
  for (const r of rows) (r.by_season ? bySeason : byIncludedEvent).add(Number(r.seat_id));
  return { bySeason, byIncludedEvent };
}
