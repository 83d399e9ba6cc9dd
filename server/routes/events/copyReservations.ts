import type { CopyConflict, CopyPairResult } from '../../../src/contracts/events';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import type { SessionUser } from '../../plugins/auth';
import { bumpSeatVersion, type PlaceChange } from '../../seat-state/seatVersions';
import { assertEventVisible } from '../../events/eventAccess';
import { seatsLeasedInSeasonFamily, shareTicketWriteLocks, seatsLeasedToOthers, standingLeasedToOthersSql } from '../../seat-leases/leaseGuard';
import { lockSeasonFamilies, seatsHeldInSeasonFamily } from '../../reservations/seasonSeats';

/** The source's live corporate reservations (sub-reservations travel with their parent's items, not as orders). */
const LIVE_CORPORATE = `o.type = 'corporate' AND o.parent_id IS NULL AND o.status IN ('new', 'pending', 'completed')`;

interface SourceTicket {
  order_id: number;
  title: string;
  section: string;
  row_label: string | null;
  seat_label: string | null;
  ticket_type: string | null;
  price_ore: number;
  target_section_id: number | null;
  target_seat_id: number | null;
  target_type_id: number | null;
  general_admission: boolean;
}

/** A seat's price on the target for a ticket type (its effective price set there: event_seat_sale, 299_seat_for_sale_once.sql). */
const TARGET_PRICE = `(
  SELECT psi.price_ore FROM event_seat_sale v JOIN price_set_items psi ON psi.price_set_id = v.price_set_id
   WHERE v.event_id = $1 AND v.seat_id = x.seat_id AND psi.ticket_type_id = x.type_id)`;

const conflictOf = (t: SourceTicket, reason: CopyConflict['reason']): CopyConflict => ({
  reservation_id: Number(t.order_id), reservation: t.title, section: t.section, row: t.row_label, seat: t.seat_label, reason,
});

/**
 * The seats the copy may try to hold; the others are reported. A seat in a running lease of the target, or of an event
 * sharing its seats (the season and its included events), is a counter's: left out as `leased`. A seat the target's
 * season family holds is left out as `taken`. Both as the reserve refuses them (server/reservations/reserveTickets.ts).
 * The caller holds the family's lock; the event's lease lock is taken shared here, as the order_items guard takes it
 * (220_seat_leases.sql), so no lease of the target commits between this read and the insert (the guard would then
 * refuse the whole copy).
 */
async function leaveOutHeldAndLeased(
  tx: Queryable, targetId: number, seated: SourceTicket[], dstOf: Map<number, number>, inSeason: boolean, result: CopyPairResult,
): Promise<SourceTicket[]> {
  await shareTicketWriteLocks(tx, [targetId]);
  const wanted = seated.map((t, k) => ({ k, event_id: targetId, seat_id: Number(t.target_seat_id), order_id: dstOf.get(Number(t.order_id))! }));
  const leased = new Set((await seatsLeasedToOthers(tx, wanted)).map((c) => Number(c.k)));
  const held = new Set<number>();
  // A seat hidden on the target, or without any price there (or, the target a season, in an event included in it),
  // takes no ticket: the database guard's test (seats_not_for_sale, 299_seat_for_sale_once.sql), read under the lock
  // taken above and the family's, which a hide and a release take, so it cannot change between this read and the
  // insert. A seat priced there, only not for the ticket's type, takes the source's price (TARGET_PRICE).
  const { rows: closed } = await tx.query<{ seat_id: number; hidden: boolean }>(
    'SELECT seat_id, hidden FROM seats_not_for_sale($1::bigint, $2::bigint[])',
    [targetId, wanted.map((w) => w.seat_id)],
  );
  const why = new Map(closed.map((r) => [Number(r.seat_id), r.hidden ? 'hidden' as const : 'unpriced' as const]));
  const notForSale = new Map(wanted.flatMap((w) => (why.has(w.seat_id) ? [[w.k, why.get(w.seat_id)!] as const] : [])));
  if (inSeason) {
    for (const c of await seatsLeasedInSeasonFamily(tx, wanted)) leased.add(c.k);
    for (const h of await seatsHeldInSeasonFamily(tx, wanted)) held.add(h.k);
  }
  seated.forEach((t, k) => {
    if (leased.has(k)) result.conflicts.push(conflictOf(t, 'leased'));
    else if (held.has(k)) result.conflicts.push(conflictOf(t, 'taken'));
    else if (notForSale.has(k)) result.conflicts.push(conflictOf(t, notForSale.get(k)!));
  });
  return seated.filter((_t, k) => !leased.has(k) && !held.has(k) && !notForSale.has(k));
}

