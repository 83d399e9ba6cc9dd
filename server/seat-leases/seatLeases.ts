import { SEAT_LEASE_MESSAGES as M, type LeaseSelection, type SeatLease } from '../../src/contracts/seatLeases';
import type { SeatLabel } from '../../src/contracts/reservations';
import { bestAvailable, type BestRow } from '../../src/domain/bestAvailable';
import { formatSek } from '../../src/domain/money';
import { writeAudit } from '../audit/auditLog';
import { assertBoxOfficeValid } from '../boxoffice/boxOfficeSale';
import type { Queryable } from '../db/database';
import { HttpError, throwIfInvalid } from '../httpErrors';
import { releaseExpiredHolds, SeatsError } from '../reservations/reserveTickets';
import type { ReservationRow } from '../reservations/reservationQueries';
import { bumpSeatVersion, type PlaceChange } from '../seat-state/seatVersions';
import { lockSeasonFamilies, seatsHeldInSeasonFamily, seatSharingEvents, type SeasonMember } from '../reservations/seasonSeats';
import { LEASE_LOCK_CLASS, seatsLeasedInSeasonFamily } from './leaseGuard';
import { addStandingPlaces, removeStandingPlaces, standingAreasLeft } from './standingLeases';

/**
 * Seat leases (issue 35; docs/boxoffice.md "Seat leases"; the guard in 220_seat_leases.sql). A lease write takes the
 * event's lease lock exclusively, then reads the seats (what is sold, held or leased now, committed), then writes its
 * places: a ticket write that started first has committed by then (it holds the lock shared until commit), and one
 * that starts later sees the lease (its trigger waits for this lock). Every change bumps the seat-state version.
 */

/** A seat of the event's map as a lease sees it now. */
interface MapSeat {
  seat_id: number; section_id: number; section: string; row: string; seat: string; seat_index: number; accessible: boolean;
  general_admission: boolean; hidden: boolean; price_ore: number | null; taken: boolean;
  lease_id: number | null; leased_to: number | null; counter: string | null; until: string | null;
}

const SEATS = `
  WITH prices AS (
    SELECT DISTINCT ON (i.price_set_id) i.price_set_id, i.price_ore
      FROM price_set_items i JOIN price_sets ps ON ps.id = i.price_set_id JOIN ticket_types tt ON tt.id = i.ticket_type_id
     WHERE ps.event_id = $1 ORDER BY i.price_set_id, tt.is_default DESC, tt.position, tt.id),
  taken AS (SELECT seat_id FROM event_taken_seats WHERE event_id = $1)
  SELECT ms.id AS seat_id, s.id AS section_id, s.name AS section, ms.row_label AS row, ms.seat_label AS seat, ms.seat_index,
         ms.accessible, s.general_admission, place_hidden(ev.hidden, es.hidden) AS hidden, p.price_ore,
         (t.seat_id IS NOT NULL) AS taken, a.lease_id, a.order_id AS leased_to, lo.title AS counter,
         to_char(a.ends_at AT TIME ZONE 'Europe/Stockholm', 'HH24:MI') AS until
    FROM events e JOIN map_sections s ON s.map_id = e.map_id JOIN map_seats ms ON ms.section_id = s.id
    LEFT JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id
    LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
    LEFT JOIN prices p ON p.price_set_id = effective_price_set(ev.price_overridden, ev.price_set_id, es.price_set_id)
    LEFT JOIN taken t ON t.seat_id = ms.id
    LEFT JOIN active_seat_lease_places a ON a.event_id = e.id AND a.seat_id = ms.id
    LEFT JOIN orders lo ON lo.id = a.order_id
   WHERE e.id = $1
     AND (s.name = ANY($2::text[])
          OR (s.name, ms.row_label, ms.seat_label) IN (SELECT * FROM unnest($3::text[], $4::text[], $5::text[]))
          OR p.price_ore = ANY($6::int[]))
   ORDER BY ms.seat_index`;

