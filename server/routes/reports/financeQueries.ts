/**
 * Finance reports (002 §2, §3, §7), aggregated in SQL. Sales, discounts and fees come from sales_daily (the paid
 * items summed per day, kept by triggers: 021_sales_reporting.sql), so a year is thousands of rows, not a million;
 * refunds and refund fees come from the refund tables, which are small. VAT and excl-VAT of each aggregated row are
 * src/domain/vat.ts's rule, the one the console's worker applies when a VAT % changes.
 */
import type { DiscountRow, FinanceGroup, FinanceReportName, FinanceRow } from '../../../src/contracts/reports';
import { sekFromOre } from '../../../src/domain/money';
import { vatRow } from '../../../src/domain/vat';
import type { Db, Queryable } from '../../db/database';
import type { ReportScope } from './reportScope';

/** The fee item names of the spec (002 §3), by fee type. */
export const FEE_NAME_SQL = (column: string) => `CASE ${column}
  WHEN 'ticket_service_fee' THEN 'Ticket Service Fee' WHEN 'ticket_admin_fee' THEN 'Ticket Admin Fee'
  WHEN 'merchandise_admin_fee' THEN 'Merchandise Admin Fee' WHEN 'merchandise_order_fee' THEN 'Merchandise Order Fee' END`;

const TICKET_FEES = `('ticket_service_fee', 'ticket_admin_fee')`;
const MERCHANDISE_FEES = `('merchandise_admin_fee', 'merchandise_order_fee')`;
/** "Event – Standard", "Event – Tour T-shirt", or the fee's name. */
const ITEM_NAME = `CASE WHEN d.type = 'ticket' THEN coalesce(et.name, '') || ' – ' || coalesce(tt.name, '')
  WHEN d.type = 'merchandise' THEN coalesce(et.name, '') || ' – ' || coalesce(mt.name, '') ELSE ${FEE_NAME_SQL('d.fee_type')} END`;
/** Totals: one row per kind of thing sold (and VAT rate). */
const CATEGORY_NAME = `CASE WHEN d.type = 'ticket' AND d.channel = 'resale' THEN 'Ticket resales' WHEN d.type = 'ticket' THEN 'Tickets'
  WHEN d.type = 'merchandise' THEN 'Merchandise' ELSE ${FEE_NAME_SQL('d.fee_type')} END`;

interface SalesSpec {
  kind: 'sales';
  name: string;
  where: string;
}
interface DiscountSpec {
  kind: 'discounts';
  name: string;
  where: string;
}
interface RefundSpec {
  kind: 'refunds' | 'refund-fees';
  name: string;
  itemType: 'ticket' | 'merchandise' | null;
}
type Spec = SalesSpec | DiscountSpec | RefundSpec;

const DISCOUNT_NAME = `coalesce(et.name, '') || ' – ' || dc.promo_code`;
const DISCOUNT_CATEGORY = `CASE d.type WHEN 'ticket' THEN 'Tickets' ELSE 'Merchandise' END`;
const REFUND_ITEM_NAME = `CASE WHEN i.type = 'ticket' THEN coalesce(et.name, '') || ' – ' || coalesce(tt.name, '')
  WHEN i.type = 'merchandise' THEN coalesce(et.name, '') || ' – ' || coalesce(mt.name, '') ELSE ${FEE_NAME_SQL('i.fee_type')} END`;
/** A refund of a fee item (the counter's release refunds a ticket's fees with it) belongs to its group's refunds. */
const REFUNDED_ITEMS = {
  ticket: `(i.type = 'ticket' OR i.fee_type IN ${TICKET_FEES})`,
  merchandise: `(i.type = 'merchandise' OR i.fee_type IN ${MERCHANDISE_FEES})`,
};

