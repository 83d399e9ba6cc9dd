/**
 * Finance report rows (002 §3, §5): VAT and excl-VAT per row, the editable VAT % of a row, and the totals row.
 * Rows arrive as typed columns (money in integer öre) so a table crosses threads as a few transferred buffers.
 * The rules themselves (rounding, derived total rate) are src/domain/vat.ts; this file applies them to columns.
 */
import { exclFromIncl, totalVatPercent, vatRow } from '../../src/domain/vat';

/**
 * Fee items whose quantity is not counted in a table's total quantity (002 §3: '* This quantity does not include
 * fees'). 002 §3 lists three names; the Merchandise Order Fee is a fee too, and counting it made the Totals tab's
 * quantity contradict the footnote printed under it (61,433 order fees in the demo), so all four are left out.
 */
export const FEE_ITEM_NAMES: readonly string[] = ['Ticket Service Fee', 'Ticket Admin Fee', 'Merchandise Admin Fee', 'Merchandise Order Fee'];
/**
 * The merchandise sales call includes this row (002 §7 "include merchandise_order_fee"); the console shows it in its
 * own table, 'Total Merchandise Order Fee', not among the merchandise sold.
 */
export const MERCHANDISE_ORDER_FEE = 'Merchandise Order Fee';

/** Finance rows as the API gives them: item_name, quantity, price_incl_vat (öre), vat_percent. */
export interface FinanceColumns {
  itemName: readonly string[];
  quantity: Float64Array | Int32Array;
  priceInclOre: Float64Array;
  vatPercent: Float64Array;
}

/** The rows with their VAT (vat, price_excl_vat) worked out; vatOre[i] + exclOre[i] === priceInclOre[i]. */
export interface FinanceTable extends FinanceColumns {
  vatOre: Float64Array;
  exclOre: Float64Array;
}

export interface FinanceTotals {
  /** Sum of quantities, fee items excluded. */
  quantity: number;
  priceInclOre: number;
  vatOre: number;
  exclOre: number;
  /** Derived from the sums, 2 decimals. */
  vatPercent: number;
}

/** Discount rows (002 §3): original_price, discount_amount, discount_percent, price_incl_vat; money in öre. */
export interface DiscountColumns {
  itemName: readonly string[];
  originalPriceOre: Float64Array;
  discountAmountOre: Float64Array;
  discountPercent: Float64Array;
  priceInclOre: Float64Array;
}

export interface FinanceReport {
  table: FinanceTable;
  totals: FinanceTotals;
}

export function isFeeItem(itemName: string): boolean {
  return FEE_ITEM_NAMES.includes(itemName.trim());
}

/** Works out VAT and excl-VAT for every row. The input columns are reused, not copied. */
export function computeFinanceVat(columns: FinanceColumns): FinanceTable {
  const n = rowCount(columns);
  const vatOre = new Float64Array(n);
  const exclOre = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // vatRow's rule (excl rounded, VAT the remainder) without an object per row.
    const incl = columns.priceInclOre[i];
    const excl = exclFromIncl(incl, columns.vatPercent[i]);
    exclOre[i] = excl;
    vatOre[i] = incl - excl;
  }
  return { ...columns, vatOre, exclOre };
}

/**
 * The totals row: sums of money, the derived VAT %, and the quantity without fee items. A table of fees only (the
 * Merchandise tab's 'Total Merchandise Order Fee', which has no footnote) counts what it lists.
 */
