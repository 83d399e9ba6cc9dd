import type { Reservation, ReservationSummary, TicketItem } from '../../src/contracts/reservations';
import { sekFromOre } from '../../src/domain/money';
import type { Queryable } from '../db/database';
import { notFound } from '../httpErrors';
import type { SessionUser } from '../plugins/auth';

/** The reservation types these routes manage: the back office's and the box office's (001 §1). */
export const RESERVATION_TYPES = ['guest', 'corporate', 'handicapped', 'known_person', 'vip', 'boxoffice'];

/** Wall-clock now, as orders store moments (020_sales.sql). */
export const NOW_LOCAL = `(now() AT TIME ZONE 'Europe/Stockholm')`;

/** An unpaid hold whose reserved_until has passed holds nothing: the database's one definition (235_hold_ended.sql). */
export const EXPIRED = (o: string) => `hold_ended(${o}.status, ${o}.reserved_until)`;

/**
 * A reservation and its live sub-reservations (their tickets count as the reservation's: 'X of Y ticket(s)'): the ids,
 * for `order_id IN (…)` or as a lateral join (`CROSS JOIN LATERAL (${FAMILY('o.id')}) fam(id)`). Written as a union so
 * each half is one index lookup: the `id = … OR parent_id = …` it replaced, joined to order_items, was checked against
 * every item on PostgreSQL (34 s for one corporate's ticket holders, 1 ms as a lateral union).
 */
/** A paid ticket (its sale's money taken), item alias `a`: what `paid` answers for and what Remove and Delete leave to a refund. */
export const PAID_ITEM_SQL = (a: string) => `(${a}.sold_at IS NOT NULL AND ${a}.payment_id IS NOT NULL)`;

export const FAMILY = (id: string) => `SELECT ${id} UNION ALL SELECT f.id FROM orders f WHERE f.parent_id = ${id} AND f.status <> 'void'`;

export const scopeOf = (user: SessionUser): number | null => (user.type === 'admin' ? null : (user.promoterId ?? -1));

export interface ReservationRow {
  id: number; event_id: number; promoter_id: number; type: string; status: string; title: string; description: string;
  owner_id: number | null; corporate_id: number | null; reserved_until: string | null; expired: boolean; created_at: string;
  validity_date: string | null;
}

/**
 * A reservation the caller may touch: an admin any, a promoter only their own promoter's (another's answers 404, like
 * a missing one). Deleted (void) reservations are gone. `lock` takes the order row for the rest of the transaction.
 */
export async function findReservation(db: Queryable, user: SessionUser, id: number, opts: { lock?: boolean } = {}): Promise<ReservationRow> {
  const [r] = await findReservations(db, [{ user, id }], opts);
  if (!r) throw notFound('Reservation');
  return r;
}

const findText = (lock: boolean) => `
  SELECT o.id, o.event_id, o.promoter_id, o.type, o.status, o.title, o.description, o.owner_id, o.corporate_id,
         to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI:SS') AS reserved_until, ${EXPIRED('o')} AS expired,
         to_char(o.validity_date, 'YYYY-MM-DD HH24:MI:SS') AS validity_date,
         to_char(o.created_at, 'YYYY-MM-DD HH24:MI:SS') AS created_at
    FROM orders o
   WHERE o.id = ANY($1::bigint[]) AND o.type = ANY($2::text[]) AND o.status <> 'void'
   ORDER BY o.id
   ${lock ? 'FOR UPDATE' : ''}`;
// Every update of a reservation starts here: named statements (server/db/database.ts).
const FIND = { name: 'reservations_find', text: findText(false) };
const FIND_LOCKED = { name: 'reservations_find_locked', text: findText(true) };

/**
 * Many callers' reservations at once (the grouped reserve, reserveTickets.ts), each under its caller's scope:
 * one row per ask, undefined where that caller may not touch it. Locks are taken in id order, so two groups on
 * PostgreSQL cannot deadlock on each other.
 */
export async function findReservations(db: Queryable, asks: { user: SessionUser; id: number }[], opts: { lock?: boolean } = {}): Promise<(ReservationRow | undefined)[]> {
  const { rows } = await db.query<ReservationRow>(opts.lock ? FIND_LOCKED : FIND, [[...new Set(asks.map((a) => a.id))], RESERVATION_TYPES]);
  const byId = new Map(rows.map((r) => [Number(r.id), {
    ...r, id: Number(r.id), event_id: Number(r.event_id), promoter_id: Number(r.promoter_id),
    owner_id: r.owner_id === null ? null : Number(r.owner_id), corporate_id: r.corporate_id === null ? null : Number(r.corporate_id),
  }]));
  return asks.map(({ user, id }) => {
    const r = byId.get(id);
    return r && mayTouch(user, r) ? r : undefined;
  });
}

/**
 * Promoters reach their own promoter's reservations; box-office staff only their own box-office ones
 * (docs/boxoffice.md), a corporate only its own (docs/corporates.md).
 */