/** What each report of each group sums. Corporate tickets are reported apart from sales (their own table). */
const SPECS: Record<FinanceGroup, Partial<Record<FinanceReportName, Spec>>> = {
  tickets: {
    sales: { kind: 'sales', name: ITEM_NAME, where: `d.channel = 'sale' AND (d.type = 'ticket' OR d.fee_type IN ${TICKET_FEES})` },
    resales: { kind: 'sales', name: ITEM_NAME, where: `d.channel = 'resale'` },
    corporate: { kind: 'sales', name: ITEM_NAME, where: `d.channel = 'corporate' AND d.type = 'ticket'` },
    'cost-of-sales': { kind: 'sales', name: ITEM_NAME, where: `d.fee_type IN ${TICKET_FEES}` },
    discounts: { kind: 'discounts', name: DISCOUNT_NAME, where: `d.type = 'ticket'` },
    refunds: { kind: 'refunds', name: REFUND_ITEM_NAME, itemType: 'ticket' },
    'refund-fees': { kind: 'refund-fees', name: `coalesce(et.name, '') || ' – Ticket Refund Fee'`, itemType: 'ticket' },
  },
  merchandises: {
    sales: { kind: 'sales', name: ITEM_NAME, where: `d.channel = 'sale' AND (d.type = 'merchandise' OR d.fee_type IN ${MERCHANDISE_FEES})` },
    'cost-of-sales': { kind: 'sales', name: ITEM_NAME, where: `d.fee_type IN ${MERCHANDISE_FEES}` },
    discounts: { kind: 'discounts', name: DISCOUNT_NAME, where: `d.type = 'merchandise'` },
    refunds: { kind: 'refunds', name: REFUND_ITEM_NAME, itemType: 'merchandise' },
    'refund-fees': { kind: 'refund-fees', name: `coalesce(et.name, '') || ' – Merchandise Refund Fee'`, itemType: 'merchandise' },
  },
  totals: {
    sales: { kind: 'sales', name: CATEGORY_NAME, where: `d.channel IN ('sale', 'resale')` },
    'cost-of-sales': { kind: 'sales', name: CATEGORY_NAME, where: `d.type = 'fee'` },
    discounts: { kind: 'discounts', name: DISCOUNT_CATEGORY, where: 'true' },
    refunds: { kind: 'refunds', name: `CASE i.type WHEN 'ticket' THEN 'Tickets' WHEN 'merchandise' THEN 'Merchandise' ELSE ${FEE_NAME_SQL('i.fee_type')} END`, itemType: null },
    'refund-fees': { kind: 'refund-fees', name: `CASE WHEN ${REFUNDED_ITEMS.ticket} THEN 'Ticket Refund Fee' ELSE 'Merchandise Refund Fee' END`, itemType: null },
  },
};

export function hasFinanceReport(group: FinanceGroup, report: FinanceReportName): boolean {
  return SPECS[group][report] !== undefined;
}

const SCOPE = (alias: string) =>
  `($3::bigint IS NULL OR ${alias}.promoter_id = $3) AND ($4::bigint IS NULL OR ${alias}.event_id = $4)`;
const NAMES = `LEFT JOIN event_translations et ON et.event_id = d.event_id AND et.language = 'en'
  LEFT JOIN ticket_types tt ON tt.id = d.ticket_type_id
  LEFT JOIN merchandise_translations mt ON mt.merchandise_id = d.merchandise_id AND mt.language = 'en'`;

