/**
 * The tables of each finance tab (002 §2 "Finance report") and where their rows come from (002 §7). The
 * Merchandise tab shows the 'Merchandise Order Fee' row of the merchandise sales call in a table of its own.
 */
import type { DiscountRow, FinanceGroup, FinanceReportName, FinanceRow } from '../../contracts/reports';
import { oreFromSek } from '../../domain/money';
import type { FinanceTab } from './reportTypes';
import type { DiscountColumns, FinanceColumns } from './reportTypes';

export interface FinanceTableDef {
  title: string;
  group: FinanceGroup;
  report: FinanceReportName;
  kind: 'finance' | 'discount';
  /** Of the merchandise sales rows: the items, or only the order fee. */
  split?: 'items' | 'orderFee';
  /** '* This quantity does not include fees' under the table. */
  footnote?: boolean;
  /** The table has a PDF button (Total sales). */
  pdf?: boolean;
  adminOnly?: boolean;
}

const T = (title: string, group: FinanceGroup, report: FinanceReportName, more: Partial<FinanceTableDef> = {}): FinanceTableDef => ({
  title, group, report, kind: report === 'discounts' ? 'discount' : 'finance', ...more,
});

export const FINANCE_TABS: { id: FinanceTab; title: string; tables: FinanceTableDef[] }[] = [
  {
    id: 'tickets',
    title: 'Tickets',
    tables: [
      T('Sales of tickets', 'tickets', 'sales', { footnote: true }),
      T('Resales of tickets', 'tickets', 'resales', { footnote: true }),
      T('Ticket discounts', 'tickets', 'discounts'),
      T('Ticket refund fees', 'tickets', 'refund-fees', { adminOnly: true }),
      T('Corporate', 'tickets', 'corporate'),
    ],
  },
  {
    id: 'merchandise',
    title: 'Merchandise',
    tables: [
      T('Sales of merchandise', 'merchandises', 'sales', { split: 'items', footnote: true }),
      T('Returns of merchandise', 'merchandises', 'refunds'),
      T('Merchandise discounts', 'merchandises', 'discounts'),
      T('Merchandise refund fees', 'merchandises', 'refund-fees', { adminOnly: true }),
      T('Total Merchandise Order Fee', 'merchandises', 'sales', { split: 'orderFee' }),
    ],
  },
  {
    id: 'totals',
    title: 'Totals',
    tables: [
      T('Total sales', 'totals', 'sales', { footnote: true, pdf: true }),
      T('Total returns', 'totals', 'refunds'),
      T('Total discounts', 'totals', 'discounts'),
      T('Total refund fees', 'totals', 'refund-fees', { adminOnly: true }),
      T('Corporate', 'tickets', 'corporate'),
    ],
  },
];

/** The row of the merchandise sales call that the Merchandise tab shows in its own table (002 §3). */
export const MERCHANDISE_ORDER_FEE = 'Merchandise Order Fee';

/** The merchandise sales rows without the order fee, or only the order fee. */
export function splitRows(rows: readonly FinanceRow[], part: 'items' | 'orderFee'): FinanceRow[] {
  return rows.filter((r) => (r.item_name === MERCHANDISE_ORDER_FEE) === (part === 'orderFee'));
}

/** API finance rows (SEK) as the worker's typed columns (öre). */
export function financeColumns(rows: readonly FinanceRow[]): FinanceColumns {
  return {
    itemName: rows.map((r) => r.item_name),
    quantity: Float64Array.from(rows, (r) => r.quantity),
    priceInclOre: Float64Array.from(rows, (r) => oreFromSek(r.price_incl_vat)),
    vatPercent: Float64Array.from(rows, (r) => r.vat_percent),
  };
}

export function discountColumns(rows: readonly DiscountRow[]): DiscountColumns {
  return {
    itemName: rows.map((r) => r.item_name),
    originalPriceOre: Float64Array.from(rows, (r) => oreFromSek(r.original_price)),
    discountAmountOre: Float64Array.from(rows, (r) => oreFromSek(r.discount_amount)),
    discountPercent: Float64Array.from(rows, (r) => r.discount_percent),
    priceInclOre: Float64Array.from(rows, (r) => oreFromSek(r.price_incl_vat)),
  };
}

/** The same columns with one row's VAT % changed (the worker then works the row and the totals out again). */
export function withRowRate(columns: FinanceColumns, row: number, rate: number): FinanceColumns {
  const vatPercent = Float64Array.from(columns.vatPercent);
  vatPercent[row] = rate;
  return { itemName: columns.itemName, quantity: columns.quantity, priceInclOre: columns.priceInclOre, vatPercent };
}