function mayTouch(user: SessionUser, r: ReservationRow): boolean {
  const scope = scopeOf(user);
  if (scope !== null && r.promoter_id !== scope) return false;
  if (user.type === 'boxoffice') return r.type === 'boxoffice' && r.owner_id === user.id;
  if (user.type === 'corporate') return r.corporate_id === user.id;
  return true;
}

/**
 * A paid ticket's price after its re-seats, öre, from the item columns of `a`: the sale's price (which stays, money
 * history being append-only) plus the differences paid (price_increases) minus the differences refunded by re-seats.
 */
export const MOVED_PRICE_SQL = (a: string) => `(${a}.price_ore
  + coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = ${a}.id), 0)
  - coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = ${a}.id AND ri.reseat), 0))`;

interface ItemRow {
  id: number; order_id: number; section: string; row: string | null; seat: string | null; general_admission: boolean;
  user_id: number | null; user_name: string | null; first_name: string | null; last_name: string | null; phone: string | null;
  is_child: boolean; ticket_type_id: number | null; ticket_type: string | null; price_ore: number; valid: boolean; paid_ore: number | null;
}

async function ticketItems(db: Queryable, orderIds: number[]): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT i.id, i.order_id, s.name AS section, ms.row_label AS row, ms.seat_label AS seat, s.general_admission,
            u.id AS user_id, u.name AS user_name, u.first_name, u.last_name, u.phone, i.is_child,
            tt.id AS ticket_type_id, tt.name AS ticket_type, i.price_ore, i.valid,
            CASE WHEN ${PAID_ITEM_SQL('i')} THEN ${MOVED_PRICE_SQL('i')} END::int AS paid_ore
       FROM order_items i
       JOIN map_sections s ON s.id = i.section_id
       LEFT JOIN map_seats ms ON ms.id = i.seat_id
       LEFT JOIN users u ON u.id = i.holder_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
      WHERE i.order_id = ANY($1::bigint[]) AND i.type = 'ticket' AND i.valid
      ORDER BY s.position, ms.seat_index NULLS LAST, i.id`,
    [orderIds],
  );
  return rows;
}

const itemOut = (r: ItemRow): TicketItem => ({
  id: Number(r.id), type: 'ticket', section: r.section, row: r.row, seat: r.seat, general_admission: r.general_admission,
  user: r.user_id === null ? null : { id: Number(r.user_id), name: r.user_name ?? '', first_name: r.first_name, last_name: r.last_name, phone: r.phone },
  is_child: r.is_child, ticket_type: r.ticket_type_id === null ? null : { id: Number(r.ticket_type_id), name: r.ticket_type ?? '' },
  price: sekFromOre(r.price_ore), valid: r.valid, sub_reservation: null, paid: r.paid_ore === null ? null : sekFromOre(Number(r.paid_ore)),
});

/** GET api/reservations/{id}: the reservation with its valid tickets and sub-reservations (001 §7). */
export async function loadReservation(db: Queryable, user: SessionUser, id: number): Promise<Reservation> {
  const [out] = await loadReservations(db, [await findReservation(db, user, id)]);
  return out;
}

/** Reservations the caller has found, with their tickets and sub-reservations: four queries however many. */
export async function loadReservations(db: Queryable, found: ReservationRow[]): Promise<Reservation[]> {
  // A group of map reserves answers nothing (Prefer: return=minimal): no statements for it.
  if (found.length === 0) return [];
  const ids = found.map((r) => r.id);
  const [meta, subs] = await Promise.all([
    // 001 §3: the VAT rates the reservation's items carry, its fees (service and admin fee items of it and its
    // sub-reservations, still valid), and the events its tickets admit to: the event, and a season's included events.
    db.query<{ id: number; event_name: string; owner_name: string | null; ticket_vat: string; fees_vat: string; fees_ore: string; events: { id: number; name: string }[] }>(
      `SELECT o.id, coalesce(t.name, '') AS event_name, u.name AS owner_name, o.ticket_vat, o.fees_vat,
              (SELECT coalesce(sum(fi.price_ore * fi.quantity), 0) FROM order_items fi
                WHERE fi.type = 'fee' AND fi.valid AND fi.order_id IN (${FAMILY('o.id')})) AS fees_ore,
              (SELECT json_agg(json_build_object('id', ev.id, 'name', coalesce(evt.name, '')) ORDER BY ev.id <> o.event_id, ev.start_date, ev.id)
                 FROM events ev LEFT JOIN event_translations evt ON evt.event_id = ev.id AND evt.language = 'en'
                WHERE ev.id = o.event_id OR ev.seasonal_event_id = o.event_id) AS events
         FROM orders o LEFT JOIN event_translations t ON t.event_id = o.event_id AND t.language = 'en'
         LEFT JOIN users u ON u.id = o.owner_id WHERE o.id = ANY($1::bigint[])`, [ids]),
    db.query<{ id: number; parent_id: number; title: string; owner_id: number | null; owner_name: string | null }>(
      `SELECT s.id, s.parent_id, s.title, s.owner_id, u.name AS owner_name FROM orders s LEFT JOIN users u ON u.id = s.owner_id
        WHERE s.parent_id = ANY($1::bigint[]) AND s.status <> 'void' ORDER BY s.id`, [ids]),
  ]);
  const items = await ticketItems(db, [...ids, ...subs.rows.map((s) => Number(s.id))]);
  const names = new Map(meta.rows.map((m) => [Number(m.id), m]));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(Number(i.order_id));
    if (list) list.push(i);
    else byOrder.set(Number(i.order_id), [i]);
  }
  const itemsOf = (orderId: number) => byOrder.get(orderId) ?? [];
  return found.map((r) => {
    const own = itemsOf(r.id);
    const mySubs = subs.rows.filter((s) => Number(s.parent_id) === r.id);
    const subItems = mySubs.map((s) => itemsOf(Number(s.id)));
    return {
      id: r.id, title: r.title, description: r.description, type: r.type, status: r.status, reserved_until: r.reserved_until,
      validity_date: r.validity_date, expired: r.expired, corporate_id: r.corporate_id,
      owner: r.owner_id === null ? null : { id: r.owner_id, name: names.get(r.id)?.owner_name ?? '' },
      event: { id: r.event_id, name: names.get(r.id)?.event_name ?? '', promoter: { id: r.promoter_id } },
      items: own.map(itemOut),
      sub_reservations: mySubs.map((sr, k) => ({
        id: Number(sr.id), title: sr.title, valid: true, items: subItems[k].map((i) => ({ ...itemOut(i), sub_reservation: Number(sr.id) })),
        owner: sr.owner_id === null ? null : { id: Number(sr.owner_id), name: sr.owner_name ?? '' },
      })),
      total_price: sekFromOre([...own, ...subItems.flat()].reduce((sum, i) => sum + Number(i.price_ore), 0)),
      total_fees: sekFromOre(Number(names.get(r.id)?.fees_ore ?? 0)),
      ticket_vat: Number(names.get(r.id)?.ticket_vat ?? 0),
      fees_vat: Number(names.get(r.id)?.fees_vat ?? 0),
      events: (names.get(r.id)?.events ?? []).map((e) => ({ id: Number(e.id), name: e.name })),
      created_at: r.created_at,
    };
  });
}

interface SummaryRow {
  id: number; title: string; description: string; type: string; event_id: number; event_name: string;
  corporate_id: number | null; corporate_name: string | null; reserved_until: string | null; expired: boolean;
  assigned: number; total: number; owner_id: number | null; owner_name: string | null; validity_date: string | null;
}

/** Reservation rows with their ticket counts, filtered in SQL; `where` uses o. and the given params. */
export async function listReservations(db: Queryable, where: string, params: unknown[], limit: number, offset: number): Promise<{ collection: ReservationSummary[]; count: number }> {
  const n = params.length;
  const [list, count] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT o.id, o.title, o.description, o.type, o.event_id, coalesce(et.name, '') AS event_name,
              o.corporate_id, cu.name AS corporate_name, to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI:SS') AS reserved_until,
              ${EXPIRED('o')} AS expired, o.owner_id, ou.name AS owner_name,
              to_char(o.validity_date, 'YYYY-MM-DD HH24:MI:SS') AS validity_date,
              coalesce(c.assigned, 0)::int AS assigned, coalesce(c.total, 0)::int AS total
         FROM orders o
         LEFT JOIN event_translations et ON et.event_id = o.event_id AND et.language = 'en'
         LEFT JOIN users cu ON cu.id = o.corporate_id
         LEFT JOIN users ou ON ou.id = o.owner_id
         LEFT JOIN LATERAL (SELECT count(*) AS total, count(i.holder_id) AS assigned FROM order_items i
                             WHERE i.order_id IN (${FAMILY('o.id')}) AND i.type = 'ticket' AND i.valid) c ON true
        WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, params),
  ]);
  return {
    collection: list.rows.map((r) => ({
      id: Number(r.id), title: r.title, description: r.description, type: r.type,
      event: { id: Number(r.event_id), name: r.event_name },
      corporate: r.corporate_id === null ? null : { id: Number(r.corporate_id), name: r.corporate_name ?? '' },
      reserved_until: r.reserved_until, expired: r.expired,
      owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' }, validity_date: r.validity_date,
      tickets: { assigned: r.assigned, total: r.total },
    })),
    count: count.rows[0].n,
  };
}

/** The statistics block: tickets sent (assigned) of all tickets, in guest and in corporate reservations. */
export async function reservationStatistics(db: Queryable, eventId: number) {
  const { rows } = await db.query<{ type: string; sent: number; total: number }>(
    `SELECT o.type, count(i.holder_id)::int AS sent, count(i.id)::int AS total
       FROM orders o JOIN order_items i ON i.order_id = o.id AND i.type = 'ticket' AND i.valid
      WHERE o.event_id = $1 AND o.type IN ('guest', 'corporate') AND o.status <> 'void'
      GROUP BY o.type`,
    [eventId],
  );
  const of = (type: string) => {
    const r = rows.find((x) => x.type === type);
    return { sent: r?.sent ?? 0, total: r?.total ?? 0 };
  };
  return { guest: of('guest'), corporate: of('corporate') };
}
