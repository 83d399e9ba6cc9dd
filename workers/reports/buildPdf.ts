/**
 * report.pdf of the Total sales table (002 §2): A4, one row per item, a total row, the fee footnote, title and
 * period at the top of every page and the table header repeated, so a printed page stands on its own.
 *
 * jsPDF runs without a DOM (checked in Node and in a worker-like global without window/document; only its HTML and
 * canvas features need one). The standard Helvetica needs no embedded font file, which keeps the file small and a
 * page fast, but it only has the WinAnsi glyphs (Latin-1 plus € – … and curly quotes): other characters are shown
 * as a look-alike or '?', never as the garbage a wrong encoding would print.
 */
import { jsPDF, type Font } from 'jspdf';
import { formatAmount } from '../../src/domain/money';
import { formatVatPercent } from '../../src/domain/vat';
import type { FinanceReport } from './financeRows';

export interface TotalSalesPdfInput {
  /** Defaults to the table's name on screen, 'Total sales'. */
  title?: string;
  /** The filter's period, YYYY-MM-DD. */
  from: string;
  to: string;
  report: FinanceReport;
}

export const FEES_FOOTNOTE = '* This quantity does not include fees';

const PAGE_HEIGHT = 841.89;
const MARGIN_X = 40;
const TABLE_TOP = 104;
const ROW_HEIGHT = 16;
const FOOTNOTE_Y = PAGE_HEIGHT - 56;
const PAGE_NUMBER_Y = PAGE_HEIGHT - 28;
const FONT_SIZE = 9;
const TABLE_WIDTH = 515.28;

/** Table rows (items and the total row) that fit between the header and the footnote. */
export const PDF_ROWS_PER_PAGE = Math.floor((FOOTNOTE_Y - 12 - (TABLE_TOP + ROW_HEIGHT)) / ROW_HEIGHT);

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
}

// Widths add up to the A4 width less the margins (595.28 − 80).
const COLUMNS: readonly Column[] = [
  { header: 'Item name', width: 195, align: 'left' },
  { header: 'Quantity', width: 55, align: 'right' },
  { header: 'Price incl VAT', width: 75, align: 'right' },
  { header: 'VAT %', width: 45, align: 'right' },
  { header: 'VAT', width: 70, align: 'right' },
  { header: 'Price excl VAT', width: 75.28, align: 'right' },
];

/** Pages the PDF of `rows` item rows has: the rows plus the total row, at least one page. */
export function totalSalesPdfPageCount(rows: number): number {
  return Math.max(1, Math.ceil((rows + 1) / PDF_ROWS_PER_PAGE));
}

export function buildTotalSalesPdf(input: TotalSalesPdfInput): ArrayBuffer {
  const { table, totals } = input.report;
  const title = input.title ?? 'Total sales';
  const period = `${input.from} \u2013 ${input.to}`;
  const rows = table.itemName.length;
  const pages = totalSalesPdfPageCount(rows);
  // Uncompressed (about 11 KB a page): deflating took three quarters of a first build and 40 % of later ones.
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: false });
  doc.setProperties({ title: printable(`${title} ${period}`), creator: 'Back-office console' });
  const page = new PageText(doc);

  for (let p = 0; p < pages; p++) {
    if (p > 0) doc.addPage();
    drawPageHeader(doc, page, title, period);
    const first = p * PDF_ROWS_PER_PAGE;
    const last = Math.min(rows, first + PDF_ROWS_PER_PAGE);
    let y = TABLE_TOP + ROW_HEIGHT;
    for (let i = first; i < last; i++, y += ROW_HEIGHT) {
      drawRow(page, 'normal', y, [
        table.itemName[i] ?? '',
        formatQuantity(table.quantity[i]!),
        pdfAmount(table.priceInclOre[i]!),
        formatVatPercent(table.vatPercent[i]!),
        pdfAmount(table.vatOre[i]!),
        pdfAmount(table.exclOre[i]!),
      ]);
    }
    if (p === pages - 1) {
      doc.setLineWidth(0.8);
      doc.line(MARGIN_X, y - ROW_HEIGHT + 4.5, MARGIN_X + TABLE_WIDTH, y - ROW_HEIGHT + 4.5);
      drawRow(page, 'bold', y, [
        'Total',
        `${formatQuantity(totals.quantity)}*`,
        pdfAmount(totals.priceInclOre),
        formatVatPercent(totals.vatPercent),
        pdfAmount(totals.vatOre),
        pdfAmount(totals.exclOre),
      ]);
      page.text('italic', FONT_SIZE, MARGIN_X, FOOTNOTE_Y, FEES_FOOTNOTE);
    }
    page.textRight('normal', 8, MARGIN_X + TABLE_WIDTH, PAGE_NUMBER_Y, `Page ${p + 1} of ${pages}`);
  }
  return doc.output('arraybuffer');
}

