import type { OrderDetail, OrderItem, OrderListRow, OrderPayment, OrderRefund, OrdersQuery, PaymentSummary } from '../../../src/contracts/orders';
import { EXPIRED, MOVED_PRICE_SQL } from '../../reservations/reservationQueries';
import { canVoidOrder, feeName, paymentRefundState } from '../../../src/domain/orders';
import { sekFromOre } from '../../../src/domain/money';
import { normalizeUserSearchPhone, looksLikePhone } from '../../../src/domain/phone';
import type { Queryable } from '../../db/database';
import { notFound } from '../../httpErrors';

/** An event's display name: English, else Swedish, else "Event {id}". */
export const EVENT_NAME = (eventAlias: string) => `coalesce(
  (SELECT nullif(max(et.name) FILTER (WHERE et.language = 'en'), '') FROM event_translations et WHERE et.event_id = ${eventAlias}),
  (SELECT nullif(max(et.name) FILTER (WHERE et.language = 'sv'), '') FROM event_translations et WHERE et.event_id = ${eventAlias}),
  'Event ' || ${eventAlias})`;

const PERSON = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object(
  'id', ${alias}.id, 'name', coalesce(nullif(${alias}.name, ''), concat_ws(' ', ${alias}.first_name, ${alias}.last_name)),
  'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email, 'phone', ${alias}.phone,
  'status', ${alias}.status, 'type', ${alias}.type) END`;

/** Escapes LIKE wildcards in what the user typed. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of the orders list (001 §2): an order or payment id (digits), a payment-provider order id (the
 * customer's receipt, our "document"), or a user's name, email or phone. Users are few (thousands) next to orders
 * (hundreds of thousands): the matching users and order ids are found first, in small queries, and the list then
 * filters on them as arrays, which the planner answers from orders_owner and the primary key, or by walking
 * orders_created newest first when the arrays are long (docs/orders.md "Search and indexes").
 */
async function searchFilter(db: Queryable, search: string | undefined, params: unknown[]): Promise<string> {
  const text = (search ?? '').trim();
  if (!text) return 'true';
  const number = /^#?\d{1,15}$/.test(text) ? Number(text.replace('#', '')) : null;
  const phoneDigits = looksLikePhone(text) ? normalizeUserSearchPhone(text).replace(/\D/g, '') : '';
  const users = await db.query<{ ids: number[] | null }>(
    `SELECT array_agg(u.id) AS ids FROM users u
      WHERE u.name ILIKE $1 OR u.email ILIKE $1 OR concat_ws(' ', u.first_name, u.last_name) ILIKE $1
         OR ($2::text IS NOT NULL AND position($2::text IN replace(u.phone, '+', '')) > 0)`,
    [likeText(text), phoneDigits.length >= 3 ? phoneDigits : null],
  );
  const orders = await db.query<{ ids: number[] | null }>(
    `SELECT array_agg(DISTINCT id) AS ids FROM (
       SELECT coalesce(x.parent_id, x.id) AS id FROM orders x WHERE x.id = $1::bigint
       UNION ALL
       SELECT coalesce(x.parent_id, x.id) FROM payments p JOIN orders x ON x.id = p.order_id
        WHERE p.id = $1::bigint OR (p.provider_order_id = $2::text AND p.provider IN ('card', 'swish', 'invoice', 'boxoffice'))) c`,
    [number, text],
  );
  params.push(users.rows[0].ids ?? [], orders.rows[0].ids ?? []);
  return `(o.owner_id = ANY($${params.length - 1}::bigint[]) OR o.id = ANY($${params.length}::bigint[]))`;
}

export const SEARCH_COUNT_CAP = 10_000;

/** GET api/orders: 50 a page, newest first; the re-assign list is the same with `unregistered=1` (500 a page). */
export async function listOrders(db: Queryable, q: OrdersQuery): Promise<{ collection: OrderListRow[]; count: number }> {
  const params: unknown[] = [];
  const where = ['o.parent_id IS NULL', await searchFilter(db, q.search, params)];
  if (q.event) {
    params.push(q.event);
    where.push(`o.event_id = $${params.length}`);
  }
  if (q.accepted === 0) where.push(`o.confirmation_status IN ('unconfirmed', 'pending')`);
  if (q.unregistered === 1) {
    where.push(`o.status NOT IN ('void', 'expired')`);
    where.push(`EXISTS (SELECT 1 FROM users w WHERE w.id = o.owner_id AND w.status = 'unregistered')`);
  }
  const perPage = q.per_page ?? 50;
  const page = q.page ?? 1;
  const filter = where.join(' AND ');
  // A broad search ("an") matches most orders: its count stops at SEARCH_COUNT_CAP (200 pages), so a search answers
  // in time whatever it matches (docs/orders.md "Search and indexes").
  const count = await db.query<{ n: number }>(
    q.search?.trim()
      ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${filter} LIMIT ${SEARCH_COUNT_CAP}) c`
      : `SELECT count(*)::int AS n FROM orders o WHERE ${filter}`,
    params,
  );
  const { rows } = await db.query<OrderListRow & { total_ore: number }>(
    `SELECT o.id::int, o.type, o.status, o.confirmation_status, o.created_at::text AS created_at,
            json_build_object('id', o.event_id, 'name', ${EVENT_NAME('o.event_id')}) AS event,
            ${PERSON('ow')} AS owner, ${PERSON('rs')} AS reserver,
            (SELECT json_build_object('id', p.id) FROM payments p WHERE p.order_id = o.id AND p.valid ORDER BY p.id DESC LIMIT 1) AS active_payment,
            coalesce(i.tickets, 0)::int AS tickets, coalesce(i.merchandise, 0)::int AS merchandise, coalesce(i.total_ore, 0)::bigint AS total_ore
       FROM (SELECT o.* FROM orders o WHERE ${filter} ORDER BY o.created_at DESC, o.id DESC
              LIMIT ${perPage} OFFSET ${(page - 1) * perPage}) o
       LEFT JOIN users ow ON ow.id = o.owner_id
       LEFT JOIN users rs ON rs.id = o.reserver_id
       LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE it.type = 'ticket' AND it.valid) AS tickets,
                                 coalesce(sum(it.quantity) FILTER (WHERE it.type = 'merchandise' AND it.valid), 0) AS merchandise,
                                 sum(it.price_ore::bigint * it.quantity) FILTER (WHERE it.valid) AS total_ore
                            FROM order_items it WHERE it.order_id = o.id) i ON true
      ORDER BY o.created_at DESC, o.id DESC`,
    params,
  );
  return {
    count: count.rows[0].n,
    collection: rows.map(({ total_ore, ...r }) => ({ ...r, total: sekFromOre(Number(total_ore)) })),
  };
}