export function financeTotals(table: FinanceTable): FinanceTotals {
  const n = rowCount(table);
  let quantity = 0;
  let feeQuantity = 0;
  let priceInclOre = 0;
  let vatOre = 0;
  let exclOre = 0;
  // Names repeat (fee rows per event, ...): remember each name's verdict instead of re-testing it.
  const feeByName = new Map<string, boolean>();
  for (let i = 0; i < n; i++) {
    const name = table.itemName[i];
    let fee = feeByName.get(name);
    if (fee === undefined) {
      fee = isFeeItem(name);
      feeByName.set(name, fee);
    }
    if (fee) feeQuantity += table.quantity[i];
    else quantity += table.quantity[i];
    priceInclOre += table.priceInclOre[i];
    vatOre += table.vatOre[i];
    exclOre += table.exclOre[i];
  }
  if (n > 0 && quantity === 0 && [...feeByName.values()].every(Boolean)) quantity = feeQuantity;
  return { quantity, priceInclOre, vatOre, exclOre, vatPercent: totalVatPercent(priceInclOre, exclOre) };
}

/** VAT rows and totals in one go: what a freshly loaded table needs. */
export function buildFinanceReport(columns: FinanceColumns): FinanceReport {
  const table = computeFinanceVat(columns);
  return { table, totals: financeTotals(table) };
}

/**
 * The VAT % dropdown of one row changed (002 §5): that row's VAT and excl-VAT and the totals are worked out again.
 * The table is not mutated: the VAT columns are copied (a few hundred kB at most) so the screen, which holds the
 * report in React state, sees a new object and the previous one stays valid for undo or a pending CSV build.
 */
export function changeRowVat(report: FinanceReport, row: number, ratePercent: number): FinanceReport {
  const { table, totals } = report;
  const n = rowCount(table);
  if (!Number.isInteger(row) || row < 0 || row >= n) throw new RangeError(`No finance row ${row} (table has ${n} rows).`);
  const { vatOre, exclOre } = vatRow(table.priceInclOre[row], ratePercent);
  const next: FinanceTable = {
    ...table,
    vatPercent: table.vatPercent.slice(),
    vatOre: table.vatOre.slice(),
    exclOre: table.exclOre.slice(),
  };
  next.vatPercent[row] = ratePercent;
  next.vatOre[row] = vatOre;
  next.exclOre[row] = exclOre;
  // Only this row's VAT and excl moved; incl and quantity did not, so the sums change by the differences.
  const sumVat = totals.vatOre - table.vatOre[row] + vatOre;
  const sumExcl = totals.exclOre - table.exclOre[row] + exclOre;
  return {
    table: next,
    totals: { ...totals, vatOre: sumVat, exclOre: sumExcl, vatPercent: totalVatPercent(totals.priceInclOre, sumExcl) },
  };
}

/** Splits the 'Merchandise Order Fee' row(s) from the merchandise sales rows, for their own table. */
export function splitMerchandiseOrderFee(columns: FinanceColumns): { items: FinanceColumns; orderFee: FinanceColumns } {
  const n = rowCount(columns);
  const isOrderFee = (i: number): boolean => columns.itemName[i].trim() === MERCHANDISE_ORDER_FEE;
  const itemRows: number[] = [];
  const feeRows: number[] = [];
  for (let i = 0; i < n; i++) (isOrderFee(i) ? feeRows : itemRows).push(i);
  return { items: pickRows(columns, itemRows), orderFee: pickRows(columns, feeRows) };
}

function pickRows(columns: FinanceColumns, rows: readonly number[]): FinanceColumns {
  const quantity = columns.quantity instanceof Int32Array ? new Int32Array(rows.length) : new Float64Array(rows.length);
  const priceInclOre = new Float64Array(rows.length);
  const vatPercent = new Float64Array(rows.length);
  const itemName: string[] = [];
  rows.forEach((from, to) => {
    itemName.push(columns.itemName[from]);
    quantity[to] = columns.quantity[from];
    priceInclOre[to] = columns.priceInclOre[from];
    vatPercent[to] = columns.vatPercent[from];
  });
  return { itemName, quantity, priceInclOre, vatPercent };
}

function rowCount(columns: FinanceColumns): number {
  const n = columns.itemName.length;
  if (columns.quantity.length !== n || columns.priceInclOre.length !== n || columns.vatPercent.length !== n) {
    throw new RangeError('Finance columns have different lengths; each row needs a name, quantity, price and VAT %.');
  }
  return n;
}
