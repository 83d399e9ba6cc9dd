/**
 * The demo sales, step 3: orders, payments, items, resales, refunds and scans, each one INSERT … SELECT over the
 * plan of salesPlan.ts. Ids are computed (base + order number × 16 + line) instead of drawn from the sequences, so
 * an order's items, its payment and its refunds refer to each other without joins back; the sequences are moved
 * past them at the end.
 *
 * Item lines of order n: tickets 0–3, their service fees 4–7, the ticket admin fee 8, merchandise 9–11, the
 * merchandise admin fee 12 and the merchandise order fee 13. Payment 2n is the order's paid payment, 2n − 1 an
 * earlier failed attempt (some orders).
 */
import { SALES_CONSTANTS } from './salesPlan';

const { merchandiseAdminFeeOre, merchandiseOrderFeeOre, feeVatPercent } = SALES_CONSTANTS;
const serviceFee = SALES_CONSTANTS.serviceFeeSql;

/** Tickets and merchandise lines worked out (price, discount, validity) before anything is written. */
export const LINE_STATEMENTS: string[] = [
  `CREATE TEMP TABLE gen_tickets ON COMMIT DROP AS
   SELECT o.n, o.order_id, o.event_id, o.promoter_id, o.type, o.hold, o.owner_id, o.created_at, o.closes, o.payment_id,
          o.pay_seconds, o.ticket_code, o.refund, o.resold, p.seat_id, p.section_id, p.line, tt.id AS ticket_type_id,
          psi.price_ore AS list_price, se.ticket_vat,
          d.disc, CASE WHEN o.type = 'corporate' THEN 0 ELSE ${serviceFee('(psi.price_ore - d.disc)')} END AS fee,
          c.item_base + o.n * 16 + p.line AS item_id
     FROM gen_places p
     JOIN gen_orders o ON o.event_id = p.event_id AND o.block = p.block AND o.sub = p.sub
     JOIN sale_events se ON se.event_id = p.event_id
     JOIN ticket_types tt ON tt.event_id = p.event_id AND tt.position = p.type_position
     JOIN price_set_items psi ON psi.price_set_id = p.price_set_id AND psi.ticket_type_id = tt.id
     CROSS JOIN LATERAL (SELECT CASE o.ticket_code WHEN 'A' THEN (psi.price_ore * 10 + 50) / 100
                                                   WHEN 'B' THEN least(5000, psi.price_ore) ELSE 0 END AS disc) d
     CROSS JOIN seed_ctx c`,

  `CREATE TEMP TABLE gen_merch ON COMMIT DROP AS
   SELECT o.n, o.order_id, o.event_id, o.promoter_id, o.hold, o.created_at, o.closes, o.payment_id, o.pay_seconds,
          o.merch_code, o.merch_return, l AS line, cat.merchandise_id,
          CASE WHEN cat.has_options THEN cat.first_option_id + (o.spare + l) % 4 END AS option_id,
          cat.price_ore AS list_price, cat.vat_percent,
          CASE WHEN o.merch_code THEN (cat.price_ore * 20 + 50) / 100 ELSE 0 END AS disc,
          1 + pg_temp.h(o.n * 4 + l) % 2 AS qty,
          c.item_base + o.n * 16 + 9 + l AS item_id
     FROM gen_orders o
     CROSS JOIN LATERAL generate_series(0, o.merch_lines - 1) AS l
     JOIN gen_catalog cat ON cat.event_id = o.event_id AND cat.k = 1 + (o.spare + l) % 4
     CROSS JOIN seed_ctx c
    WHERE o.merch_lines > 0`,

  // What each order's payment comes to: tickets, their fees, the admin fee, merchandise and its fees.
  `CREATE TEMP TABLE gen_totals ON COMMIT DROP AS
   SELECT o.n, coalesce(t.total, 0) + coalesce(m.total, 0)
            + CASE WHEN o.type = 'purchase' THEN c.admin_fee ELSE 0 END
            + CASE WHEN o.merch_lines > 0 THEN ${merchandiseAdminFeeOre + merchandiseOrderFeeOre} ELSE 0 END AS total,
          coalesce(t.discount, 0) + coalesce(m.discount, 0) AS discount
     FROM gen_orders o
     CROSS JOIN seed_ctx c
     LEFT JOIN (SELECT n, sum(list_price - disc + fee) AS total, sum(disc) AS discount FROM gen_tickets GROUP BY n) t ON t.n = o.n
     LEFT JOIN (SELECT n, sum((list_price - disc) * qty) AS total, sum(disc * qty) AS discount FROM gen_merch GROUP BY n) m ON m.n = o.n`,
];