function drawPageHeader(doc: jsPDF, page: PageText, title: string, period: string): void {
  page.text('bold', 15, MARGIN_X, 56, printable(title));
  page.text('normal', 10, MARGIN_X, 74, printable(period));
  drawRow(page, 'bold', TABLE_TOP, COLUMNS.map((c) => c.header));
  doc.setLineWidth(0.5);
  doc.line(MARGIN_X, TABLE_TOP + 4.5, MARGIN_X + TABLE_WIDTH, TABLE_TOP + 4.5);
}

function drawRow(page: PageText, style: FontStyle, y: number, cells: readonly string[]): void {
  let x = MARGIN_X;
  COLUMNS.forEach((column, c) => {
    const text = page.fit(style, FONT_SIZE, printable(cells[c] ?? ''), column.width - 6);
    if (column.align === 'right') page.textRight(style, FONT_SIZE, x + column.width, y, text);
    else page.text(style, FONT_SIZE, x, y, text);
    x += column.width;
  });
}

type FontStyle = 'normal' | 'bold' | 'italic';

interface PdfFont {
  id: string;
  font: Font;
  /** Width in em of Latin-1 characters by code (NaN until looked up); other characters in `otherWidths`. */
  latin1Widths: Float64Array;
  otherWidths: Map<string, number>;
}

/**
 * Text on the current page, written as PDF text operators through jsPDF's `internal.write`. jsPDF's own text() runs
 * every string through its Arabic shaper and re-measures it for alignment, which made a page of 240 cells cost
 * more than the 15 ms budget; here each character's width is looked up once per font and cached. jsPDF still owns
 * the document: pages, the Helvetica resources and their metrics, and the cross-reference table.
 * Every method takes text already passed through `printable`.
 */
class PageText {
  private readonly fonts = new Map<FontStyle, PdfFont>();
  private readonly write: (line: string) => void;

  constructor(private readonly doc: jsPDF) {
    const internal = doc.internal as unknown as { write: (line: string) => void };
    this.write = (line) => internal.write(line);
  }

  text(style: FontStyle, size: number, x: number, y: number, text: string): void {
    const { id } = this.font(style);
    this.write(`BT /${id} ${size} Tf ${x.toFixed(2)} ${(PAGE_HEIGHT - y).toFixed(2)} Td (${pdfString(text)}) Tj ET`);
  }

  textRight(style: FontStyle, size: number, right: number, y: number, text: string): void {
    this.text(style, size, right - this.width(style, size, text), y, text);
  }

  /** Cuts text to `width` with an ellipsis instead of letting it run into the next column. */
  fit(style: FontStyle, size: number, text: string, width: number): string {
    if (this.width(style, size, text) <= width) return text;
    const room = width - this.width(style, size, '\u2026');
    let used = 0;
    let end = 0;
    while (end < text.length) {
      const w = this.charWidth(style, text[end]!) * size;
      if (used + w > room) break;
      used += w;
      end++;
    }
    return `${text.slice(0, end)}\u2026`;
  }