interface ItemRow {
  id: number;
  order_id: number;
  type: OrderItem['type'];
  fee_type: string | null;
  section: string | null;
  row: string | null;
  seat: string | null;
  general_admission: boolean | null;
  ticket_type_id: number | null;
  ticket_type_name: string | null;
  merchandise_id: number | null;
  merchandise_name: string | null;
  merchandise_sku: string | null;
  option_name: string | null;
  option_sku: string | null;
  quantity: number;
  original_price_ore: number;
  discount_ore: number;
  price_ore: number;
  valid: boolean;
  is_child: boolean;
  sold_at: string | null;
  holder: { id: number; name: string; phone: string | null } | null;
  sub_reservation_id: number | null;
  payment_id: number | null;
  refunded_ore: number;
  increased_ore: number;
  moved_ore: number;
  vat_percent: number;
}

const ITEMS_SQL = `
  SELECT i.id::int, i.order_id::int, i.type, i.fee_type, s.name AS section, ms.row_label AS row, ms.seat_label AS seat,
         s.general_admission, i.ticket_type_id::int, tt.name AS ticket_type_name, i.merchandise_id::int,
         coalesce(nullif(mt.name, ''), 'Merchandise ' || i.merchandise_id) AS merchandise_name, m.sku AS merchandise_sku,
         mo.name_en AS option_name, mo.sku AS option_sku, i.quantity, i.original_price_ore, i.discount_ore, i.price_ore,
         i.valid, i.is_child, i.sold_at::text, i.sub_reservation_id::int, i.payment_id::int, i.vat_percent,
         CASE WHEN h.id IS NULL THEN NULL ELSE json_build_object('id', h.id, 'name', coalesce(nullif(h.name, ''), concat_ws(' ', h.first_name, h.last_name)), 'phone', h.phone) END AS holder,
         coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0)::bigint AS refunded_ore,
         coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = i.id), 0)::bigint AS increased_ore,
         CASE WHEN i.type = 'ticket' THEN ${MOVED_PRICE_SQL('i')} END::bigint AS moved_ore
    FROM order_items i
    LEFT JOIN map_sections s ON s.id = i.section_id
    LEFT JOIN map_seats ms ON ms.id = i.seat_id
    LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
    LEFT JOIN merchandises m ON m.id = i.merchandise_id
    LEFT JOIN merchandise_translations mt ON mt.merchandise_id = i.merchandise_id AND mt.language = 'en'
    LEFT JOIN merchandise_options mo ON mo.id = i.merchandise_option_id
    LEFT JOIN users h ON h.id = i.holder_id
   WHERE i.order_id = ANY($1::bigint[])
   ORDER BY CASE i.type WHEN 'ticket' THEN 0 WHEN 'merchandise' THEN 1 ELSE 2 END, i.id`;

