/**
 * Accounting Reporting (002 §2): one row per paid order item (sale, resale, corporate) and one per refunded item
 * (type refund, negative amounts), in time order. Read page by page with a keyset (moment, key): each page walks
 * the (sold_at, id) index from where the last one stopped, so page 200 costs what page 1 costs, and the CSV of a
 * year streams through memory one page at a time.
 */
import type { AccountingRow } from '../../../src/contracts/reports';
import { parseApiDate } from '../../../src/domain/dates';
import { sekFromOre } from '../../../src/domain/money';
import { exclFromIncl } from '../../../src/domain/vat';
import type { Queryable } from '../../db/database';
import { ValidationError } from '../../httpErrors';
import { FEE_NAME_SQL } from './financeQueries';
import type { ReportScope } from './reportScope';

/** Refund rows sort after item rows of the same second: their key is offset past any item id. */
export const REFUND_KEY_OFFSET = 1_000_000_000_000;

/**
 * A refund line as a row of the page (at, key, item_id, order_id, payment_id, tx_type, quantity, total, total_excl,
 * unit, vat_percent): negative amounts, excl VAT the stored net decrease. The JSON pages and the CSV's COPY share it.
 * The part of an item's refund that goes back to a re-seat's payment carries no unit (quantity 0, 290): its price is
 * its amount, as a price increase's row shows it.
 */
export const REFUND_ROW_SQL = `r.created_at, ${REFUND_KEY_OFFSET} + ri.id, i.id, r.order_id, r.payment_id, 'refund',
          ri.quantity, -ri.original_price_decrease_ore::bigint, -ri.net_price_decrease_ore::bigint,
          -round(ri.original_price_decrease_ore::numeric / greatest(ri.quantity, 1))::bigint, i.vat_percent`;
export const REFUND_FROM_SQL = 'refunds r JOIN refund_items ri ON ri.refund_id = r.id JOIN order_items i ON i.id = ri.order_item_id';

/** Price increases (a paid ticket moved to a dearer seat, issue 38) sort after the refunds of the same second. */
export const INCREASE_KEY_OFFSET = 2 * REFUND_KEY_OFFSET;

/**
 * A price increase as a row of the page, in the same columns as REFUND_ROW_SQL: the difference paid, as a row of its
 * item's channel (a sale of the difference), with the payment that collected it, excl VAT as stored. The JSON pages
 * and the CSV's COPY share it, so the accounting file agrees with the finance report after a re-seat.
 */
export const INCREASE_ROW_SQL = `pi.created_at, ${INCREASE_KEY_OFFSET} + pi.id, i.id, pi.order_id, pi.payment_id, i.channel,
          1, pi.original_price_increase_ore::bigint, pi.net_price_increase_ore::bigint, pi.original_price_increase_ore::bigint,
          i.vat_percent`;
export const INCREASE_FROM_SQL = 'price_increases pi JOIN order_items i ON i.id = pi.order_item_id';

/** The item's name on a row ("Adult · Section 307 row K seat 12", a product and its option, a fee's name), from the item columns of `a`. */
export function itemNameSql(a: string): string {
  return `CASE ${a}.type
         WHEN 'ticket' THEN coalesce(tt.name, '') || ' · ' || coalesce(sec.name, '')
                            || coalesce(' row ' || s.row_label || ' seat ' || s.seat_label, '')
         WHEN 'merchandise' THEN coalesce(mt.name, '') || coalesce(' (' || mo.name_en || ')', '')
         ELSE ${FEE_NAME_SQL(`${a}.fee_type`)} END`;
}

/**
 * The joins itemNameSql and the event column read (et, tt, sec, s, mt, mo), from the item columns of `a`.
 * `nameAs` rewrites the `name` of events, ticket types and products once per row of those small tables rather than
 * once per item: the CSV's COPY makes them formula-safe so (accountingCopy.ts). `OFFSET 0` keeps the planner from
 * pulling the rewrite up into the outer query, where it would run once per item again.
 */