/** Orders and their payments (a failed attempt first for some). */
export const ORDER_STATEMENTS: string[] = [
  `INSERT INTO orders (id, event_id, promoter_id, type, status, title, description, owner_id, corporate_id, reserver_id,
                       reserved_until, validity_date, confirmation_status, confirmation_type, ticket_vat, fees_vat, created_at, updated_at)
   OVERRIDING SYSTEM VALUE
   SELECT o.order_id, o.event_id, o.promoter_id, o.type, CASE WHEN o.hold THEN 'new' ELSE 'completed' END,
          CASE o.type WHEN 'corporate' THEN 'Corporate hospitality' WHEN 'boxoffice' THEN 'Box office sale' ELSE '' END,
          CASE WHEN o.type = 'boxoffice' THEN '{"extra_fee":0}' ELSE '' END,
          o.owner_id, CASE WHEN o.type = 'corporate' THEN o.owner_id END, o.reserver_id,
          CASE WHEN o.hold THEN o.created_at + interval '20 minutes' END,
          -- A counter sale's reservation, made for that one sale, is valid until the sale was paid (the app no longer lists it).
          CASE WHEN o.type = 'boxoffice' THEN o.created_at + o.pay_seconds * interval '1 second' END,
          CASE WHEN o.hold THEN 'unconfirmed' ELSE 'confirmed' END, CASE WHEN o.hold THEN NULL ELSE 'payment' END,
          se.ticket_vat, ${feeVatPercent}, o.created_at, o.created_at
     FROM gen_orders o JOIN sale_events se ON se.event_id = o.event_id
    ORDER BY o.order_id`,

  `INSERT INTO payments (id, order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, created_at, paid_at)
   OVERRIDING SYSTEM VALUE
   SELECT x.id, o.order_id, o.provider,
          CASE o.provider WHEN 'card' THEN 'pi_' || to_hex((x.id * 48271) % 2147483647) || 'K' || to_hex(x.id)
                          WHEN 'swish' THEN 'SW' || lpad(((x.id * 69621) % 2147483647)::text, 10, '0') || lpad(x.id::text, 8, '0')
                          WHEN 'invoice' THEN 'INV-' || (100000 + x.id)
                          ELSE 'BO-' || x.id END,
          CASE WHEN x.paid THEN 'paid' ELSE 'failed' END, x.paid, tot.total, tot.discount,
          o.created_at - CASE WHEN x.paid THEN interval '0' ELSE interval '3 minutes' END,
          CASE WHEN x.paid THEN o.created_at + o.pay_seconds * interval '1 second' END
     FROM gen_orders o
     JOIN gen_totals tot ON tot.n = o.n
     CROSS JOIN LATERAL (VALUES (o.payment_id, true), (o.payment_id - 1, false)) AS x(id, paid)
    WHERE NOT o.hold AND (x.paid OR o.failed_attempt)
    ORDER BY x.id`,
];

const ITEM_COLUMNS = `id, order_id, event_id, promoter_id, type, fee_type, channel, section_id, seat_id, ticket_type_id, holder_id,
  merchandise_id, merchandise_option_id, quantity, original_price_ore, discount_ore, price_ore, discount_id, vat_percent,
  valid, resold_from_id, payment_id, created_at, sold_at, provider_order_id`;
/**
 * The payment, the moments and the payment's provider order id of a first-hand item (its order's payment, none for a
 * hold). The provider order id is what 295_order_item_provider_order_id.sql's trigger would copy from the payment
 * (the load runs with triggers off): read from the payments just written, joined in as `pay` (PAID_JOIN).
 */
const PAID = `CASE WHEN t.hold THEN NULL ELSE t.payment_id END, t.created_at,
  CASE WHEN t.hold THEN NULL ELSE t.created_at + t.pay_seconds * interval '1 second' END,
  CASE WHEN t.hold THEN NULL ELSE pay.provider_order_id END`;
const PAID_JOIN = 'LEFT JOIN payments pay ON pay.id = t.payment_id';