function toItem(r: ItemRow): OrderItem {
  // A re-seat to a dearer seat paid more for it (price_increases): refundable up to all that was paid.
  const paid = Number(r.price_ore) * r.quantity + Number(r.increased_ore);
  const refunded = Number(r.refunded_ore);
  return {
    id: r.id,
    type: r.type,
    fee_type: r.fee_type,
    section: r.section,
    row: r.row,
    seat: r.seat,
    general_admission: r.type === 'ticket' && (r.general_admission ?? false),
    ticket_type: r.ticket_type_id ? { id: r.ticket_type_id, name: r.ticket_type_name ?? '' } : null,
    merchandise: r.merchandise_id ? { id: r.merchandise_id, name: r.merchandise_name ?? '', sku: r.merchandise_sku } : null,
    merchandise_option: r.option_name ? { name: r.option_name, sku: r.option_sku } : null,
    sku: r.option_sku ?? r.merchandise_sku,
    quantity: r.quantity,
    original_price: sekFromOre(Number(r.original_price_ore)),
    discount: sekFromOre(Number(r.discount_ore)),
    price: sekFromOre(Number(r.price_ore)),
    valid: r.valid,
    is_child: r.is_child,
    confirmation: r.sold_at ? 'confirmed' : 'unconfirmed',
    user: r.holder,
    sub_reservation: r.sub_reservation_id,
    payment_id: r.payment_id,
    item_payments: r.payment_id ? [{ id: r.payment_id }] : [],
    refunded: sekFromOre(refunded),
    refundable: sekFromOre(r.sold_at && r.payment_id ? Math.max(0, paid - refunded) : 0),
    paid: r.type === 'ticket' && r.sold_at && r.payment_id ? sekFromOre(Number(r.moved_ore)) : null,
    vat_percent: Number(r.vat_percent),
  };
}

const SUMMARY_KEYS: Record<string, keyof PaymentSummary> = {
  merchandise: 'merchandise',
  ticket: 'ticket',
  merchandise_admin_fee: 'merchandise_admin_fee',
  merchandise_order_fee: 'merchandise_order_fee',
  ticket_admin_fee: 'ticket_admin_fee',
  ticket_service_fee: 'ticket_service_fee',
};

/** The payments tab's breakdown of one payment: what its items came to, by kind (öre summed, then SEK). */
function summarise(items: { type: string; fee_type: string | null; price_ore: number; quantity: number }[]): PaymentSummary {
  const ore: Record<keyof PaymentSummary, number> = {
    merchandise: 0, merchandise_admin_fee: 0, merchandise_order_fee: 0, ticket: 0, ticket_admin_fee: 0, ticket_service_fee: 0, total: 0,
  };
  for (const r of items) {
    const key = SUMMARY_KEYS[r.type === 'fee' ? (r.fee_type ?? '') : r.type];
    const amount = Number(r.price_ore) * r.quantity;
    if (key) ore[key] += amount;
    ore.total += amount;
  }
  return Object.fromEntries(Object.entries(ore).map(([k, v]) => [k, sekFromOre(v)])) as unknown as PaymentSummary;
}