/**
 * Step 4 of the copy wizard (000 §4, POST api/copy): each live corporate reservation of the source becomes a new,
 * unpaid corporate order on the target holding the same places, found by their labels (section name, row, seat) on
 * the target's map, with the ticket type of the same name and the target's price for it (the source's when the target
 * has none). Nothing is double-booked: seats go in through the no-double-sale index (ON CONFLICT DO NOTHING), so a seat
 * already taken on the target, even by a concurrent sale, is reported instead, and so is a seat the target's season
 * family holds or a counter's running lease keeps (leaveOutHeldAndLeased); general-admission places are counted
 * against the target section's places under its row lock. A reservation none of whose places could be held is not
 * created. A reservation already copied onto the target (orders.copied_from_id) is not copied again: the step may be
 * rerun. Not copied: payments, promo codes, and who the tickets were sent to (a new date, new invitations).
 */
export async function copyCorporateReservations(tx: Queryable, user: SessionUser, sourceId: number, targetId: number): Promise<CopyPairResult> {
  const source = await assertEventVisible(tx, user, sourceId);
  const target = await assertEventVisible(tx, user, targetId, { lock: true });
  if (source.promoter_id !== target.promoter_id) {
    throw new HttpError(422, 'different_promoters', 'Corporate reservations can only be copied between events of the same promoter.');
  }
  if (sourceId === targetId) throw new HttpError(422, 'same_event', 'An event cannot be copied onto itself.');
  // The target's season family lock, which the reserve and every lease write of the family take first too: what the
  // family holds and leases does not change under the copy (server/reservations/seasonSeats.ts).
  const inSeason = (await lockSeasonFamilies(tx, [targetId])).size > 0;
  const result: CopyPairResult = { source_event_id: sourceId, destination_event_id: targetId, reservations: 0, seats: 0, already_copied: 0, conflicts: [] };

  // New order ids up front, so the items can name their order without a round trip per reservation.
  const { rows: orders } = await tx.query<{ src: number; dst: number; has_tickets: boolean }>(
    `SELECT o.id AS src, nextval(pg_get_serial_sequence('orders', 'id')) AS dst,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.type = 'ticket' AND i.valid) AS has_tickets
       FROM orders o
      WHERE o.event_id = $1 AND ${LIVE_CORPORATE}
        AND NOT EXISTS (SELECT 1 FROM orders c WHERE c.event_id = $2 AND c.copied_from_id = o.id AND c.status IN ('new', 'pending', 'completed'))
      ORDER BY o.id`,
    [sourceId, targetId],
  );
  const { rows: [done] } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders c JOIN orders o ON o.id = c.copied_from_id
      WHERE c.event_id = $2 AND c.status IN ('new', 'pending', 'completed') AND o.event_id = $1 AND ${LIVE_CORPORATE}`,
    [sourceId, targetId],
  );
  result.already_copied = done.n;
  if (orders.length === 0) return result;
  const dstOf = new Map(orders.map((o) => [Number(o.src), Number(o.dst)]));
  await tx.query(
    `INSERT INTO orders (id, copied_from_id, event_id, promoter_id, type, status, title, description, owner_id, corporate_id,
                         reserver_id, reserved_until, validity_date, confirmation_status, ticket_vat, fees_vat)
     OVERRIDING SYSTEM VALUE
     SELECT m.dst, o.id, t.id, t.promoter_id, 'corporate', 'new', o.title, o.description, o.owner_id, o.corporate_id, $3,
            o.reserved_until + (t.start_date - s.start_date), o.validity_date + (t.start_date - s.start_date), 'unconfirmed',
            t.ticket_vat, o.fees_vat
       FROM unnest($4::bigint[], $5::bigint[]) AS m(src, dst)
       JOIN orders o ON o.id = m.src
       JOIN events s ON s.id = $1
       JOIN events t ON t.id = $2`,
    [sourceId, targetId, user.id, orders.map((o) => o.src), orders.map((o) => o.dst)],
  );

  const { rows: tickets } = await tx.query<SourceTicket>(
    `SELECT i.order_id, o.title, sec.name AS section, ms.row_label, ms.seat_label, tt.name AS ticket_type,
            i.original_price_ore AS price_ore, tsec.id AS target_section_id, tseat.id AS target_seat_id,
            ttt.id AS target_type_id, i.seat_id IS NULL AS general_admission
       FROM order_items i
       JOIN orders o ON o.id = i.order_id
       JOIN map_sections sec ON sec.id = i.section_id
       LEFT JOIN map_seats ms ON ms.id = i.seat_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
       LEFT JOIN map_sections tsec ON tsec.map_id = $3 AND tsec.name = sec.name
       LEFT JOIN map_seats tseat ON tseat.section_id = tsec.id AND tseat.row_label = ms.row_label AND tseat.seat_label = ms.seat_label
       LEFT JOIN ticket_types ttt ON ttt.event_id = $2 AND lower(ttt.name) = lower(tt.name)
      WHERE o.event_id = $1 AND ${LIVE_CORPORATE} AND i.type = 'ticket' AND i.valid
      ORDER BY i.order_id, i.id`,
    [sourceId, targetId, target.map_id],
  );

  const seated: SourceTicket[] = [];
  const places: SourceTicket[] = [];
  for (const t of tickets) {
    if (!dstOf.has(Number(t.order_id))) continue;
    if (t.target_section_id === null || (!t.general_admission && t.target_seat_id === null)) result.conflicts.push(conflictOf(t, 'not_on_map'));
    else if (t.ticket_type !== null && t.target_type_id === null) result.conflicts.push(conflictOf(t, 'ticket_type_missing'));
    else (t.general_admission ? places : seated).push(t);
  }

  const changes: PlaceChange[] = [];
  // General admission: as many places as the target section still has (holds that ended hold none: the one
  // definition, event_place_items; running leases' places are not free), under its row lock (020_sales.sql).
  const bySection = new Map<number, SourceTicket[]>();
  for (const t of places) bySection.set(Number(t.target_section_id), [...(bySection.get(Number(t.target_section_id)) ?? []), t]);
  for (const [sectionId, wanted] of bySection) {
    // The lock, then the count in its own statement (it sees what committed while the lock was awaited).
    await tx.query('SELECT 1 FROM event_sections WHERE event_id = $1 AND section_id = $2 FOR UPDATE', [targetId, sectionId]);
    const { rows } = await tx.query<{ free: number }>(
      `SELECT greatest(es.seats_count - (SELECT count(*) FROM event_place_items p
                                          WHERE p.event_id = $1 AND p.section_id = $2 AND p.seat_id IS NULL)
                                      - ${standingLeasedToOthersSql('$1', '$2', 'NULL::bigint')}, 0)::int AS free
         FROM event_sections es WHERE es.event_id = $1 AND es.section_id = $2`,
      [targetId, sectionId],
    );
    const fit = wanted.slice(0, rows[0]?.free ?? 0);
    for (const t of wanted.slice(fit.length)) result.conflicts.push(conflictOf(t, 'no_free_place'));
    if (fit.length === 0) continue;
    await tx.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT x.order_id, $1, e.promoter_id, 'ticket', 'corporate', $2, NULL, x.type_id,
              coalesce(p.price_ore, x.source_price), coalesce(p.price_ore, x.source_price), e.ticket_vat
         FROM unnest($3::bigint[], $4::bigint[], $5::int[]) AS x(order_id, type_id, source_price)
         JOIN events e ON e.id = $1
         LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = $2
         LEFT JOIN price_set_items p ON p.price_set_id = es.price_set_id AND p.ticket_type_id = x.type_id`,
      [targetId, sectionId, fit.map((t) => dstOf.get(Number(t.order_id))), fit.map((t) => t.target_type_id), fit.map((t) => t.price_ore)],
    );
    result.seats += fit.length;
    changes.push({ section_id: sectionId, seat_id: null });
  }
  // Seats after the standing areas' row locks, in the order every writer of places takes its locks (the family, the
  // areas' rows, the event's lease lock).
  if (seated.length > 0) {
    const free = await leaveOutHeldAndLeased(tx, targetId, seated, dstOf, inSeason, result);
    const placed = new Set<number>();
    const { rows } = await tx.query<{ section_id: number; seat_id: number }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT x.order_id, $1, e.promoter_id, 'ticket', 'corporate', x.section_id, x.seat_id, x.type_id,
              coalesce(${TARGET_PRICE}, x.source_price), coalesce(${TARGET_PRICE}, x.source_price), e.ticket_vat
         FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[])
              AS x(order_id, section_id, seat_id, type_id, source_price)
         JOIN events e ON e.id = $1
       ON CONFLICT (event_id, seat_id) WHERE valid AND seat_id IS NOT NULL DO NOTHING
       RETURNING section_id, seat_id`,
      [targetId, free.map((t) => dstOf.get(Number(t.order_id))), free.map((t) => t.target_section_id),
        free.map((t) => t.target_seat_id), free.map((t) => t.target_type_id), free.map((t) => t.price_ore)],
    );
    for (const r of rows) placed.add(Number(r.seat_id));
    changes.push(...rows);
    result.seats += rows.length;
    for (const t of free) if (!placed.has(Number(t.target_seat_id))) result.conflicts.push(conflictOf(t, 'taken'));
  }
  await bumpSeatVersion(tx, targetId, changes);

  // A reservation that had places on the source and got none on the target is not created: it would hold nothing.
  const { rows: empty } = await tx.query<{ id: number }>(
    `DELETE FROM orders o USING unnest($1::bigint[]) AS m(dst)
      WHERE o.id = m.dst AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
     RETURNING o.id`,
    [orders.filter((o) => o.has_tickets).map((o) => o.dst)],
  );
  result.reservations = orders.length - empty.length;
  return result;
}