async function readSeats(tx: Queryable, eventId: number, sel: LeaseSelection): Promise<MapSeat[]> {
  const sections = new Set<string>([...(sel.sections ?? []), ...(sel.rows ?? []).map((r) => r.section), ...(sel.best ?? []).flatMap((b) => (b.section ? [b.section] : []))]);
  const seats = sel.seats ?? [];
  const prices = (sel.best ?? []).filter((b) => !b.section && b.price_ore !== undefined).map((b) => b.price_ore!);
  const { rows } = await tx.query<MapSeat>(SEATS, [eventId, [...sections], seats.map((s) => s.section), seats.map((s) => s.row), seats.map((s) => s.seat), prices]);
  return rows.map((r) => ({
    ...r, seat_id: Number(r.seat_id), section_id: Number(r.section_id), price_ore: r.price_ore === null ? null : Number(r.price_ore),
    lease_id: r.lease_id === null ? null : Number(r.lease_id), leased_to: r.leased_to === null ? null : Number(r.leased_to),
  }));
}

/** Free for a lease of `orderId`: a priced, visible seat nobody holds, sells or leases (the counter's own lease aside). */
const leasable = (s: MapSeat, orderId: number) => !s.general_admission && !s.hidden && s.price_ore !== null && !s.taken && (s.leased_to === null || s.leased_to === orderId);
const label = (s: MapSeat): SeatLabel => ({ section: s.section, row: s.row, seat: s.seat });

/** A section's seats as rows, front first (the venue's row order: the order of their first seat). */
function rowsOf(seats: MapSeat[], section: string): MapSeat[][] {
  const rows = new Map<string, MapSeat[]>();
  for (const s of seats) if (s.section === section) rows.set(s.row, [...(rows.get(s.row) ?? []), s]);
  return [...rows.values()];
}

/**
 * The seats an ask names. Seats named one by one must all be leasable (else the ask is refused, naming them); rows,
 * sections and best available take the leasable seats among theirs (a section always has sold seats). Function-varied
 * (accessible) seats are leased only when named: the counter does not sell them from a block.
 */
function pick(all: MapSeat[], sel: LeaseSelection, orderId: number, { forShrink = false } = {}): MapSeat[] {
  const out = new Map<number, MapSeat>();
  const bulk = (s: MapSeat) => forShrink || (leasable(s, orderId) && !s.accessible);
  const bySection = new Set(all.map((s) => s.section));
  for (const name of [...(sel.sections ?? []), ...(sel.rows ?? []).map((r) => r.section), ...(sel.best ?? []).flatMap((b) => (b.section ? [b.section] : []))]) {
    if (!bySection.has(name) || all.find((s) => s.section === name)?.general_admission) throwIfInvalid({ section: M.unknownSection(name) });
  }
  for (const name of sel.sections ?? []) for (const s of all) if (s.section === name && bulk(s)) out.set(s.seat_id, s);
  for (const r of sel.rows ?? []) {
    const rows = rowsOf(all, r.section);
    const at = (row: string) => {
      const i = rows.findIndex((x) => x[0]!.row === row);
      if (i < 0) throwIfInvalid({ rows: M.unknownRow(r.section, row) });
      return i;
    };
    const [a, b] = [at(r.from), at(r.to)].sort((x, y) => x - y);
    for (const row of rows.slice(a, b + 1)) for (const s of row) if (bulk(s)) out.set(s.seat_id, s);
  }
  if (sel.seats?.length) {
    const key = (x: { section: string; row: string; seat: string }) => `${x.section}|${x.row}|${x.seat}`;
    const found = new Map(all.map((s) => [key(s), s]));
    const missing = sel.seats.filter((x) => !found.has(key(x)));
    if (missing.length) throw new SeatsError(422, 'not_reservable', M.notReservable, missing.map((x) => ({ ...x })));
    for (const x of sel.seats) out.set(found.get(key(x))!.seat_id, found.get(key(x))!);
  }
  for (const b of sel.best ?? []) {
    const sections = b.section ? [b.section] : [...new Set(all.filter((s) => s.price_ore === b.price_ore).map((s) => s.section))];
    let ids: number[] | null = null;
    for (const name of sections) {
      // The counter's best-available rule (src/domain/bestAvailable.ts), on the seats free for this lease now.
      const rows: BestRow[] = rowsOf(all, name).map((row) => row.map((s) => ({
        id: s.seat_id, free: leasable(s, orderId) && !s.accessible && s.leased_to === null && !out.has(s.seat_id) && (b.price_ore === undefined || s.price_ore === b.price_ore),
      })));
      ids = bestAvailable(rows, b.count);
      if (ids) break;
    }
    if (!ids) throw new HttpError(409, 'not_enough_seats', M.notEnough(b.count, b.section ? `in ${b.section}` : `at ${formatSek(b.price_ore ?? 0)}`));
    const byId = new Map(all.map((s) => [s.seat_id, s]));
    for (const id of ids) out.set(id, byId.get(id)!);
  }
  return [...out.values()];
}