/** A refunded item in words, as the payments tab lists it. */
function itemWords(r: ItemRow | undefined): string {
  if (!r) return 'Item';
  if (r.type === 'ticket') {
    return [r.ticket_type_name ?? 'Ticket', r.section, r.row && `row ${r.row}`, r.seat && `seat ${r.seat}`].filter(Boolean).join(', ');
  }
  if (r.type === 'merchandise') return [r.merchandise_name, r.option_name].filter(Boolean).join(' – ');
  return feeName(r.fee_type);
}

interface RefundRow {
  id: number;
  payment_id: number;
  created_at: string;
  reason: string | null;
  by: { id: number; name: string } | null;
  decrease_ore: number;
  amount_ore: number;
  item_ids: number[];
}

/** Every refund of the orders, oldest first: who, when, why, what the sale lost and what went back (issue 38). */
async function orderRefunds(db: Queryable, ids: number[], items: ItemRow[]): Promise<Map<number, OrderRefund[]>> {
  const { rows } = await db.query<RefundRow>(
    `SELECT r.id::int, r.payment_id::int, to_char(r.created_at, 'YYYY-MM-DD HH24:MI') AS created_at, r.reason,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id,
              'name', coalesce(nullif(u.name, ''), nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.email)) END AS by,
            sum(ri.original_price_decrease_ore)::bigint AS decrease_ore, sum(ri.refund_amount_ore)::bigint AS amount_ore,
            array_agg(ri.order_item_id::int ORDER BY ri.order_item_id) AS item_ids
       FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id
       LEFT JOIN users u ON u.id = r.refunded_by
      WHERE r.order_id = ANY($1::bigint[])
      GROUP BY r.id, u.id
      ORDER BY r.id`,
    [ids],
  );
  const byItem = new Map(items.map((i) => [i.id, i]));
  const out = new Map<number, OrderRefund[]>();
  for (const r of rows) {
    const decrease = Number(r.decrease_ore);
    const amount = Number(r.amount_ore);
    out.set(r.payment_id, [...(out.get(r.payment_id) ?? []), {
      id: r.id, created_at: r.created_at, by: r.by, reason: r.reason,
      price_decrease: sekFromOre(decrease), amount: sekFromOre(amount), fee_kept: sekFromOre(decrease - amount),
      items: r.item_ids.map((id) => itemWords(byItem.get(Number(id)))),
    }]);
  }
  return out;
}

interface IncreaseRow {
  payment_id: number; order_item_id: number; created_at: string; reason: string | null; by: { id: number; name: string } | null; ore: number;
}

