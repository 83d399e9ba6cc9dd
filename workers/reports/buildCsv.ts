/**
 * CSV files of the reports (002 §2): finance_report_{tab}.csv, AccountingReport.csv, ScanningReport.csv and
 * UserExport.csv, built from typed columns in slices so a million rows neither freeze a thread nor ignore Cancel.
 *
 * Decisions (these files are opened in Excel by people, and read back by scripts):
 * - RFC 4180: comma separator, CRLF line ends, fields with a comma, quote or line break are quoted, quotes doubled.
 * - UTF-8 with a byte-order mark, without which Excel shows "Ã¥" for "å".
 * - Text that Excel would run as a formula (starting with = + - @, tab or CR) gets a leading apostrophe (OWASP's
 *   advice against CSV injection: customer names and emails are typed by the public). Numbers we format ourselves
 *   are not prefixed, so negative amounts stay numbers. Phone columns make one exception: a phone number in
 *   international form, '+' then only digits and spaces ("+46 70 123 45 67"), is written as it is. OWASP's list of
 *   characters is there to stop a cell from calling a function (HYPERLINK, WEBSERVICE, DDE, cmd); such a number holds
 *   no name, reference, string or operator other than its leading sign, so Excel can at worst read it as a number and
 *   nothing runs. Any other phone starting with = + - @ tab or CR ("+46=1+cmd|' /C calc'!A0", "-1", "@SUM(…)")
 *   still gets the apostrophe. docs/reports.md.
 * - Money as plain SEK with a dot ("1234.50"), percentages with 2 decimals ("25.00"): machine-readable and the same
 *   on every locale; the Swedish display style belongs to the screens and the PDF.
 */
import { CsvWriter } from './CsvWriter';
import type { DiscountColumns, FinanceTable } from './financeRows';

export interface AbortFlag {
  readonly aborted: boolean;
}

export interface CsvBuildOptions {
  /** Called after each slice with the data rows written so far. */
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
  /** Checked between slices; an AbortSignal fits. */
  signal?: AbortFlag;
  /** Longest stretch of work between yields to the event loop, in ms (main-thread long tasks stay under 50 ms). */
  sliceMs?: number;
}

/** The file as UTF-8 parts: `new Blob(parts, { type: 'text/csv' })`; each part's buffer can be transferred. */
export interface CsvFile {
  fileName: string;
  parts: Uint8Array[];
  byteLength: number;
  rows: number;
}

/** Strings interned once and referenced per row: repeated names cost one index each. */
export interface InternedText {
  strings: readonly string[];
  index: Int32Array | Uint32Array;
}
export type TextValues = readonly string[] | InternedText;
export type NumberValues = Float64Array | Int32Array | Uint32Array;
/** Identifiers may be numbers or strings (payment providers' order ids are text). */
export type IdValues = TextValues | NumberValues;

export type CsvColumn =
  | { header: string; kind: 'text'; values: TextValues }
  | { header: string; kind: 'integer'; values: NumberValues }
  /** Integer öre, written as SEK. */
  | { header: string; kind: 'ore'; values: NumberValues }
  | { header: string; kind: 'percent'; values: NumberValues }
  /** Text, formula-safe except a plain international phone number (isPlainPhoneNumber). */
  | { header: string; kind: 'phone'; values: TextValues };

/** '+' then digits and spaces only: a phone number that cannot carry a formula (see the file comment). */
export const PLAIN_PHONE_PATTERN = '^\\+[0-9][0-9 ]*$';
const PLAIN_PHONE = new RegExp(PLAIN_PHONE_PATTERN);

export function isPlainPhoneNumber(value: string): boolean {
  return PLAIN_PHONE.test(value);
}

export interface CsvTable {
  /** A one-cell row before the header (finance files). */
  title?: string;
  columns: readonly CsvColumn[];
  /** A blank row after the data (finance files separate their tables so). */
  blankAfter?: boolean;
}

/** Thrown when the signal was aborted; named like the DOM's so callers test `error.name === 'AbortError'`. */
export class BuildCancelledError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The report export was cancelled.');
  }
}