/** Refuses seats that are sold, held, hidden, unpriced or another counter's. */
function assertLeasable(seats: MapSeat[], orderId: number) {
  const notReservable = seats.filter((s) => s.general_admission || s.hidden || s.price_ore === null);
  if (notReservable.length) throw new SeatsError(422, 'not_reservable', M.notReservable, notReservable.map(label));
  const taken = seats.filter((s) => s.taken);
  if (taken.length) throw new SeatsError(409, 'seat_taken', M.seatTaken, taken.map(label));
  const leased = seats.filter((s) => s.leased_to !== null && s.leased_to !== orderId);
  if (leased.length) throw new SeatsError(409, 'seat_leased', M.seatLeased(leased[0]!.counter ?? '', leased[0]!.until ?? ''), leased.map(label));
}

const lockEvent = (tx: Queryable, eventId: number) => tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [LEASE_LOCK_CLASS, eventId]);
const changes = (seats: { section_id: number; seat_id: number }[]): PlaceChange[] => seats.map((s) => ({ section_id: Number(s.section_id), seat_id: Number(s.seat_id) }));

/**
 * Adds seats to a lease (the caller holds the season lock): the lease lock, the read (a seat taken elsewhere in the
 * event's season family is taken here too, as for the reserve: server/reservations/seasonSeats.ts), expired holds give
 * their seats up, ended leases' places go, the insert. Answers the places changed.
 */
async function addPlaces(tx: Queryable, r: ReservationRow, leaseId: number, sel: LeaseSelection, member: SeasonMember | undefined): Promise<{ changes: PlaceChange[]; count: number }> {
  await lockEvent(tx, r.event_id);
  const all = await readSeats(tx, r.event_id, sel);
  if (member?.isSeason) {
    // The season's tickets hold their seats in its included events too: a seat hidden or unpriced in one is not for
    // the season's counter to sell (seats_not_for_sale, 299_seat_for_sale_once.sql; the reserve refuses it).
    const open = all.filter((s) => !s.general_admission && !s.hidden && s.price_ore !== null);
    const { rows } = await tx.query<{ seat_id: number }>('SELECT seat_id FROM seats_not_for_sale($1::bigint, $2::bigint[])',
      [r.event_id, open.map((s) => s.seat_id)]);
    const closed = new Set(rows.map((x) => Number(x.seat_id)));
    for (const s of all) if (closed.has(s.seat_id)) s.hidden = true;
  }
  if (member) {
    const wanted = all.filter((s) => !s.taken).map((s) => ({ k: 0, event_id: r.event_id, seat_id: s.seat_id }));
    const held = new Set((await seatsHeldInSeasonFamily(tx, wanted)).map((h) => h.seat_id));
    const leased = new Map((await seatsLeasedInSeasonFamily(tx, wanted)).map((c) => [c.seat_id, c]));
    for (const s of all) {
      if (held.has(s.seat_id)) s.taken = true;
      const c = leased.get(s.seat_id);
      // Leased in the season or an included event: another counter's, as a lease of this event would be.
      if (c && s.leased_to === null) Object.assign(s, { leased_to: c.order_id, counter: c.counter, until: c.until });
    }
  }
  const seats = pick(all, sel, r.id).filter((s) => s.lease_id !== leaseId);
  if (seats.length === 0) throwIfInvalid({ seats: M.emptySelection });
  assertLeasable(seats, r.id);
  const freed = await releaseExpiredHolds(tx, seats.map((s) => ({ event_id: r.event_id, section_id: s.section_id, seat_id: s.seat_id })));
  await tx.query(
    `UPDATE seat_lease_places p SET released_at = least(now(), l.ends_at) FROM seat_leases l
      WHERE l.id = p.lease_id AND p.event_id = $1 AND p.seat_id = ANY($2::bigint[]) AND p.released_at IS NULL
        AND (l.ended_at IS NOT NULL OR l.ends_at <= now())`,
    [r.event_id, seats.map((s) => s.seat_id)],
  );
  const ins = await tx.query(
    `INSERT INTO seat_lease_places (lease_id, event_id, section_id, seat_id, order_id)
     SELECT $1, $2, x.section_id, x.seat_id, $3 FROM unnest($4::bigint[], $5::bigint[]) AS x(section_id, seat_id)
     ON CONFLICT (event_id, seat_id) WHERE released_at IS NULL DO NOTHING RETURNING seat_id`,
    [leaseId, r.event_id, r.id, seats.map((s) => s.section_id), seats.map((s) => s.seat_id)],
  );
  // Under the lock nobody else leases: a conflict here is a lease the read did not see, so the whole ask is refused.
  if ((ins.rowCount ?? ins.rows.length) !== seats.length) throw new HttpError(409, 'seat_leased', M.seatLeased('another counter', 'later'));
  const others = freed.filter((f) => f.seat_id !== null && !seats.some((s) => s.seat_id === f.seat_id)).map((f) => ({ section_id: f.section_id, seat_id: f.seat_id }));
  return { changes: [...changes(seats), ...others], count: seats.length };
}