/** What payments paid on items sold before them (re-seats to dearer seats, price_increases), oldest first. */
async function orderIncreases(db: Queryable, ids: number[]): Promise<IncreaseRow[]> {
  const { rows } = await db.query<IncreaseRow>(
    `SELECT pi.payment_id::int, pi.order_item_id::int, to_char(pi.created_at, 'YYYY-MM-DD HH24:MI') AS created_at, pi.reason,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id,
              'name', coalesce(nullif(u.name, ''), nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.email)) END AS by,
            pi.original_price_increase_ore AS ore
       FROM price_increases pi LEFT JOIN users u ON u.id = pi.created_by
      WHERE pi.order_id = ANY($1::bigint[])
      ORDER BY pi.id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, ore: Number(r.ore) }));
}

function refundsOf(status: string, paidOre: number, list: OrderRefund[]) {
  const refundedOre = list.reduce((sum, r) => sum + Math.round(r.price_decrease * 100), 0);
  return { state: paymentRefundState(status, paidOre, refundedOre), refunded: sekFromOre(refundedOre), refunds: list };
}

/** GET api/orders/{id}: the order (a top-level one or a sub-reservation) with items, sub-reservations and payments. */
export async function orderDetail(db: Queryable, id: number): Promise<OrderDetail> {
  const { rows } = await db.query<Omit<OrderDetail, 'items' | 'sub_reservations' | 'payments' | 'active_payment' | 'can_void'>>(
    `SELECT o.id::int, o.title, o.type, o.status, o.confirmation_status, o.confirmation_type, o.created_at::text AS created_at,
            o.reserved_until::text AS reserved_until, ${EXPIRED('o')} AS hold_ended,
            json_build_object('id', o.event_id, 'name', ${EVENT_NAME('o.event_id')},
                              'promoter', json_build_object('id', pr.id, 'name', pr.name)) AS event,
            ${PERSON('ow')} AS owner, ${PERSON('rs')} AS reserver
       FROM orders o
       JOIN promoters pr ON pr.id = o.promoter_id
       LEFT JOIN users ow ON ow.id = o.owner_id
       LEFT JOIN users rs ON rs.id = o.reserver_id
      WHERE o.id = $1`,
    [id],
  );
  const order = rows[0];
  if (!order) throw notFound('The order');
  const subs = await db.query<{ id: number; title: string; type: string; status: string }>(
    'SELECT id::int, title, type, status FROM orders WHERE parent_id = $1 ORDER BY id', [id],
  );
  const ids = [id, ...subs.rows.map((s) => s.id)];
  const items = (await db.query<ItemRow>(ITEMS_SQL, [ids])).rows;
  const payments = await db.query<Omit<OrderPayment, 'summary' | 'amount' | 'discount'> & { amount_ore: number; discount_ore: number }>(
    `SELECT id::int, provider, provider_order_id, valid, status, created_at::text AS created_at, paid_at::text AS paid_at, amount_ore, discount_ore
       FROM payments WHERE order_id = ANY($1::bigint[]) ORDER BY id DESC`,
    [ids],
  );
  const active = payments.rows.find((p) => p.valid);
  const refunds = await orderRefunds(db, ids, items);
  const increases = await orderIncreases(db, ids);
  const byItem = new Map(items.map((i) => [i.id, i]));
  // A payment's lines: the items it paid, and what it paid on items sold before it (as lines of their kind, 1 unit).
  const paidLines = (paymentId: number) => [
    ...items.filter((r) => r.payment_id === paymentId),
    ...increases.filter((x) => x.payment_id === paymentId).map((x) => ({ type: byItem.get(x.order_item_id)?.type ?? 'ticket', fee_type: byItem.get(x.order_item_id)?.fee_type ?? null, price_ore: x.ore, quantity: 1 })),
  ];
  const paidOre = (paymentId: number) => paidLines(paymentId).reduce((sum, r) => sum + Number(r.price_ore) * r.quantity, 0);
  // A re-seat's increase and its fee's increase are one line in words: the payment lists each move once.
  const increasesOf = (paymentId: number) => {
    const mine = increases.filter((x) => x.payment_id === paymentId);
    const lines = new Map<string, OrderPayment['increases'][number]>();
    for (const x of mine) {
      const key = `${x.created_at}|${x.reason ?? ''}`;
      const had = lines.get(key);
      const words = itemWords(byItem.get(x.order_item_id));
      if (had) {
        had.amount = sekFromOre(Math.round(had.amount * 100) + x.ore);
        if (!had.items.includes(words)) had.items.push(words);
      } else lines.set(key, { created_at: x.created_at, by: x.by, reason: x.reason, items: [words], amount: sekFromOre(x.ore) });
    }
    return [...lines.values()];
  };
  return {
    ...order,
    active_payment: active ? { id: active.id } : null,
    can_void: canVoidOrder(order.status),
    items: items.filter((r) => r.order_id === id).map(toItem),
    sub_reservations: subs.rows.map((s) => ({ ...s, items: items.filter((r) => r.order_id === s.id).map(toItem) })),
    payments: payments.rows.map(({ amount_ore, discount_ore, ...p }) => ({
      ...p,
      amount: sekFromOre(Number(amount_ore)),
      discount: sekFromOre(Number(discount_ore)),
      summary: summarise(paidLines(p.id)),
      ...refundsOf(p.status, paidOre(p.id), refunds.get(p.id) ?? []),
      increases: increasesOf(p.id),
    })),
  };
}