const ROWS_PER_CHECK = 1024;
const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Any CSV file: each table writes its optional title, its header row and its rows. */
export async function buildCsv(fileName: string, tables: readonly CsvTable[], options: CsvBuildOptions = {}): Promise<CsvFile> {
  const { onProgress, signal, sliceMs = 25 } = options;
  const lengths = tables.map(tableLength);
  const rowsTotal = lengths.reduce((a, b) => a + b, 0);
  if (signal?.aborted) throw new BuildCancelledError();
  const out = new CsvWriter();
  out.bytes(UTF8_BOM);
  let rowsDone = 0;
  let sliceStart = performance.now();
  for (const [t, table] of tables.entries()) {
    if (table.title !== undefined) {
      out.text(table.title);
      out.lineEnd();
    }
    table.columns.forEach((column, c) => {
      if (c > 0) out.comma();
      out.text(column.header);
    });
    out.lineEnd();
    const cells = table.columns.map((column) => cellWriter(column, out));
    const last = cells.length - 1;
    const rowCount = lengths[t] ?? 0;
    for (let start = 0; start < rowCount; start += ROWS_PER_CHECK) {
      const end = Math.min(rowCount, start + ROWS_PER_CHECK);
      for (let i = start; i < end; i++) {
        for (let c = 0; c < last; c++) {
          cells[c]!(i);
          out.comma();
        }
        if (last >= 0) cells[last]!(i);
        out.lineEnd();
      }
      rowsDone = rowsDone + end - start;
      if (start === 0 && t === 0) {
        // Size the rest of the file from its first rows (5 % spare) so it takes one allocation, not one per part.
        out.startPart(Math.ceil((out.written / rowsDone) * (rowsTotal - rowsDone) * 1.05) + 65536);
      }
      if (performance.now() - sliceStart >= sliceMs) {
        onProgress?.(rowsDone, rowsTotal);
        await yieldToEventLoop();
        if (signal?.aborted) throw new BuildCancelledError();
        sliceStart = performance.now();
      }
    }
    if (table.blankAfter) out.lineEnd();
  }
  out.flush();
  onProgress?.(rowsDone, rowsTotal);
  return { fileName, parts: out.parts, byteLength: out.byteLength, rows: rowsTotal };
}

export type FinanceTab = 'tickets' | 'merchandise' | 'totals';

/** One table of a finance tab: finance rows (sales, returns, refund fees, corporate) or discount rows. */
export type FinanceCsvTable = { title: string; rows: FinanceTable } | { title: string; discounts: DiscountColumns };

/** finance_report_{tab}.csv: per table a title row, a header row, the data rows and a blank separator (002 §2). */
export function buildFinanceCsv(tab: FinanceTab, tables: readonly FinanceCsvTable[], options?: CsvBuildOptions): Promise<CsvFile> {
  const csvTables = tables.map((t): CsvTable => {
    const columns: CsvColumn[] =
      'rows' in t
        ? [
            { header: 'Item name', kind: 'text', values: t.rows.itemName },
            { header: 'Quantity', kind: 'integer', values: t.rows.quantity },
            { header: 'Price incl VAT', kind: 'ore', values: t.rows.priceInclOre },
            { header: 'VAT %', kind: 'percent', values: t.rows.vatPercent },
            { header: 'VAT', kind: 'ore', values: t.rows.vatOre },
            { header: 'Price excl VAT', kind: 'ore', values: t.rows.exclOre },
          ]
        : [
            { header: 'Item name', kind: 'text', values: t.discounts.itemName },
            { header: 'Original price', kind: 'ore', values: t.discounts.originalPriceOre },
            { header: 'Discount amount', kind: 'ore', values: t.discounts.discountAmountOre },
            { header: 'Discount %', kind: 'percent', values: t.discounts.discountPercent },
            { header: 'Price incl VAT', kind: 'ore', values: t.discounts.priceInclOre },
          ];
    return { title: t.title, columns, blankAfter: true };
  });
  return buildCsv(`finance_report_${tab}.csv`, csvTables, options);
}

/** Accounting rows (002 §2), one per order item; money in öre. */
export interface AccountingColumns {
  transactionDate: TextValues;
  transactionType: TextValues;
  reservationId: IdValues;
  providerOrderId: IdValues;
  paymentId: IdValues;
  customerName: TextValues;
  phone: TextValues;
  email: TextValues;
  event: TextValues;
  itemId: IdValues;
  itemName: TextValues;
  itemType: TextValues;
  priceOre: NumberValues;
  quantity: NumberValues;
  vatPercent: NumberValues;
  vatPerItemOre: NumberValues;
  totalInclOre: NumberValues;
  totalExclOre: NumberValues;
}

/** AccountingReport.csv with the 18 columns of the Accounting Reporting table, in its order. */
export function buildAccountingCsv(rows: AccountingColumns, options?: CsvBuildOptions): Promise<CsvFile> {
  const columns: CsvColumn[] = [
    { header: 'Transaction date', kind: 'text', values: rows.transactionDate },
    { header: 'Type', kind: 'text', values: rows.transactionType },
    idColumn('Reservation ID', rows.reservationId),
    idColumn('Payment provider order ID', rows.providerOrderId),
    idColumn('Payment ID', rows.paymentId),
    { header: 'Customer name', kind: 'text', values: rows.customerName },
    { header: 'Phone', kind: 'phone', values: rows.phone },
    { header: 'Email', kind: 'text', values: rows.email },
    { header: 'Event', kind: 'text', values: rows.event },
    idColumn('Item ID', rows.itemId),
    { header: 'Name', kind: 'text', values: rows.itemName },
    { header: 'Item type', kind: 'text', values: rows.itemType },
    { header: 'Price', kind: 'ore', values: rows.priceOre },
    { header: 'Quantity', kind: 'integer', values: rows.quantity },
    { header: 'VAT %', kind: 'percent', values: rows.vatPercent },
    { header: 'VAT per item', kind: 'ore', values: rows.vatPerItemOre },
    { header: 'Total incl VAT', kind: 'ore', values: rows.totalInclOre },
    { header: 'Total excl VAT', kind: 'ore', values: rows.totalExclOre },
  ];
  return buildCsv('AccountingReport.csv', [{ columns }], options);
}