const asksSeats = (sel: LeaseSelection) => Boolean(sel.seats?.length || sel.rows?.length || sel.sections?.length || sel.best?.length);

/**
 * Adds what a take or widen asks for: standing places, then seats, in the reserve's lock order (the season family, the
 * standing areas' rows, the lease lock: no two writers wait for each other in a circle), and bumps the seat-state
 * version once, last. Answers the seats and standing places added.
 */
async function addToLease(tx: Queryable, r: ReservationRow, leaseId: number, sel: LeaseSelection): Promise<{ seats: number; places: number }> {
  const member = (await lockSeasonFamilies(tx, [r.event_id])).get(r.event_id);
  const standing = sel.standing?.length ? await addStandingPlaces(tx, r, leaseId, sel.standing) : [];
  if (!asksSeats(sel) && standing.length === 0) throwIfInvalid({ seats: M.emptySelection });
  const seated = asksSeats(sel) ? await addPlaces(tx, r, leaseId, sel, member) : { changes: [], count: 0 };
  await bumpSeatVersion(tx, r.event_id, [...standing, ...seated.changes]);
  return { seats: seated.count, places: (sel.standing ?? []).reduce((n, x) => n + x.count, 0) };
}

/** The ends_at of a take: a future moment within 7 days. */
export function parseEndsAt(text: string, now = Date.now()): Date {
  const t = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(text) || Number.isNaN(t)) throwIfInvalid({ ends_at: M.endsAtInvalid });
  if (t <= now) throwIfInvalid({ ends_at: M.endsAtPast });
  if (t > now + 7 * 86_400_000) throwIfInvalid({ ends_at: M.endsAtTooFar });
  return new Date(t);
}

/** Takes a lease for a counter (its reservation row locked by the caller): one running lease per counter. */
export async function takeLease(tx: Queryable, userId: number, r: ReservationRow, sel: LeaseSelection, endsAt: Date): Promise<number> {
  if (r.type !== 'boxoffice') throw new HttpError(422, 'not_boxoffice', M.notBoxOffice);
  // The reservation's validity date closes its sales (docs/boxoffice.md): a lease taken after it would keep seats from
  // every other channel for a counter that can sell none of them.
  await assertBoxOfficeValid(tx, r);
  // Nor may it run past that date (the reservation's row is locked by the caller, so the date cannot move meanwhile).
  const late = await tx.query<{ until: string }>(
    `SELECT to_char(validity_date, 'DD.MM.YYYY HH24:MI') AS until FROM orders
      WHERE id = $1 AND validity_date IS NOT NULL AND ($2::timestamptz AT TIME ZONE 'Europe/Stockholm') > validity_date`,
    [r.id, endsAt.toISOString()],
  );
  if (late.rows[0]) throwIfInvalid({ ends_at: M.endsAfterValidity(late.rows[0].until) });
  const running = await tx.query<{ until: string }>(
    `SELECT to_char(ends_at AT TIME ZONE 'Europe/Stockholm', 'HH24:MI') AS until FROM seat_leases WHERE order_id = $1 AND ended_at IS NULL AND ends_at > now()`, [r.id]);
  if (running.rows[0]) throw new HttpError(409, 'lease_running', M.alreadyLeasing(running.rows[0].until));
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO seat_leases (event_id, order_id, holder_id, ends_at) VALUES ($1, $2, $3, $4) RETURNING id', [r.event_id, r.id, userId, endsAt.toISOString()]);
  const leaseId = Number(rows[0].id);
  const added = await addToLease(tx, r, leaseId, sel);
  await writeAudit(tx, { userId, action: 'seat_lease.take', eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id, amounts: { lease_id: leaseId, ...added, ends_at: endsAt.toISOString() } });
  return leaseId;
}

