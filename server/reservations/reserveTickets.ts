import type { Tender } from '../../src/contracts/boxoffice';
import type { SeatLabel, TicketToReserve } from '../../src/contracts/reservations';
import { RESERVATION_MESSAGES } from '../../src/contracts/reservations';
import { canAddSeats, countFreeGaPlaces, PAID_NO_ADD_SEATS, paidRemoveByRefund, pickGeneralAdmissionPlaces, refundsTakeBack, standingAreaPlaces } from '../../src/domain/reservations';
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../httpErrors';
import type { SessionUser } from '../plugins/auth';
import { EXPIRED, FAMILY, findReservations, PAID_ITEM_SQL, type ReservationRow } from './reservationQueries';
import { noteSeatChanges, type EventPlaceChange, type PlaceChange } from '../seat-state/seatVersions';
import { leasedMessage, shareTicketWriteLocks, seatsLeasedInSeasonFamily, seatsLeasedToOthers, standingLeasedToOthersSql, takeFromStandingLease } from '../seat-leases/leaseGuard';
import { lockSeasonFamilies, seatsHeldInSeasonFamily, sharesSeats, type SeasonMember } from './seasonSeats';

/** A refusal naming the seats it is about: `{error: {code, message, seats}}`. */
export class SeatsError extends HttpError {
  constructor(statusCode: number, code: string, message: string, readonly seats: SeatLabel[]) {
    super(statusCode, code, message);
  }
}

type Change = PlaceChange;
type EventChange = EventPlaceChange;

// The reserve's statements run for every group: named statements (server/db/database.ts).
const RELEASE_EXPIRED = { name: 'reserve_release_expired', text: `WITH wanted AS (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS w(event_id, section_id, seat_id)),
          holders AS (
            SELECT i.order_id FROM wanted w JOIN order_items i ON i.event_id = w.event_id AND i.seat_id = w.seat_id AND i.valid
             WHERE w.seat_id IS NOT NULL AND i.type = 'ticket'
            UNION
            SELECT i.order_id FROM wanted w JOIN order_items i ON i.event_id = w.event_id AND i.section_id = w.section_id AND i.valid
             WHERE w.seat_id IS NULL AND i.seat_id IS NULL AND i.type = 'ticket')
     UPDATE orders o SET status = 'expired', updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
       FROM holders h WHERE o.id = h.order_id AND ${EXPIRED('o')}
     RETURNING o.id` };
const FREE_EXPIRED = { name: 'reserve_free_expired', text: `UPDATE order_items SET valid = false WHERE order_id = ANY($1::bigint[]) AND valid RETURNING event_id, section_id, seat_id` };
// Prices are looked up once per price set and asked ticket type of the group, not once per seat.
const LOOK_UP_SEATS = { name: 'reserve_look_up_seats', text: `
  WITH placed AS (
    SELECT x.ask::int, x.ord, x.section, x.row, x.seat, x.ticket_type, s.id AS section_id, ms.id AS seat_id, s.general_admission,
           place_hidden(ev.hidden, es.hidden) AS hidden, effective_price_set(ev.price_overridden, ev.price_set_id, es.price_set_id) AS price_set_id
      FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY
           AS x(ask, event_id, section, row, seat, ticket_type, ord)
      JOIN events e ON e.id = x.event_id
      LEFT JOIN map_sections s ON s.map_id = e.map_id AND s.name = x.section
      LEFT JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = x.row AND ms.seat_label = x.seat
      LEFT JOIN event_sections es ON es.event_id = x.event_id AND es.section_id = s.id
      LEFT JOIN event_seats ev ON ev.event_id = x.event_id AND ev.seat_id = ms.id),
  prices AS (
    SELECT DISTINCT ON (k.price_set_id, k.ticket_type) k.price_set_id, k.ticket_type, i.ticket_type_id, i.price_ore
      FROM (SELECT DISTINCT price_set_id, ticket_type FROM placed WHERE price_set_id IS NOT NULL) k
      JOIN price_set_items i ON i.price_set_id = k.price_set_id JOIN ticket_types tt ON tt.id = i.ticket_type_id
     WHERE k.ticket_type IS NULL OR lower(tt.name) = lower(k.ticket_type)
     ORDER BY k.price_set_id, k.ticket_type, tt.is_default DESC, tt.position, tt.id)
  SELECT p.ask, p.section, p.row, p.seat, p.section_id, p.seat_id, p.general_admission, p.hidden, pr.ticket_type_id, pr.price_ore
    FROM placed p LEFT JOIN prices pr ON pr.price_set_id = p.price_set_id AND pr.ticket_type IS NOT DISTINCT FROM p.ticket_type
   ORDER BY p.ord` };
