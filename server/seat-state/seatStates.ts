import type { SeatStates } from '../../src/contracts/reservations';
import type { Queryable } from '../db/database';
import { seatSharingEvents } from '../reservations/seasonSeats';

/** More changes than this since the asked version: the map reloads its state instead (one sections call). */
const MAX_CHANGES = 5000;

/** The event's seat-state version now (0 before its first change), and that of its last pricing or hiding change. */
export async function seatVersionsNow(db: Queryable, eventId: number): Promise<{ version: number; layoutVersion: number }> {
  const v = await db.query<{ version: number; layout_version: number }>('SELECT version, layout_version FROM event_seat_versions WHERE event_id = $1', [eventId]);
  return { version: Number(v.rows[0]?.version ?? 0), layoutVersion: Number(v.rows[0]?.layout_version ?? 0) };
}

/**
 * GET api/events/{id}/seat-states?since={version}: the seats (by seat index) and standing sections whose state changed
 * after `since`, each with its state now (taken 1/0 for a seat, places taken for a standing section). Without
 * `since` it answers the current version only. `reload` when the delta is too long, the version is unknown, or
 * prices or hidden seats changed after `since` (bumpLayoutVersion). A seat in a running lease carries `leased`, also
 * when the lease is another event's of its season family (the season, or an included event: the seat is that
 * counter's here too); a seat taken because its season family holds it (server/reservations/seasonSeats.ts) is taken,
 * with `season`.
 */
export async function seatStatesSince(db: Queryable, eventId: number, since: number | undefined): Promise<SeatStates> {
  const { version, layoutVersion } = await seatVersionsNow(db, eventId);
  if (since === undefined || since === version) return { version, changed: [], reload: false };
  // Newer than known, or older than the last pricing/hiding change: the map reloads its sections.
  if (since > version || since < layoutVersion) return { version, changed: [], reload: true };
  const { rows } = await db.query<{ section_id: number; seat_index: number | null; taken: number; season: boolean; lease_id: number | null; order_id: number | null; counter: string | null; ends_at: Date | string | null }>(
    `WITH c AS (SELECT DISTINCT x.section_id, x.seat_id FROM seat_state_changes s, unnest(s.section_ids, s.seat_ids) AS x(section_id, seat_id)
                WHERE s.event_id = $1 AND s.version > $2 AND s.version <= $3),
          family AS (${seatSharingEvents('$1')})
     SELECT c.section_id, ms.seat_index,
            CASE WHEN c.seat_id IS NOT NULL
                 THEN (EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id = $1 AND t.seat_id = c.seat_id))::int
                 ELSE (SELECT count(*) FROM event_place_items p WHERE p.event_id = $1 AND p.section_id = c.section_id
                          AND p.seat_id IS NULL)::int END AS taken,
            -- Taken in the season's family: held by the season's ticket, or (for the season) taken in an included event.
            c.seat_id IS NOT NULL AND EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id IN (SELECT id FROM family) AND t.seat_id = c.seat_id) AS season,
            a.lease_id, a.order_id, lo.title AS counter, a.ends_at
       FROM c LEFT JOIN map_seats ms ON ms.id = c.seat_id
       -- The seat's running lease: this event's, else one of an event sharing its seats (the reserve refuses it here too).
       LEFT JOIN LATERAL (
         SELECT a.lease_id, a.order_id, a.ends_at FROM active_seat_lease_places a
          WHERE a.seat_id = c.seat_id AND (a.event_id = $1 OR a.event_id IN (SELECT id FROM family))
          ORDER BY a.event_id = $1 DESC, a.ends_at LIMIT 1) a ON c.seat_id IS NOT NULL
       LEFT JOIN orders lo ON lo.id = a.order_id
      ORDER BY c.section_id, ms.seat_index NULLS FIRST
      LIMIT ${MAX_CHANGES + 1}`,
    [eventId, since, version],
  );
  if (rows.length > MAX_CHANGES) return { version, changed: [], reload: true };
  return { version, changed: rows.map((r) => ({
    section_id: Number(r.section_id), seat_index: r.seat_index,
    // A seat the season's family holds is taken here too (server/reservations/seasonSeats.ts), and says why.
    taken: Number(r.taken) > 0 || !r.season ? Number(r.taken) : 1,
    ...(r.season && Number(r.taken) === 0 ? { season: true } : {}),
    // A seat in a running lease says whose (issue 35): the counter's own map draws it "yours", others "leased to …".
    ...(r.lease_id === null ? {} : { leased: { lease_id: Number(r.lease_id), reservation_id: Number(r.order_id), counter: r.counter ?? '', ends_at: new Date(r.ends_at!).toISOString() } }),
  })), reload: false };
}
