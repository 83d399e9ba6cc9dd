import { SEAT_LEASE_MESSAGES as M, type LeaseSelection } from '../../src/contracts/seatLeases';
import type { Queryable } from '../db/database';
import { HttpError, throwIfInvalid } from '../httpErrors';
import { releaseExpiredHolds } from '../reservations/reserveTickets';
import type { ReservationRow } from '../reservations/reservationQueries';
import type { PlaceChange } from '../seat-state/seatVersions';

/**
 * Standing places in a seat lease (issue 35; 293_standing_leases.sql; docs/boxoffice.md "Standing places in a
 * lease"). A lease holds a number of places of a standing area; the count is taken under the area's event_sections row
 * lock, the lock the reserve counts under too (server/reservations/reserveTickets.ts reserveStanding), so the places
 * sold, held and leased never exceed the area's places. Callers take the season lock before and the lease lock after
 * (the reserve's order: season, areas, seats), and bump the seat-state version once at the end.
 */

type Ask = NonNullable<LeaseSelection['standing']>;

interface Area { id: number; name: string; general_admission: boolean; for_sale: boolean }

async function areasOf(tx: Queryable, eventId: number, names: string[]): Promise<Map<string, Area>> {
  const { rows } = await tx.query<Area>(
    `SELECT s.id::int, s.name, s.general_admission,
            (es.price_set_id IS NOT NULL AND NOT coalesce(es.hidden, false) AND coalesce(es.seats_count, 0) > 0) AS for_sale
       FROM events e JOIN map_sections s ON s.map_id = e.map_id
       LEFT JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id
      WHERE e.id = $1 AND s.name = ANY($2::text[])`, [eventId, names]);
  return new Map(rows.map((a) => [a.name, { ...a, id: Number(a.id) }]));
}

/** The asked areas, each once (counts of one area added up), refused whole if one is not a standing area for sale. */
async function askedAreas(tx: Queryable, eventId: number, ask: Ask): Promise<{ area: Area; count: number }[]> {
  const counts = new Map<string, number>();
  for (const a of ask) counts.set(a.section, (counts.get(a.section) ?? 0) + a.count);
  const areas = await areasOf(tx, eventId, [...counts.keys()]);
  for (const name of counts.keys()) {
    const area = areas.get(name);
    if (!area || !area.general_admission) throwIfInvalid({ standing: M.unknownStandingArea(name) });
    if (!area!.for_sale) throw new HttpError(422, 'not_reservable', M.standingNotForSale(name));
  }
  // A steady order of row locks: two leases of the same areas never wait for each other in a circle.
  return [...counts].map(([name, count]) => ({ area: areas.get(name)!, count })).sort((a, b) => a.area.id - b.area.id);
}

/**
 * Adds places of standing areas to a lease: expired holds give theirs up, then per area, under its row lock, the places
 * free for everyone (released, minus valid tickets, minus running leases' unsold places) must cover the ask.
 * Answers the areas changed (and places expired holds gave up).
 */
export async function addStandingPlaces(tx: Queryable, r: ReservationRow, leaseId: number, ask: Ask): Promise<PlaceChange[]> {
  const wanted = await askedAreas(tx, r.event_id, ask);
  // Expired holds in these areas give their places up first (as the reserve does).
  const freed = await releaseExpiredHolds(tx, wanted.map(({ area }) => ({ event_id: r.event_id, section_id: area.id, seat_id: null })));
  const changes: PlaceChange[] = freed.map((f) => ({ section_id: f.section_id, seat_id: f.seat_id }));
  for (const { area, count } of wanted) {
    // The row lock, then the count in its own statement (it sees what committed while this one waited).
    await tx.query('SELECT 1 FROM event_sections WHERE event_id = $1 AND section_id = $2 FOR UPDATE', [r.event_id, area.id]);
    // Every running lease's unsold places count, this one's too: a widen asks for more on top of them.
    const { rows } = await tx.query<{ free: number }>(
      `SELECT (es.seats_count
               - (SELECT count(*) FROM order_items i
                   WHERE i.event_id = $1 AND i.section_id = $2 AND i.seat_id IS NULL AND i.type = 'ticket' AND i.valid)
               - (SELECT coalesce(sum(a.places), 0) FROM active_standing_lease_places a WHERE a.event_id = $1 AND a.section_id = $2))::int AS free
         FROM event_sections es WHERE es.event_id = $1 AND es.section_id = $2`,
      [r.event_id, area.id]);
    const available = Number(rows[0]?.free ?? 0);
    if (available < count) throw new HttpError(409, 'not_enough_places', M.notEnoughPlaces(count, area.name, Math.max(available, 0)));
    await tx.query(
      `INSERT INTO seat_lease_standing (lease_id, event_id, section_id, order_id, places) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lease_id, section_id) DO UPDATE SET places = seat_lease_standing.places + EXCLUDED.places`,
      [leaseId, r.event_id, area.id, r.id, count]);
    changes.push({ section_id: area.id, seat_id: null });
  }
  return changes;
}

/** Hands back places of standing areas (never the sold ones): they are free for everyone at once. */
export async function removeStandingPlaces(tx: Queryable, r: ReservationRow, leaseId: number, ask: Ask): Promise<PlaceChange[]> {
  const wanted = await askedAreas(tx, r.event_id, ask);
  const changes: PlaceChange[] = [];
  for (const { area, count } of wanted) {
    const { rows } = await tx.query(
      `UPDATE seat_lease_standing SET places = greatest(sold, places - $3) WHERE lease_id = $1 AND section_id = $2 AND places > sold RETURNING 1`,
      [leaseId, area.id, count]);
    if (rows.length === 0) throw new HttpError(422, 'not_in_lease', M.notInLeaseStanding(area.name));
    changes.push({ section_id: area.id, seat_id: null });
  }
  return changes;
}

/** The areas where an ending lease returns unsold places (for the seat-state announcement). */
export async function standingAreasLeft(tx: Queryable, leaseId: number): Promise<PlaceChange[]> {
  const { rows } = await tx.query<{ section_id: number }>('SELECT section_id FROM seat_lease_standing WHERE lease_id = $1 AND places > sold', [leaseId]);
  return rows.map((x) => ({ section_id: Number(x.section_id), seat_id: null }));
}