const INSERT_SEATS = { name: 'reserve_insert_seats', text: `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', x.channel, x.section_id, x.seat_id, x.type_id, x.price, x.price, e.ticket_vat
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[]) WITH ORDINALITY
              AS x(order_id, channel, section_id, seat_id, type_id, price, ord)
         JOIN orders o ON o.id = x.order_id JOIN events e ON e.id = o.event_id
        ORDER BY x.ord
       ON CONFLICT (event_id, seat_id) WHERE valid AND seat_id IS NOT NULL DO NOTHING
       RETURNING id, order_id, seat_id` };

/**
 * Expired holds on the given places give them up: their orders become 'expired' and every item of them invalid, so
 * the unique index lets the new reserve in. Runs inside the reserving transaction. A place is (event, seat) or, for
 * a standing area, (event, section) with no seat.
 */
export async function releaseExpiredHolds(tx: Queryable, places: { event_id: number; section_id: number; seat_id: number | null }[]): Promise<EventChange[]> {
  if (places.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(RELEASE_EXPIRED, [places.map((p) => p.event_id), places.map((p) => p.section_id), places.map((p) => p.seat_id)],
  );
  if (rows.length === 0) return [];
  const freed = await tx.query<EventChange>(FREE_EXPIRED, [rows.map((r) => r.id)],
  );
  return freed.rows.filter((c) => c.section_id !== null).map(toChange);
}

interface SeatRow {
  ask: number; section: string; row: string | null; seat: string | null; section_id: number | null; seat_id: number | null;
  general_admission: boolean | null; hidden: boolean; ticket_type_id: number | null; price_ore: number | null;
}

/** One caller's PUT api/reservations/{id} {tickets}. */
export interface ReserveAsk {
  user: SessionUser; id: number; tickets: TicketToReserve[];
  /** A box-office sale's payment (issue 35), and the idempotency key of an offline sale being replayed. */
  tender?: Tender; offlineKey?: string;
}

/** What another area adds to a reserve, in the group's transaction (the box office's sale: reservationsRoutes.ts). */
export interface ReserveHooks {
  /** Before anything is written for a caller: a throw refuses that caller only. */
  admit?(tx: Queryable, r: ReservationRow): Promise<void>;
  /** After a caller's tickets are in, with their item ids: what else its reserve writes. */
  reserved?(tx: Queryable, r: ReservationRow, ask: ReserveAsk, ticketIds: number[]): Promise<void>;
}

/** A reserve whose standing places are counted one by one: it goes in a group of its own (see reserveGroup). */
export const reservesStanding = (ask: ReserveAsk) => ask.tickets.some((t) => t.row === undefined || t.seat === undefined);

/** Where one ask stands in its group; `items` are the order items written for it, removed again if it fails. */
interface Ask extends ReserveAsk { r?: ReservationRow; error?: Error; seats: (SeatRow & { asked: TicketToReserve })[]; standing: { row: SeatRow; count: number; items: number[] }[]; items: number[] }

/**
 * Reserves tickets for a group of callers in one transaction (PUT api/reservations/{id} {tickets}, grouped by
 * server/db/inGroups.ts): the answer is, per caller in order, its reservation row or the error that caller gets.
 * Each caller's reserve is all or nothing and the group's outcome is what running them one after the other would
 * give. Seats by map labels; only seats of the reservation's event that are priced (for the chosen ticket type, else
 * the default or first priced type) and not hidden can be reserved. The unique index on valid seats decides who wins
 * a seat, between callers of the group and against everyone else; standing places are counted under the
 * event_sections row lock, for a group of one (reservesStanding).
 */
export async function reserveGroup(tx: Queryable, asks: ReserveAsk[], hooks: ReserveHooks = {}): Promise<(ReservationRow | Error)[]> {
  const group: Ask[] = asks.map((a) => ({ ...a, seats: [], standing: [], items: [] }));
  const found = await findReservations(tx, asks, { lock: true });
  group.forEach((a, i) => {
    const r = found[i];
    const foreign = r ? a.tickets.filter((t) => t.event !== r.event_id) : [];
    if (!r) a.error = notFound('Reservation');
    else if (r.status === 'expired' || r.expired) a.error = new HttpError(422, 'reservation_expired', 'The reservation has expired: set a later reserved until first.');
    // Its status read under the row lock just taken: a payment committing meanwhile is seen.
    else if (!canAddSeats(r)) a.error = new HttpError(422, 'reservation_paid', PAID_NO_ADD_SEATS);
    else if (foreign.length) a.error = new SeatsError(422, 'other_event', 'Tickets can only be reserved for the event of the reservation.', foreign.map(labelOf));
    else a.r = r;
  });
  for (const a of group) {
    if (a.r && hooks.admit) await hooks.admit(tx, a.r).catch((err: unknown) => { a.error = err as Error; });
  }
  await lookUpSeats(tx, group);
  await refuseLeasedSeats(tx, group);
  const members = await refuseSeasonHeldSeats(tx, group);
  const live = () => group.filter((a) => !a.error);
  const changes: EventChange[] = [];
  for (const a of live()) changes.push(...(await reserveStanding(tx, a)));
  await recheckSeatsUnderLock(tx, live(), members);
  changes.push(...(await reserveSeats(tx, live())));
  // A caller that failed gives back what was written for it (its standing places, seats it won).
  const failed = group.filter((a) => a.error && a.items.length).flatMap((a) => a.items);
  if (failed.length) await tx.query('DELETE FROM order_items WHERE id = ANY($1::bigint[])', [failed]);
  for (const a of live()) {
    // A counter's standing places come out of its own lease first (293_standing_leases.sql).
    await takeFromStandingLease(tx, a.r!.id, a.r!.event_id, a.standing.map((s) => ({ section_id: Number(s.row.section_id), items: s.items })));
    await hooks.reserved?.(tx, a.r!, a, a.items);
    for (const s of a.seats) changes.push({ event_id: a.r!.event_id, section_id: Number(s.section_id), seat_id: Number(s.seat_id) });
    for (const s of a.standing) changes.push({ event_id: a.r!.event_id, section_id: Number(s.row.section_id), seat_id: null });
  }
  await noteSeatChanges(tx, changes);
  return group.map((a) => a.error ?? a.r!);
}

/** The asked places by their labels (`wanted`, k: the caller's index), each with its hidden state and its price. */
async function readPlaces(tx: Queryable, wanted: { k: number; r: ReservationRow; t: TicketToReserve }[]): Promise<SeatRow[]> {
  if (wanted.length === 0) return [];
  const { rows } = await tx.query<SeatRow>(LOOK_UP_SEATS, [wanted.map((w) => w.k), wanted.map((w) => w.r.event_id), wanted.map((w) => w.t.section), wanted.map((w) => w.t.row ?? null),
      wanted.map((w) => w.t.seat ?? null), wanted.map((w) => w.t.ticket_type ?? null)],
  );
  return rows;
}

/** Finds every asked place by its labels, with its price; refuses per caller what cannot be reserved. */
async function lookUpSeats(tx: Queryable, group: Ask[]) {
  const wanted = group.flatMap((a, k) => (a.error ? [] : a.tickets.map((t) => ({ k, r: a.r!, t }))));
  if (wanted.length === 0) return;
  const rows = await readPlaces(tx, wanted);
  group.forEach((a, k) => {
    if (a.error) return;
    const mine = rows.filter((row) => row.ask === k);
    const refused: SeatLabel[] = [];
    mine.forEach((row, i) => {
      const t = a.tickets[i];
      if (row.section_id === null || row.hidden || row.price_ore === null) refused.push(labelOf(t));
      else if (row.general_admission) a.standing.push({ row, count: t.count ?? 1, items: [] });
      else if (row.seat_id === null) refused.push(labelOf(t));
      else a.seats.push({ ...row, asked: t });
    });
    const seen = new Set<number>();
    const doubled = a.seats.filter((s) => (seen.has(Number(s.seat_id)) ? true : (seen.add(Number(s.seat_id)), false)));
    if (refused.length) a.error = new SeatsError(422, 'not_reservable', RESERVATION_MESSAGES.cannotReserve, refused);
    else if (doubled.length) a.error = new SeatsError(422, 'duplicate_seat', 'A seat is listed twice.', doubled.map(labelOfRow));
  });
}

/**
 * The seats' prices and hidden state again, under the event's ticket-write lock taken shared (the lock a release and a
 * hide take exclusively, server/pricing/setPrices.ts lockTicketWrites): a release or hide that committed since the
 * look-up is seen, and the caller is refused (not_reservable) instead of writing its ticket at a price the seat no
 * longer has; one that comes later waits for this transaction and then finds the seat taken. The lock comes after the
 * season family's and the standing areas' row locks, the order every writer of places takes them. A price changed
 * meanwhile is the price the ticket is written at. The order_items guard of 298_taken_seat_for_sale.sql refuses such a
 * ticket in the database whatever the path. A season's seats are also read in its included events, where its tickets
 * hold them too (`seats_not_for_sale`, the guard's test): a seat hidden or unpriced there is refused as one here is;
 * the season family's lock, held, keeps those events' prices and hidden seats as read.
 */
async function recheckSeatsUnderLock(tx: Queryable, asks: Ask[], members: Map<number, SeasonMember>) {
  const seated = asks.filter((a) => a.seats.length > 0);
  if (seated.length === 0) return;
  await shareTicketWriteLocks(tx, seated.map((a) => a.r!.event_id));
  const wanted = seated.flatMap((a, k) => a.seats.map((s) => ({ k, r: a.r!, t: s.asked })));
  const rows = await readPlaces(tx, wanted);
  seated.forEach((a, k) => {
    const now = rows.filter((row) => row.ask === k);
    const closed = now.filter((row) => row.hidden || row.price_ore === null);
    if (closed.length) {
      a.error = new SeatsError(422, 'not_reservable', RESERVATION_MESSAGES.cannotReserve, closed.map(labelOfRow));
      return;
    }
    a.seats = a.seats.map((s, i) => ({ ...s, ticket_type_id: now[i].ticket_type_id, price_ore: now[i].price_ore }));
  });
  const seasons = seated.filter((a) => !a.error && members.get(a.r!.event_id)?.isSeason);
  if (seasons.length === 0) return;
  const pairs = seasons.flatMap((a) => a.seats.map((s) => ({ a, s })));
  const { rows: closed } = await tx.query<{ event_id: number; seat_id: number }>('SELECT event_id, seat_id FROM seats_not_for_sale($1::bigint[], $2::bigint[])',
    [pairs.map((p) => p.a.r!.event_id), pairs.map((p) => p.s.seat_id)]);
  for (const a of seasons) {
    const mine = a.seats.filter((s) => closed.some((c) => Number(c.event_id) === a.r!.event_id && Number(c.seat_id) === Number(s.seat_id)));
    if (mine.length) a.error = new SeatsError(422, 'not_reservable', RESERVATION_MESSAGES.cannotReserve, mine.map(labelOfRow));
  }
}

/**
 * Seats in another counter's running lease are refused per caller, with the counter and the lease's end (issue 35).
 * The order_items guard of 220_seat_leases.sql refuses them in the database too (a lease that commits between this
 * read and the insert): then the whole group fails with that 409.
 */
async function refuseLeasedSeats(tx: Queryable, group: Ask[]) {
  const wanted = group.flatMap((a, k) => (a.error ? [] : a.seats.map((s) => ({ k, event_id: a.r!.event_id, seat_id: Number(s.seat_id), order_id: a.r!.id }))));
  const clashes = await seatsLeasedToOthers(tx, wanted);
  group.forEach((a, k) => {
    const mine = clashes.filter((c) => c.k === k);
    if (mine.length === 0) return;
    const seats = a.seats.filter((s) => mine.some((c) => c.seat_id === Number(s.seat_id)));
    a.error = new SeatsError(409, 'seat_leased', leasedMessage(mine[0]!), seats.map(labelOfRow));
  });
}

/**
 * Seats taken elsewhere in the event's season family are taken here too (server/reservations/seasonSeats.ts): the
 * caller hears 409 seat_taken naming them; seats a running lease holds elsewhere in the family, 409 seat_leased. The family's lock is held to the end of the transaction, so a reserve in
 * the season and one in an included event cannot both pass this check for the same seat.
 */
async function refuseSeasonHeldSeats(tx: Queryable, group: Ask[]): Promise<Map<number, SeasonMember>> {
  const seated = group.filter((a) => !a.error && a.seats.length > 0);
  const members = await lockSeasonFamilies(tx, [...new Set(seated.map((a) => a.r!.event_id))]);
  if (members.size === 0) return members;
  const wanted = group.flatMap((a, k) => (a.error ? [] : a.seats.map((s) => ({ k, event_id: a.r!.event_id, seat_id: Number(s.seat_id) }))));
  const held = await seatsHeldInSeasonFamily(tx, wanted);
  // A seat leased in a member sharing the seats (the season, or an included event) is that counter's there too.
  const leased = await seatsLeasedInSeasonFamily(tx, wanted);
  // Callers of one group are one transaction: an earlier caller's seat in the season (or an included event) is
  // taken for a later caller in the other, as if they had run one after the other.
  const claimed: { event_id: number; seat_id: number }[] = [];
  group.forEach((a, k) => {
    if (a.error || a.seats.length === 0) return;
    const clash = leased.filter((c) => c.k === k);
    if (clash.length > 0) {
      a.error = new SeatsError(409, 'seat_leased', leasedMessage(clash[0]!), a.seats.filter((s) => clash.some((c) => c.seat_id === Number(s.seat_id))).map(labelOfRow));
      return;
    }
    const mine = new Set(held.filter((h) => h.k === k).map((h) => h.seat_id));
    const member = members.get(a.r!.event_id);
    for (const s of a.seats) {
      if (claimed.some((c) => c.seat_id === Number(s.seat_id) && sharesSeats(members.get(c.event_id), member))) mine.add(Number(s.seat_id));
    }
    if (mine.size > 0) {
      a.error = new SeatsError(409, 'seat_taken', RESERVATION_MESSAGES.seatTaken, a.seats.filter((s) => mine.has(Number(s.seat_id))).map(labelOfRow));
      return;
    }
    if (member) claimed.push(...a.seats.map((s) => ({ event_id: a.r!.event_id, seat_id: Number(s.seat_id) })));
  });
  return members;
}

/**
 * Standing places of one caller (a group of one): counted under the section's event row lock, after expired holds in
 * those areas gave theirs up. Answers the places that expired holds gave up.
 */
async function reserveStanding(tx: Queryable, a: Ask): Promise<EventChange[]> {
  if (a.standing.length === 0) return [];
  const freed = await releaseExpiredHolds(tx, a.standing.map((s) => ({ event_id: a.r!.event_id, section_id: Number(s.row.section_id), seat_id: null })));
  for (const wanted of a.standing) {
    const { row, count } = wanted;
    // The area's row lock first, then the count in a statement of its own: under READ COMMITTED a statement that
    // waited for the lock would count with the snapshot it took before waiting, missing the places just committed.
    await tx.query('SELECT 1 FROM event_sections WHERE event_id = $1 AND section_id = $2 FOR UPDATE', [a.r!.event_id, row.section_id]);
    // Places of other orders' running leases are taken for this one (issue 35); a counter's own lease is its to sell.
    const area = await tx.query<{ released: number; taken: number; leased: number }>(
      `SELECT es.seats_count::int AS released,
              (SELECT count(*) FROM order_items i
                WHERE i.event_id = $1 AND i.section_id = $2 AND i.seat_id IS NULL AND i.type = 'ticket' AND i.valid)::int AS taken,
              ${standingLeasedToOthersSql('$1', '$2', '$3::bigint')} AS leased
         FROM event_sections es WHERE es.event_id = $1 AND es.section_id = $2`,
      [a.r!.event_id, row.section_id, a.r!.id],
    );
    // 001 §4: the first free places are chosen automatically (src/domain/reservations.ts, the console's rule too).
    const places = standingAreaPlaces(area.rows[0]?.released ?? 0, (area.rows[0]?.taken ?? 0) + (area.rows[0]?.leased ?? 0));
    if (pickGeneralAdmissionPlaces(places, count).length < count) {
      const left = countFreeGaPlaces(places);
      a.error = new SeatsError(409, 'no_free_places', `Only ${left} free place(s) left in ${row.section}.`, [{ section: row.section, row: null, seat: null }]);
      return freed;
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', $2, $3, NULL, $4, $5, $5, e.ticket_vat
         FROM orders o JOIN events e ON e.id = o.event_id, generate_series(1, $6::int) WHERE o.id = $1
       RETURNING id`,
      [a.r!.id, channelOf(a.r!), row.section_id, row.ticket_type_id, row.price_ore, count],
    );
    wanted.items = rows.map((x) => Number(x.id));
    a.items.push(...wanted.items);
  }
  return freed;
}

/**
 * The seats of every caller in one insert, in arrival order, so the unique index gives a seat wanted twice to the
 * earlier caller. A seat no caller got is held outside the group: if its hold has expired, the hold gives it up (an
 * uncontended group never looks for expired holds). A caller that did not get all its seats fails and gives back the
 * ones it got; one that lost seats only to such failed callers, or to expired holds, tries again in the next round,
 * as it would have got them one after the other. Each round decides its first caller or frees a seat an expired hold
 * had, so the rounds end. Answers the places that expired holds gave up.
 */
async function reserveSeats(tx: Queryable, asks: Ask[]): Promise<EventChange[]> {
  const freed: EventChange[] = [];
  let round = asks.filter((a) => a.seats.length > 0);
  while (round.length > 0) {
    const rows = round.flatMap((a) => a.seats.map((s) => ({ a, s })));
    const inserted = await tx.query<{ id: number; order_id: number; seat_id: number }>(INSERT_SEATS, [rows.map((x) => x.a.r!.id), rows.map((x) => channelOf(x.a.r!)), rows.map((x) => x.s.section_id), rows.map((x) => x.s.seat_id),
        rows.map((x) => x.s.ticket_type_id), rows.map((x) => x.s.price_ore)],
    );
    // Who won each seat: the first caller, in order, whose row for it went in.
    const itemOf = new Map(inserted.rows.map((x) => [`${x.order_id}:${x.seat_id}`, Number(x.id)]));
    const seatOf = (a: Ask, s: SeatRow) => `${a.r!.event_id}:${s.seat_id}`;
    const won = new Map<string, Ask>();
    for (const { a, s } of rows) {
      const id = itemOf.get(`${a.r!.id}:${s.seat_id}`);
      if (id !== undefined && !won.has(seatOf(a, s))) {
        won.set(seatOf(a, s), a);
        a.items.push(id);
      }
    }
    const heldOutside = new Map(rows.filter(({ a, s }) => !won.has(seatOf(a, s)))
      .map(({ a, s }) => [seatOf(a, s), { event_id: a.r!.event_id, section_id: Number(s.section_id), seat_id: Number(s.seat_id) }]));
    const released = await releaseExpiredHolds(tx, [...heldOutside.values()]);
    freed.push(...released);
    const nowFree = new Set(released.map((c) => `${c.event_id}:${c.seat_id}`));
    const lost = round.filter((a) => a.seats.some((s) => won.get(seatOf(a, s)) !== a));
    const next: Ask[] = [];
    for (const a of lost) {
      const missing = a.seats.filter((s) => won.get(seatOf(a, s)) !== a);
      // Lost only to callers that fail in this round too, or to expired holds: those seats are free again.
      const retry = missing.every((s) => {
        const winner = won.get(seatOf(a, s));
        return winner ? lost.includes(winner) : nowFree.has(seatOf(a, s));
      });
      if (retry) next.push(a);
      else a.error = new SeatsError(409, 'seat_taken', RESERVATION_MESSAGES.seatTaken, missing.map(labelOfRow));
    }
    const giveBack = lost.flatMap((a) => a.items);
    if (giveBack.length) await tx.query('DELETE FROM order_items WHERE id = ANY($1::bigint[])', [giveBack]);
    for (const a of lost) a.items = [];
    round = next;
  }
  return freed;
}

const channelOf = (r: ReservationRow) => (r.type === 'corporate' ? 'corporate' : 'guest');
const toChange = (c: EventChange): EventChange => ({ event_id: Number(c.event_id), section_id: Number(c.section_id), seat_id: c.seat_id === null ? null : Number(c.seat_id) });

/**
 * A hold that had ended holds its seats again when its reserved-until moves later (PUT api/reservations/{id}), but a
 * seat released or hidden while it had ended (it was not taken then, so the pricing map let it go) is not for sale:
 * the extension is refused, naming those seats, under the event's ticket-write lock as a reserve reads them. Remove
 * their tickets first.
 */
export async function refuseSeatsNoLongerForSale(tx: Queryable, r: ReservationRow): Promise<void> {
  await lockSeasonFamilies(tx, [r.event_id]);
  await shareTicketWriteLocks(tx, [r.event_id]);
  // The database's test, the one its ticket guard applies (seats_not_for_sale, 299_seat_for_sale_once.sql): a season's
  // seat must be for sale in its included events too.
  const { rows } = await tx.query<SeatLabel>(
    `SELECT c.section, c.row_label AS row, c.seat_label AS seat
       FROM (SELECT array_agg(i.event_id) AS evs, array_agg(i.seat_id) AS seats FROM order_items i
              WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.valid AND i.type = 'ticket' AND i.seat_id IS NOT NULL) held,
            seats_not_for_sale(held.evs, held.seats) c`,
    [r.id],
  );
  if (rows.length === 0) return;
  const first = `${rows[0]!.section}, row ${rows[0]!.row}, seat ${rows[0]!.seat}`;
  throw new SeatsError(422, 'not_reservable', rows.length === 1
    ? `${first} is no longer for sale: it was released or hidden while the reservation had expired. Remove its ticket, then set a later reserved until.`
    : `${rows.length} seats are no longer for sale (first: ${first}): they were released or hidden while the reservation had expired. Remove their tickets, then set a later reserved until.`, rows);
}

/**
 * Removes tickets (items [{id, valid: false}]): the items become invalid and their seats are free at once. A paid
 * ticket (one with a payment) of a back-office reservation is not removed but refunded (422 `ticket_paid`): Remove
 * would keep its money and give nothing back. The box office's release refunds by its tenders (the caller's next step).
 */
export async function removeTickets(tx: Queryable, r: ReservationRow, ids: number[], byAdmin: boolean): Promise<Change[]> {
  const { rows } = await tx.query<Change & { id: number }>(
    `UPDATE order_items SET valid = false
      WHERE order_id IN (${FAMILY('$1::bigint')}) AND id = ANY($2::bigint[]) AND type = 'ticket' AND valid
        AND NOT ($3 AND ${PAID_ITEM_SQL('order_items')})
     RETURNING id, section_id, seat_id`,
    [r.id, ids, refundsTakeBack(r)],
  );
  if (rows.length !== new Set(ids).size) {
    const found = new Set(rows.map((x) => Number(x.id)));
    const missing = ids.filter((id) => !found.has(id));
    const paid = await tx.query(
      `SELECT 1 FROM order_items WHERE order_id IN (${FAMILY('$1::bigint')}) AND id = ANY($2::bigint[]) AND type = 'ticket' AND valid
          AND ${PAID_ITEM_SQL('order_items')} LIMIT 1`,
      [r.id, missing],
    );
    if (paid.rows.length) throw new HttpError(422, 'ticket_paid', paidRemoveByRefund(r.id, byAdmin));
    throw new HttpError(422, 'unknown_item', `Ticket ${missing.join(', ')} is not a valid ticket of this reservation.`);
  }
  return rows.map((x) => ({ section_id: Number(x.section_id), seat_id: x.seat_id === null ? null : Number(x.seat_id) }));
}

/**
 * Delete's side of the same rule: a back-office reservation holding a paid ticket is not deleted (422 `ticket_paid`),
 * its tickets locked first, so a payment cannot be written to one between this reading and the caller's void.
 */
export async function refuseDeletingPaidTickets(tx: Queryable, r: ReservationRow, byAdmin: boolean): Promise<void> {
  if (!refundsTakeBack(r)) return;
  const tickets = await tx.query<{ paid: boolean }>(
    `SELECT ${PAID_ITEM_SQL('i')} AS paid FROM order_items i
      WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid FOR UPDATE`, [r.id]);
  if (tickets.rows.some((t) => t.paid)) throw new HttpError(422, 'ticket_paid', paidRemoveByRefund(r.id, byAdmin));
}

const labelOf = (t: TicketToReserve): SeatLabel => ({ section: t.section, row: t.row ?? null, seat: t.seat ?? null });
const labelOfRow = (s: SeatRow): SeatLabel => ({ section: s.section, row: s.row, seat: s.seat });