  width(style: FontStyle, size: number, text: string): number {
    let units = 0;
    for (let i = 0; i < text.length; i++) units += this.charWidth(style, text[i]!);
    return units * size;
  }

  private charWidth(style: FontStyle, ch: string): number {
    const font = this.font(style);
    const code = ch.charCodeAt(0);
    if (code < 256) {
      let w = font.latin1Widths[code]!;
      if (Number.isNaN(w)) {
        w = this.doc.getStringUnitWidth(ch, { font: font.font, fontSize: 1 });
        font.latin1Widths[code] = w;
      }
      return w;
    }
    let w = font.otherWidths.get(ch);
    if (w === undefined) {
      w = this.doc.getStringUnitWidth(ch, { font: font.font, fontSize: 1 });
      font.otherWidths.set(ch, w);
    }
    return w;
  }

  private font(style: FontStyle): PdfFont {
    let entry = this.fonts.get(style);
    if (!entry) {
      this.doc.setFont('helvetica', style);
      const font = this.doc.getFont();
      entry = { id: String(font.id), font, latin1Widths: new Float64Array(256).fill(Number.NaN), otherWidths: new Map() };
      this.fonts.set(style, entry);
    }
    return entry;
  }
}

/** Swedish amount (no-break space grouping); empty when the value is missing. */
function pdfAmount(ore: number): string {
  return Number.isSafeInteger(ore) ? formatAmount(ore) : '';
}

function formatQuantity(quantity: number): string {
  if (!Number.isFinite(quantity)) return '';
  if (!Number.isInteger(quantity)) return String(quantity).replace('.', ',').replace('-', '\u2212');
  // Whole quantities group like amounts: formatting as öre and cutting the ",00" keeps one grouping rule.
  return pdfAmount(quantity * 100).slice(0, -3);
}

/** Unicode characters of the WinAnsi 0x80–0x9F block, by their byte. */
const WIN_ANSI_HIGH: ReadonlyMap<string, string> = new Map([
  ['\u20ac', '\x80'], ['\u201a', '\x82'], ['\u0192', '\x83'], ['\u201e', '\x84'], ['\u2026', '\x85'], ['\u2020', '\x86'],
  ['\u2021', '\x87'], ['\u02c6', '\x88'], ['\u2030', '\x89'], ['\u0160', '\x8a'], ['\u2039', '\x8b'], ['\u0152', '\x8c'],
  ['\u017d', '\x8e'], ['\u2018', '\x91'], ['\u2019', '\x92'], ['\u201c', '\x93'], ['\u201d', '\x94'], ['\u2022', '\x95'],
  ['\u2013', '\x96'], ['\u2014', '\x97'], ['\u02dc', '\x98'], ['\u2122', '\x99'], ['\u0161', '\x9a'], ['\u203a', '\x9b'],
  ['\u0153', '\x9c'], ['\u017e', '\x9e'], ['\u0178', '\x9f'],
]);
/** Characters Helvetica lacks but has a look-alike for. */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map([
  ['\u2212', '-'], ['\u202f', '\u00a0'], ['\u2009', ' '], ['\t', ' '], ['\n', ' '], ['\r', ' '],
]);
const ALL_PRINTABLE = /^[\x20-\x7e\xa0-\xff]*$/;

/** Text Helvetica (WinAnsi) can show, still as Unicode: Latin-1 and the WinAnsi extras as is, look-alikes, else '?'. */
export function printable(text: string): string {
  if (ALL_PRINTABLE.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_HIGH.has(ch)) out += ch;
    else out += LOOK_ALIKES.get(ch) ?? '?';
  }
  return out;
}

/** A PDF literal string body: WinAnsi bytes (one char per byte, as jsPDF writes them), with \ ( ) escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = WIN_ANSI_HIGH.get(ch) ?? ch;
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return out;
}