export function describeJoinsSql(a: string, nameAs?: (name: string) => string): string {
  const named = (table: string, keys: string) => (nameAs ? `(SELECT ${keys}, ${nameAs('name')} AS name FROM ${table} OFFSET 0)` : table);
  return `LEFT JOIN ${named('event_translations', 'event_id, language')} et ON et.event_id = ${a}.event_id AND et.language = 'en'
  LEFT JOIN ${named('ticket_types', 'id')} tt ON tt.id = ${a}.ticket_type_id
  LEFT JOIN map_sections sec ON sec.id = ${a}.section_id
  LEFT JOIN map_seats s ON s.id = ${a}.seat_id
  LEFT JOIN ${named('merchandise_translations', 'merchandise_id, language')} mt ON mt.merchandise_id = ${a}.merchandise_id AND mt.language = 'en'
  LEFT JOIN merchandise_options mo ON mo.id = ${a}.merchandise_option_id`;
}

export interface AccountingPage {
  rows: AccountingRowOre[];
  next: string | null;
}

/** A row with money in öre (the JSON answer turns it into SEK, the CSV writes öre as SEK itself). */
export interface AccountingRowOre {
  transactionDate: string;
  transactionType: string;
  reservationId: number;
  providerOrderId: string | null;
  paymentId: number | null;
  customerName: string;
  phone: string;
  email: string;
  event: string;
  itemId: number;
  itemName: string;
  itemType: string;
  priceOre: number;
  quantity: number;
  vatPercent: number;
  vatPerItemOre: number;
  totalInclOre: number;
  totalExclOre: number;
}

function readCursor(after: string | undefined, from: string): [string, number] {
  if (!after) return [`${from} 00:00:00`, -1];
  const m = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)\|(\d{1,16})$/.exec(after);
  // The shape alone lets 2026-13-45 25:61:61 through, which PostgreSQL refuses as a timestamp: check the moment too.
  if (!m || !parseApiDate(m[1].slice(0, 19))) throw new ValidationError({ after: ['Use the next value of the previous page.'] });
  return [m[1], Number(m[2])];
}

/**
 * One page's rows of a kind keyed apart from the items (refunds, price increases): in the period and scope, after the
 * last key seen ($5, $6), in key order, at most a page. `t` is the alias whose created_at, promoter_id and event_id
 * place the row; its key is `offset + id`.
 */
const pageBranch = (row: string, from: string, t: string, id: string, offset: number) => `(SELECT ${row}
     FROM ${from}
    WHERE ${t}.created_at >= $1::timestamp AND ${t}.created_at < $2::timestamp
      AND (${t}.created_at, ${offset} + ${id}) > ($5::timestamp, $6::bigint)
      AND ($3::bigint IS NULL OR ${t}.promoter_id = $3) AND ($4::bigint IS NULL OR ${t}.event_id = $4)
    ORDER BY ${t}.created_at, ${id}
    LIMIT $7)`;

const PAGE_SQL = `
WITH page AS (
  (SELECT i.sold_at AS at, i.id AS key, i.id AS item_id, i.order_id, i.payment_id, i.channel AS tx_type,
          i.quantity, i.price_ore::bigint * i.quantity AS total, NULL::bigint AS total_excl, i.price_ore AS unit, i.vat_percent
     FROM order_items i
    WHERE i.sold_at >= $1::timestamp AND i.sold_at < $2::timestamp AND (i.sold_at, i.id) > ($5::timestamp, $6::bigint)
      AND ($3::bigint IS NULL OR i.promoter_id = $3) AND ($4::bigint IS NULL OR i.event_id = $4)
    ORDER BY i.sold_at, i.id
    LIMIT $7)
  UNION ALL
  ${pageBranch(REFUND_ROW_SQL, REFUND_FROM_SQL, 'r', 'ri.id', REFUND_KEY_OFFSET)}
  UNION ALL
  ${pageBranch(INCREASE_ROW_SQL, INCREASE_FROM_SQL, 'pi', 'pi.id', INCREASE_KEY_OFFSET)}
  ORDER BY at, key
  LIMIT $7
)
SELECT p.at::text AS at, p.key, p.item_id, p.order_id, p.payment_id, p.tx_type, p.quantity, p.total, p.total_excl, p.unit,
       p.vat_percent, pay.provider_order_id, coalesce(u.name, '') AS customer_name, coalesce(u.phone, '') AS phone,
       coalesce(u.email, '') AS email, coalesce(et.name, '') AS event, i.type AS item_type,
       ${itemNameSql('i')} AS item_name
  FROM page p
  JOIN order_items i ON i.id = p.item_id
  JOIN orders o ON o.id = p.order_id
  LEFT JOIN users u ON u.id = o.owner_id
  LEFT JOIN payments pay ON pay.id = p.payment_id
  ${describeJoinsSql('i')}
 ORDER BY p.at, p.key`;