function sql(spec: Spec): string {
  switch (spec.kind) {
    case 'sales':
      return `SELECT ${spec.name} AS item_name, d.vat_percent, sum(d.quantity)::bigint AS quantity, sum(d.amount_ore)::bigint AS incl,
                     bool_or(d.type = 'fee') AS fee
                FROM sales_daily d ${NAMES}
               WHERE d.day >= $1::date AND d.day <= $2::date AND ${SCOPE('d')} AND ${spec.where}
               GROUP BY 1, 2
              HAVING sum(d.quantity) <> 0 OR sum(d.amount_ore) <> 0
               ORDER BY fee, min(d.type) DESC, item_name, vat_percent`;
    case 'discounts':
      return `SELECT ${spec.name} AS item_name, sum(d.quantity)::bigint AS quantity, sum(d.original_ore)::bigint AS original,
                     sum(d.discount_ore)::bigint AS discount, sum(d.amount_ore)::bigint AS incl
                FROM sales_daily d JOIN discounts dc ON dc.id = d.discount_id
                LEFT JOIN event_translations et ON et.event_id = d.event_id AND et.language = 'en'
               WHERE d.day >= $1::date AND d.day <= $2::date AND ${SCOPE('d')} AND ${spec.where}
               GROUP BY 1
              HAVING sum(d.quantity) <> 0
               ORDER BY item_name`;
    case 'refunds':
    case 'refund-fees': {
      const amount = spec.kind === 'refunds' ? 'ri.original_price_decrease_ore' : 'ri.original_price_decrease_ore - ri.refund_amount_ore';
      // A refund fee is a fee (the fees' VAT rate, that of the order); a return carries the item's own rate.
      const vat = spec.kind === 'refunds' ? 'i.vat_percent' : '(SELECT o.fees_vat FROM orders o WHERE o.id = r.order_id)';
      return `SELECT ${spec.name} AS item_name, ${vat} AS vat_percent, sum(ri.quantity)::bigint AS quantity, sum(${amount})::bigint AS incl,
                     false AS fee
                FROM refunds r
                JOIN refund_items ri ON ri.refund_id = r.id
                JOIN order_items i ON i.id = ri.order_item_id
                LEFT JOIN event_translations et ON et.event_id = i.event_id AND et.language = 'en'
                LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
                LEFT JOIN merchandise_translations mt ON mt.merchandise_id = i.merchandise_id AND mt.language = 'en'
               WHERE r.created_at >= $1::date AND r.created_at < $2::date + 1 AND ${SCOPE('r')}
                 ${spec.itemType ? `AND ${REFUNDED_ITEMS[spec.itemType]}` : `AND (${REFUNDED_ITEMS.ticket} OR ${REFUNDED_ITEMS.merchandise})`}
               GROUP BY 1, 2
               ORDER BY item_name, vat_percent`;
    }
  }
}

/** The rows of one finance report over the scope. */
export async function financeRows(db: Db, group: FinanceGroup, report: FinanceReportName, scope: ReportScope): Promise<FinanceRow[] | DiscountRow[]> {
  const spec = SPECS[group][report];
  if (!spec) return [];
  const params = [scope.from, scope.to, scope.promoterId, scope.eventId];
  if (spec.kind === 'discounts') {
    const { rows } = await db.query<{ item_name: string; quantity: number; original: number; discount: number; incl: number }>(sql(spec), params);
    return rows.map((r) => ({
      item_name: r.item_name,
      quantity: Number(r.quantity),
      original_price: sekFromOre(Number(r.original)),
      discount_amount: sekFromOre(Number(r.discount)),
      discount_percent: percentOf(Number(r.discount), Number(r.original)),
      price_incl_vat: sekFromOre(Number(r.incl)),
    }));
  }
  const { rows } = await (spec.kind === 'sales'
    ? db.query<{ item_name: string; vat_percent: number; quantity: number; incl: number }>(sql(spec), params)
    : withIndexLookups(db, (tx) => tx.query<{ item_name: string; vat_percent: number; quantity: number; incl: number }>(sql(spec), params)));
  return rows.map((r) => {
    const incl = Number(r.incl);
    const rate = Number(r.vat_percent);
    const { vatOre, exclOre } = vatRow(incl, rate);
    return {
      item_name: r.item_name,
      quantity: Number(r.quantity),
      price_incl_vat: sekFromOre(incl),
      vat_percent: rate,
      vat: sekFromOre(vatOre),
      price_excl_vat: sekFromOre(exclOre),
    };
  });
}

/**
 * Runs report queries that look a few thousand refunded items up among a million: with the default page costs the
 * planner reads the whole item table instead (5 s on PGlite). The data is in memory or on SSD, where a random read
 * costs little more than a sequential one: 1.1 is the usual setting there, applied to this transaction only.
 */
export function withIndexLookups<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL random_page_cost = 1.1');
    return fn(tx);
  });
}

/** part / whole as a percentage with 2 decimals, rounded half away from zero on integers; 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  if (whole === 0) return 0;
  const basisPoints = Math.floor((Math.abs(part) * 10000 * 2 + Math.abs(whole)) / (2 * Math.abs(whole)));
  return (Math.sign(part) * Math.sign(whole) * basisPoints) / 100;
}