/** The counter's running lease by id, its row locked; 404 for another counter's, 409 once it has ended. */
async function runningLease(tx: Queryable, r: ReservationRow, leaseId: number): Promise<void> {
  const { rows } = await tx.query<{ running: boolean }>(
    'SELECT (ended_at IS NULL AND ends_at > now()) AS running FROM seat_leases WHERE id = $1 AND order_id = $2 FOR UPDATE', [leaseId, r.id]);
  if (!rows[0]) throw new HttpError(404, 'not_found', 'Lease not found.');
  if (!rows[0].running) throw new HttpError(409, 'lease_ended', M.leaseEnded);
}

export async function widenLease(tx: Queryable, userId: number, r: ReservationRow, leaseId: number, sel: LeaseSelection): Promise<void> {
  await runningLease(tx, r, leaseId);
  const added = await addToLease(tx, r, leaseId, sel);
  await writeAudit(tx, { userId, action: 'seat_lease.widen', eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id, amounts: { lease_id: leaseId, ...added } });
}

/** Releases the named seats of the lease (sold ones stay sold); they are for sale again at once. */
export async function shrinkLease(tx: Queryable, userId: number, r: ReservationRow, leaseId: number, sel: LeaseSelection): Promise<void> {
  await runningLease(tx, r, leaseId);
  if (sel.best?.length) throwIfInvalid({ best: 'Name the seats to hand back.' });
  const standing = sel.standing?.length ? await removeStandingPlaces(tx, r, leaseId, sel.standing) : [];
  let rows: { section_id: number; seat_id: number }[] = [];
  if (asksSeats(sel)) {
    const named = pick(await readSeats(tx, r.event_id, sel), sel, r.id, { forShrink: true });
    rows = (await tx.query<{ section_id: number; seat_id: number }>(
      `UPDATE seat_lease_places SET released_at = now() WHERE lease_id = $1 AND released_at IS NULL AND seat_id = ANY($2::bigint[])
       RETURNING section_id, seat_id`, [leaseId, named.map((s) => s.seat_id)])).rows;
    if (rows.length === 0) throw new HttpError(422, 'not_in_lease', M.notInLease);
  } else if (standing.length === 0) throwIfInvalid({ seats: M.emptySelection });
  await bumpSeatVersion(tx, r.event_id, [...standing, ...changes(rows)]);
  await writeAudit(tx, {
    userId, action: 'seat_lease.shrink', eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id,
    amounts: { lease_id: leaseId, seats: rows.length, places: (sel.standing ?? []).reduce((n, x) => n + x.count, 0) },
  });
}

/** Ends a lease now (handed back by its counter, or revoked by an admin): every unsold seat is for sale again. */
export async function endLease(tx: Queryable, userId: number, leaseId: number, opts: { revoke: boolean; orderId?: number }): Promise<void> {
  const { rows } = await tx.query<{ event_id: number; order_id: number; promoter_id: number; running: boolean }>(
    `SELECT l.event_id, l.order_id, o.promoter_id, (l.ended_at IS NULL AND l.ends_at > now()) AS running
       FROM seat_leases l JOIN orders o ON o.id = l.order_id WHERE l.id = $1 AND ($2::bigint IS NULL OR l.order_id = $2) FOR UPDATE OF l`,
    [leaseId, opts.orderId ?? null]);
  const lease = rows[0];
  if (!lease) throw new HttpError(404, 'not_found', 'Lease not found.');
  if (!lease.running) throw new HttpError(409, 'lease_ended', M.leaseEnded);
  await tx.query('UPDATE seat_leases SET ended_at = now(), revoked_by = $2 WHERE id = $1', [leaseId, opts.revoke ? userId : null]);
  const freed = await tx.query<{ section_id: number; seat_id: number }>(
    'UPDATE seat_lease_places SET released_at = now() WHERE lease_id = $1 AND released_at IS NULL RETURNING section_id, seat_id', [leaseId]);
  // Unsold standing places are free again by the lease's end alone (293): the areas are announced.
  await bumpSeatVersion(tx, Number(lease.event_id), [...changes(freed.rows), ...(await standingAreasLeft(tx, leaseId))]);
  await writeAudit(tx, {
    userId, action: opts.revoke ? 'seat_lease.revoke' : 'seat_lease.hand_back', eventId: Number(lease.event_id), promoterId: Number(lease.promoter_id),
    orderId: Number(lease.order_id), amounts: { lease_id: leaseId, seats: freed.rows.length },
  });
}