interface PageRow {
  at: string;
  key: number;
  item_id: number;
  order_id: number;
  payment_id: number | null;
  tx_type: string;
  quantity: number;
  total: number;
  total_excl: number | null;
  unit: number;
  vat_percent: number;
  provider_order_id: string | null;
  customer_name: string;
  phone: string;
  email: string;
  event: string;
  item_type: string;
  item_name: string;
}

/** One page of the period, after the position `after` (absent: from the start). */
export async function accountingPage(db: Queryable, scope: ReportScope, perPage: number, after?: string): Promise<AccountingPage> {
  const [at, key] = readCursor(after, scope.from);
  const { rows } = await db.query<PageRow>(PAGE_SQL, [
    `${scope.from} 00:00:00`, `${scope.until} 00:00:00`, scope.promoterId, scope.eventId, at, key, perPage,
  ]);
  const out = rows.map((r): AccountingRowOre => {
    const unit = Number(r.unit);
    const total = Number(r.total);
    const rate = Number(r.vat_percent);
    return {
      transactionDate: r.at.slice(0, 19),
      transactionType: r.tx_type,
      reservationId: Number(r.order_id),
      providerOrderId: r.provider_order_id,
      paymentId: r.payment_id === null ? null : Number(r.payment_id),
      customerName: r.customer_name,
      phone: r.phone,
      email: r.email,
      event: r.event,
      itemId: Number(r.item_id),
      itemName: r.item_name,
      itemType: r.item_type,
      priceOre: unit,
      quantity: Number(r.quantity),
      vatPercent: rate,
      vatPerItemOre: unit - exclFromIncl(unit, rate),
      totalInclOre: total,
      // A refund states what it took off excl VAT (net_price_decrease); a sale is worked out from its total.
      totalExclOre: r.total_excl === null ? exclFromIncl(total, rate) : Number(r.total_excl),
    };
  });
  const last = rows[rows.length - 1];
  // The full moment (with fractions of a second, when a sale has them) keeps the keyset exact.
  return { rows: out, next: rows.length === perPage && last ? `${last.at}|${Number(last.key)}` : null };
}

/** Rows in the whole period: paid items from sales_daily (no scan of the items) plus refunded items and price increases. */
export async function accountingCount(db: Queryable, scope: ReportScope): Promise<number> {
  const params = [scope.from, scope.to, scope.promoterId, scope.eventId];
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT coalesce(sum(items), 0) FROM sales_daily d
              WHERE d.day >= $1::date AND d.day <= $2::date AND ($3::bigint IS NULL OR d.promoter_id = $3) AND ($4::bigint IS NULL OR d.event_id = $4))
          + (SELECT count(*) FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id
              WHERE r.created_at >= $1::date AND r.created_at < $2::date + 1
                AND ($3::bigint IS NULL OR r.promoter_id = $3) AND ($4::bigint IS NULL OR r.event_id = $4))
          + (SELECT count(*) FROM price_increases pi
              WHERE pi.created_at >= $1::date AND pi.created_at < $2::date + 1
                AND ($3::bigint IS NULL OR pi.promoter_id = $3) AND ($4::bigint IS NULL OR pi.event_id = $4)) AS n`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

export function toAccountingJson(r: AccountingRowOre): AccountingRow {
  return {
    transaction_date: r.transactionDate,
    transaction_type: r.transactionType,
    reservation_id: r.reservationId,
    provider_order_id: r.providerOrderId,
    payment_id: r.paymentId,
    customer_name: r.customerName,
    phone: r.phone,
    email: r.email,
    event: r.event,
    item_id: r.itemId,
    item_name: r.itemName,
    item_type: r.itemType,
    price: sekFromOre(r.priceOre),
    quantity: r.quantity,
    vat_percent: r.vatPercent,
    vat_per_item: sekFromOre(r.vatPerItemOre),
    total_incl_vat: sekFromOre(r.totalInclOre),
    total_excl_vat: sekFromOre(r.totalExclOre),
  };
}