/** Scanning report rows (002 §3): item_name, item_type, scan_count, not_scan_count, total_count. */
export interface ScanningColumns {
  itemName: TextValues;
  itemType: TextValues;
  scanCount: NumberValues;
  notScanCount: NumberValues;
  totalCount: NumberValues;
}

export function buildScanningCsv(rows: ScanningColumns, options?: CsvBuildOptions): Promise<CsvFile> {
  const columns: CsvColumn[] = [
    { header: 'Item name', kind: 'text', values: rows.itemName },
    { header: 'Item type', kind: 'text', values: rows.itemType },
    { header: 'Scanned', kind: 'integer', values: rows.scanCount },
    { header: 'Not scanned', kind: 'integer', values: rows.notScanCount },
    { header: 'Total', kind: 'integer', values: rows.totalCount },
  ];
  return buildCsv('ScanningReport.csv', [{ columns }], options);
}

/** CRM customers (002 §2 UserExport.csv): the contact fields of the user entity. */
export interface UserExportColumns {
  id: IdValues;
  firstName: TextValues;
  lastName: TextValues;
  email: TextValues;
  phone: TextValues;
  country: TextValues;
}

export function buildUserExportCsv(rows: UserExportColumns, options?: CsvBuildOptions): Promise<CsvFile> {
  const columns: CsvColumn[] = [
    idColumn('ID', rows.id),
    { header: 'First name', kind: 'text', values: rows.firstName },
    { header: 'Last name', kind: 'text', values: rows.lastName },
    { header: 'Email', kind: 'text', values: rows.email },
    { header: 'Phone', kind: 'phone', values: rows.phone },
    { header: 'Country', kind: 'text', values: rows.country },
  ];
  return buildCsv('UserExport.csv', [{ columns }], options);
}

type CellWriter = (row: number) => void;

/** The header row of AccountingReport.csv (the server's COPY writes its rows under it: accountingCopy.ts). */
export const ACCOUNTING_CSV_HEADER = [
  'Transaction date', 'Type', 'Reservation ID', 'Payment provider order ID', 'Payment ID', 'Customer name', 'Phone',
  'Email', 'Event', 'Item ID', 'Name', 'Item type', 'Price', 'Quantity', 'VAT %', 'VAT per item', 'Total incl VAT',
  'Total excl VAT',
].join(',');

function cellWriter(column: CsvColumn, out: CsvWriter): CellWriter {
  switch (column.kind) {
    case 'phone': {
      const values = column.values;
      const at = isInterned(values) ? (i: number) => values.strings[values.index[i]!] : (i: number) => (values as readonly string[])[i];
      return (i) => {
        const v: unknown = at(i);
        const text = typeof v === 'string' ? v : v == null ? '' : String(v);
        out.text(text, !isPlainPhoneNumber(text));
      };
    }
    case 'text': {
      const values = column.values;
      if (!isInterned(values)) {
        // JSON may carry a number or null where text is declared; write what it holds instead of failing.
        return (i) => {
          const v: unknown = values[i];
          out.text(typeof v === 'string' ? v : v == null ? '' : String(v));
        };
      }
      // Interned strings are escaped and encoded once, not once per row.
      const encoded = values.strings.map((s) => CsvWriter.encodeText(s));
      return (i) => {
        const bytes = encoded[values.index[i]!];
        if (bytes) out.bytes(bytes);
      };
    }
    case 'integer': {
      const values = column.values;
      return (i) => out.number(values[i]!);
    }
    case 'ore': {
      const values = column.values;
      return (i) => out.hundredths(values[i]!);
    }
    case 'percent': {
      const values = column.values;
      return (i) => {
        const v = values[i]!;
        if (Number.isFinite(v)) out.hundredths(Math.round(v * 100));
      };
    }
  }
}

function idColumn(header: string, values: IdValues): CsvColumn {
  return ArrayBuffer.isView(values) ? { header, kind: 'integer', values } : { header, kind: 'text', values };
}

function isInterned(values: TextValues | NumberValues): values is InternedText {
  return !Array.isArray(values) && !ArrayBuffer.isView(values);
}

function tableLength(table: CsvTable): number {
  const lengths = table.columns.map((c) => (isInterned(c.values) ? c.values.index.length : c.values.length));
  const n = lengths[0] ?? 0;
  if (lengths.some((l) => l !== n)) {
    throw new RangeError(`The columns of ${table.title ?? 'the table'} have different lengths; every row needs every column.`);
  }
  return n;
}

let channelYield: (() => Promise<void>) | null = null;

/** Lets queued messages (Cancel, progress) through. setTimeout would be clamped to 4 ms per slice in browsers. */
function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (!channelYield) {
    const channel = new MessageChannel();
    const waiting: (() => void)[] = [];
    channel.port1.onmessage = () => waiting.shift()?.();
    channelYield = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(null);
      });
  }
  return channelYield();
}