/** First-hand items: tickets, their fees, merchandise and its fees. */
export const ITEM_STATEMENTS: string[] = [
  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT t.item_id, t.order_id, t.event_id, t.promoter_id, 'ticket', NULL, CASE t.type WHEN 'corporate' THEN 'corporate' ELSE 'sale' END,
          -- The counter does not ask a walk-in buyer's name: its tickets have no holder, as the box-office sale writes them.
          t.section_id, t.seat_id, t.ticket_type_id, CASE WHEN t.type <> 'boxoffice' THEN t.owner_id END, NULL, NULL, 1, t.list_price, t.disc, t.list_price - t.disc,
          CASE t.ticket_code WHEN 'A' THEN g.code_a WHEN 'B' THEN g.code_b END, t.ticket_vat,
          NOT ((t.refund OR t.resold) AND t.line = 0), NULL, ${PAID}
     FROM gen_tickets t JOIN gen_codes g ON g.promoter_id = t.promoter_id ${PAID_JOIN}`,

  // Service fee per ticket, on its actual price; corporate reservations are invoiced without fees.
  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT t.item_id + 4, t.order_id, t.event_id, t.promoter_id, 'fee', 'ticket_service_fee', 'sale', NULL, NULL, NULL, NULL,
          NULL, NULL, 1, t.fee, 0, t.fee, NULL, ${feeVatPercent}, true, NULL, ${PAID}
     FROM gen_tickets t ${PAID_JOIN}
    WHERE t.type <> 'corporate'`,

  // The platform's admin fee, on a purchase; at the counter the admin fee is the reservation's extra fee (none at 0).
  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT c.item_base + t.n * 16 + 8, t.order_id, t.event_id, t.promoter_id, 'fee', 'ticket_admin_fee', 'sale', NULL, NULL, NULL, NULL,
          NULL, NULL, 1, c.admin_fee, 0, c.admin_fee, NULL, ${feeVatPercent}, true, NULL, ${PAID}
     FROM gen_orders t CROSS JOIN seed_ctx c ${PAID_JOIN}
    WHERE t.type = 'purchase'`,

  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT t.item_id, t.order_id, t.event_id, t.promoter_id, 'merchandise', NULL, 'sale', NULL, NULL, NULL, NULL,
          t.merchandise_id, t.option_id, t.qty, t.list_price, t.disc, t.list_price - t.disc,
          CASE WHEN t.merch_code THEN g.code_m END, t.vat_percent, NOT (t.merch_return AND t.line = 0), NULL, ${PAID}
     FROM gen_merch t JOIN gen_codes g ON g.promoter_id = t.promoter_id ${PAID_JOIN}`,

  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT c.item_base + t.n * 16 + x.line, t.order_id, t.event_id, t.promoter_id, 'fee', x.fee_type, 'sale', NULL, NULL, NULL, NULL,
          NULL, NULL, 1, x.fee, 0, x.fee, NULL, ${feeVatPercent}, true, NULL, ${PAID}
     FROM gen_orders t CROSS JOIN seed_ctx c ${PAID_JOIN}
     CROSS JOIN (VALUES (12, 'merchandise_admin_fee', ${merchandiseAdminFeeOre}), (13, 'merchandise_order_fee', ${merchandiseOrderFeeOre})) AS x(line, fee_type, fee)
    WHERE t.merch_lines > 0
    ORDER BY 1`,
];

/**
 * Resales: a holder sells a ticket on the market (events that allow it); the buyer gets the same seat on a new
 * order of type resale, at up to 19 % over what was paid, plus fees. The first ticket was already written invalid.
 * The resale comes after the first payment and by the close of sales, so its own payment, too, ends before the start.
 */
export const RESALE_STATEMENTS: string[] = [
  `CREATE TEMP TABLE gen_resales ON COMMIT DROP AS
   SELECT r.*, c.order_base + r.m AS resale_order_id, c.payment_base + 2 * r.m AS resale_payment_id,
          c.item_base + r.m * 16 AS resale_item_id,
          c.att_min + pg_temp.h(r.m * 16 + 5) % c.att_count AS buyer_id,
          (r.created_at + interval '125 seconds' + (r.closes - r.created_at - interval '125 seconds') * (pg_temp.h(r.m * 16 + 3) / 65536::float8))::timestamp(0) AS resold_at,
          ((r.list_price - r.disc) * (100 + pg_temp.h(r.m * 16 + 4) % 20)) / 100 AS resale_price,
          5 + pg_temp.h(r.m * 16 + 14) % 120 AS resale_pay_seconds,
          CASE WHEN pg_temp.h(r.m * 16 + 13) % 10 < 4 THEN 'swish' ELSE 'card' END AS resale_provider
     FROM (SELECT t.*, (SELECT max(n) FROM gen_orders) + (row_number() OVER (ORDER BY t.n))::int AS m
             FROM gen_tickets t WHERE t.resold AND t.line = 0) r
     CROSS JOIN seed_ctx c`,

  `INSERT INTO orders (id, event_id, promoter_id, type, status, owner_id, reserver_id, confirmation_status, confirmation_type,
                       ticket_vat, fees_vat, created_at, updated_at)
   OVERRIDING SYSTEM VALUE
   SELECT r.resale_order_id, r.event_id, r.promoter_id, 'resale', 'completed', r.buyer_id, r.buyer_id, 'confirmed', 'payment',
          r.ticket_vat, ${feeVatPercent}, r.resold_at, r.resold_at
     FROM gen_resales r ORDER BY 1`,

  `INSERT INTO payments (id, order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, created_at, paid_at)
   OVERRIDING SYSTEM VALUE
   SELECT r.resale_payment_id, r.resale_order_id, r.resale_provider,
          CASE r.resale_provider WHEN 'card' THEN 'pi_' || to_hex((r.resale_payment_id * 48271) % 2147483647) || 'K' || to_hex(r.resale_payment_id)
               ELSE 'SW' || lpad(((r.resale_payment_id * 69621) % 2147483647)::text, 10, '0') || lpad(r.resale_payment_id::text, 8, '0') END,
          'paid', true, r.resale_price + ${serviceFee('r.resale_price')} + c.admin_fee, 0, r.resold_at,
          r.resold_at + r.resale_pay_seconds * interval '1 second'
     FROM gen_resales r CROSS JOIN seed_ctx c ORDER BY 1`,

  `INSERT INTO order_items (${ITEM_COLUMNS}) OVERRIDING SYSTEM VALUE
   SELECT r.resale_item_id + x.line, r.resale_order_id, r.event_id, r.promoter_id, x.type, x.fee_type, 'resale',
          CASE WHEN x.type = 'ticket' THEN r.section_id END, CASE WHEN x.type = 'ticket' THEN r.seat_id END,
          CASE WHEN x.type = 'ticket' THEN r.ticket_type_id END, CASE WHEN x.type = 'ticket' THEN r.buyer_id END,
          NULL, NULL, 1, x.price, 0, x.price, NULL, CASE WHEN x.type = 'ticket' THEN r.ticket_vat ELSE ${feeVatPercent} END,
          true, CASE WHEN x.type = 'ticket' THEN r.item_id END, r.resale_payment_id, r.resold_at,
          r.resold_at + r.resale_pay_seconds * interval '1 second', pay.provider_order_id
     FROM gen_resales r CROSS JOIN seed_ctx c JOIN payments pay ON pay.id = r.resale_payment_id
     CROSS JOIN LATERAL (VALUES (0, 'ticket', NULL, r.resale_price),
                                (4, 'fee', 'ticket_service_fee', ${serviceFee('r.resale_price')}),
                                (8, 'fee', 'ticket_admin_fee', c.admin_fee)) AS x(line, type, fee_type, price)
    ORDER BY 1`,
];

/**
 * Refunds (first ticket of some purchases, first merchandise line of some orders), each on its own refund row; the
 * refund fee (platform refund_fee %) is kept back from the amount returned. A refund comes after the payment (125 s
 * after the order, the longest a payment takes) and by the event's start or the seed's now, whichever is first.
 */
export const REFUND_STATEMENTS: string[] = [
  `CREATE TEMP TABLE gen_refunds ON COMMIT DROP AS
   SELECT c.refund_base + row_number() OVER (ORDER BY x.item_id) AS refund_id, x.*,
          (x.created_at + interval '125 seconds' + (x.closes - x.created_at) * (pg_temp.h((x.item_id % 400000000)::int * 5) / 65536::float8))::timestamp(0) AS refunded_at,
          x.decrease - (x.decrease * c.refund_pct * 100 + 5000)::bigint / 10000 AS amount,
          round(x.decrease * 100 / (100 + x.vat))::bigint AS net
     FROM (SELECT t.item_id, t.order_id, t.event_id, t.promoter_id, t.payment_id, t.created_at, t.closes, 1 AS qty,
                  t.list_price - t.disc AS decrease, t.ticket_vat AS vat, 'ticket' AS item_type
             FROM gen_tickets t WHERE t.refund AND t.line = 0
           UNION ALL
           SELECT m.item_id, m.order_id, m.event_id, m.promoter_id, m.payment_id, m.created_at, m.closes, m.qty,
                  (m.list_price - m.disc) * m.qty, m.vat_percent, 'merchandise'
             FROM gen_merch m WHERE m.merch_return AND m.line = 0 AND NOT m.hold) x
     CROSS JOIN seed_ctx c`,

  `INSERT INTO refunds (id, order_id, payment_id, event_id, promoter_id, refunded_by, created_at) OVERRIDING SYSTEM VALUE
   SELECT r.refund_id, r.order_id, r.payment_id, r.event_id, r.promoter_id, (SELECT min(id) FROM users WHERE type = 'admin'), r.refunded_at
     FROM gen_refunds r ORDER BY 1`,

  // item_type as the trigger of 155_refund_item_type.sql would copy it (the load runs with triggers off).
  `INSERT INTO refund_items (refund_id, order_item_id, quantity, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore, keep_valid, item_type)
   SELECT r.refund_id, r.item_id, r.qty, r.decrease, r.net, r.amount, false, r.item_type FROM gen_refunds r ORDER BY 1`,

];

/**
 * Scans at the gates of passed events, in the 90 minutes before the start and never before the item was paid: most
 * tickets, and most merchandise picked up.
 */
export const SCAN_STATEMENTS: string[] = [
  // One scan per scanned item, so the item's id serves as the scan's (no sequence call per row).
  `INSERT INTO scans (id, order_item_id, event_id, scanner_id, scanned_at) OVERRIDING SYSTEM VALUE
   SELECT x.item_id, x.item_id, x.event_id, se.scanner_id,
          greatest(x.paid_at, se.start_date - (pg_temp.h((x.item_id % 500000000)::int * 3) % 5400) * interval '1 second')
     FROM (SELECT item_id, event_id, 92 AS share, created_at + pay_seconds * interval '1 second' AS paid_at
             FROM gen_tickets WHERE NOT (refund OR resold) OR line > 0
           UNION ALL
           SELECT resale_item_id, event_id, 92, resold_at + resale_pay_seconds * interval '1 second' FROM gen_resales
           UNION ALL
           SELECT item_id, event_id, 70, created_at + pay_seconds * interval '1 second'
             FROM gen_merch WHERE NOT merch_return OR line > 0) x
     JOIN sale_events se ON se.event_id = x.event_id AND se.passed
    WHERE pg_temp.h((x.item_id % 500000000)::int * 3 + 1) % 100 < x.share`,
];

export const FINISH_STATEMENTS: string[] = [
  ...['orders', 'order_items', 'payments', 'refunds', 'scans'].map(
    (table) => `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (SELECT coalesce(max(id), 0) FROM ${table})))`,
  ),
  'ANALYZE orders',
  'ANALYZE order_items',
  'ANALYZE payments',
  'ANALYZE refunds',
  'ANALYZE refund_items',
  'ANALYZE scans',
  'ANALYZE sales_daily',
];

/**
 * sales_daily for the loaded items in one pass. The bulk load ran with triggers off (seedSales.ts); this is the same
 * sum the insert trigger of 021_sales_reporting.sql makes, and tests compare the two ways on the seeded data.
 */
export const ROLLUP_STATEMENT = `INSERT INTO sales_daily AS d (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id,
                              discount_id, vat_percent, items, quantity, amount_ore, original_ore, discount_ore)
  SELECT n.sold_at::date, n.promoter_id, n.event_id, n.channel, n.type, n.fee_type, n.ticket_type_id, n.merchandise_id,
         n.discount_id, n.vat_percent, count(*), sum(n.quantity), sum(n.price_ore::bigint * n.quantity),
         sum(n.original_price_ore::bigint * n.quantity), sum(n.discount_ore::bigint * n.quantity)
    FROM order_items n
   WHERE n.sold_at IS NOT NULL AND n.id > (SELECT item_base FROM seed_ctx)
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
    SET items = d.items + EXCLUDED.items, quantity = d.quantity + EXCLUDED.quantity, amount_ore = d.amount_ore + EXCLUDED.amount_ore,
        original_ore = d.original_ore + EXCLUDED.original_ore, discount_ore = d.discount_ore + EXCLUDED.discount_ore`;