/**
 * The event's running leases (or one lease, running or not), with their seats and standing places and what is sold of
 * them. The running leases of the events sharing its seats (a season and its included events:
 * server/reservations/seasonSeats.ts) come with them, with their seats only: a seat leased in one of them is that
 * counter's on this map too (the reserve refuses it), while standing places are each event's own. `event_id` says
 * whose a lease is.
 */
export async function listLeases(db: Queryable, eventId: number, leaseId?: number): Promise<SeatLease[]> {
  const leases = await db.query<{ id: number; event_id: number; order_id: number; counter: string; holder_id: number; holder: string; ends_at: Date | string; created_at: Date | string; counter_key: string | null }>(
    `SELECT l.id, l.event_id, l.order_id, o.title AS counter, l.holder_id, coalesce(u.name, '') AS holder, l.ends_at, l.created_at, l.counter_key
       FROM seat_leases l JOIN orders o ON o.id = l.order_id LEFT JOIN users u ON u.id = l.holder_id
      WHERE CASE WHEN $2::bigint IS NULL
                 THEN (l.event_id = $1 OR l.event_id IN (${seatSharingEvents('$1::bigint')})) AND l.ended_at IS NULL AND l.ends_at > now()
                 ELSE l.event_id = $1 AND l.id = $2 END
      ORDER BY l.id`, [eventId, leaseId ?? null]);
  if (leases.rows.length === 0) return [];
  const places = await db.query<{ lease_id: number; section_id: number; section: string; row: string; seat: string; seat_index: number; sold: boolean }>(
    `SELECT p.lease_id, p.section_id, s.name AS section, ms.row_label AS row, ms.seat_label AS seat, ms.seat_index,
            EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = p.event_id AND i.seat_id = p.seat_id AND i.order_id = p.order_id
                      AND i.valid AND i.type = 'ticket') AS sold
       FROM seat_lease_places p JOIN map_seats ms ON ms.id = p.seat_id JOIN map_sections s ON s.id = p.section_id
      WHERE p.lease_id = ANY($1::bigint[]) AND p.released_at IS NULL ORDER BY ms.seat_index`,
    [leases.rows.map((l) => l.id)]);
  const standing = await db.query<{ lease_id: number; section_id: number; section: string; places: number; sold: number }>(
    `SELECT p.lease_id, p.section_id, s.name AS section, p.places, p.sold FROM seat_lease_standing p JOIN map_sections s ON s.id = p.section_id
      WHERE p.lease_id = ANY($1::bigint[]) AND p.places > 0 ORDER BY s.position, s.name`,
    [leases.rows.map((l) => l.id)]);
  const iso = (v: Date | string) => new Date(v).toISOString();
  const own = (l: { event_id: number }) => Number(l.event_id) === Number(eventId);
  return leases.rows.flatMap((l) => {
    const seats = places.rows.filter((p) => Number(p.lease_id) === Number(l.id))
      .map((p) => ({ section_id: Number(p.section_id), section: p.section, row: p.row, seat: p.seat, seat_index: Number(p.seat_index), sold: p.sold }));
    // Another member's lease matters here for its seats alone: one with none running is not this map's.
    if (!own(l) && seats.length === 0) return [];
    return [{
      id: Number(l.id), event_id: Number(l.event_id), reservation_id: Number(l.order_id), counter: l.counter,
      holder: { id: Number(l.holder_id), name: l.holder }, ends_at: iso(l.ends_at), created_at: iso(l.created_at),
      seats_left: seats.filter((s) => !s.sold).length, seats, counter_key: l.counter_key,
      standing: !own(l) ? [] : standing.rows.filter((p) => Number(p.lease_id) === Number(l.id)).map((p) => ({
        section_id: Number(p.section_id), section: p.section, places: Number(p.places), sold: Number(p.sold), left: Number(p.places) - Number(p.sold),
      })),
    }];
  });
}
