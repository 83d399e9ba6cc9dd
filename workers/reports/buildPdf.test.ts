import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTotalSalesPdf, FEES_FOOTNOTE, PDF_ROWS_PER_PAGE, printable } from './buildPdf';
import { buildFinanceReport } from './financeRows';

function reportOf(names: string[]) {
  const n = names.length;
  return buildFinanceReport({
    itemName: names,
    quantity: new Int32Array(n).fill(2),
    priceInclOre: new Float64Array(n).fill(450000),
    vatPercent: new Float64Array(n).fill(6),
  });
}

/** Just enough PDF reading for the tests: the page objects and each page's inflated content stream. */
function readPdf(buffer: ArrayBuffer): { raw: string; pages: number; contents: string[] } {
  const bytes = Buffer.from(buffer);
  const raw = bytes.toString('latin1');
  const pages = (raw.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  const contents: string[] = [];
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let m = streamStart.exec(raw); m; m = streamStart.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const dictionary = raw.slice(raw.lastIndexOf('<<', m.index), m.index);
    const data = bytes.subarray(start, end);
    contents.push((dictionary.includes('/FlateDecode') ? inflateSync(data) : data).toString('latin1'));
  }
  return { raw, pages, contents };
}

const NBSP = '\xa0';

describe('buildTotalSalesPdf', () => {
  it('is a PDF with one A4 page for a short table', () => {
    const pdf = readPdf(buildTotalSalesPdf({ from: '2024-01-01', to: '2024-12-31', report: reportOf(['Standard']) }));
    expect(pdf.raw.startsWith('%PDF-')).toBe(true);
    expect(pdf.raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.pages).toBe(1);
    expect(pdf.raw).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
  });

  it('has the page count the row count needs (40 table rows a page, the total row included)', () => {
    expect(PDF_ROWS_PER_PAGE).toBe(40);
    for (const [rows, pages] of [[0, 1], [39, 1], [40, 2], [79, 2], [80, 3], [200, 6]] as const) {
      const names = Array.from({ length: rows }, (_, i) => `Item ${i}`);
      const pdf = readPdf(buildTotalSalesPdf({ from: '2024-01-01', to: '2024-01-31', report: reportOf(names) }));
      expect(pdf.pages, `${rows} rows`).toBe(pages);
      expect(pdf.contents).toHaveLength(pages);
    }
  });

  it('repeats title, period and table header on every page; total and footnote only on the last', () => {
    const names = Array.from({ length: 45 }, (_, i) => `Item ${i}`);
    const { contents } = readPdf(buildTotalSalesPdf({ title: 'Total sales', from: '2024-01-01', to: '2024-01-31', report: reportOf(names) }));
    expect(contents).toHaveLength(2);
    for (const page of contents) {
      expect(page).toContain('(Total sales) Tj');
      expect(page).toContain('(2024-01-01 \x96 2024-01-31) Tj');
      for (const header of ['Item name', 'Quantity', 'Price incl VAT', 'VAT %', 'VAT', 'Price excl VAT']) {
        expect(page).toContain(`(${header}) Tj`);
      }
    }
    expect(contents[0]).toContain('(Item 39) Tj');
    expect(contents[0]).not.toContain('(Item 40) Tj');
    expect(contents[1]).toContain('(Item 40) Tj');
    expect(contents[0]).not.toContain(FEES_FOOTNOTE);
    expect(contents[1]).toContain(`(${FEES_FOOTNOTE}) Tj`);
    expect(contents[1]).toContain('(Page 2 of 2) Tj');
  });

  it('prints the row figures and the total row in Swedish style, fees left out of the total quantity', () => {
    const report = buildFinanceReport({
      itemName: ['Standard ticket', 'Ticket Service Fee'],
      quantity: new Int32Array([1500, 1500]),
      priceInclOre: new Float64Array([450000, 25000]),
      vatPercent: new Float64Array([6, 25]),
    });
    const [page] = readPdf(buildTotalSalesPdf({ from: '2024-01-01', to: '2024-01-31', report })).contents;
    // 4 500,00 at 6 %: VAT 254,72, excl 4 245,28 (hand-computed)
    expect(page).toContain(`(1${NBSP}500) Tj`);
    expect(page).toContain(`(4${NBSP}500,00) Tj`);
    expect(page).toContain('(6,00) Tj');
    expect(page).toContain('(254,72) Tj');
    expect(page).toContain(`(4${NBSP}245,28) Tj`);
    // Total: 4 750,00 incl, 304,72 VAT, 4 445,28 excl; 304,72 / 4 445,28 = 6,8549… % → 6,85 %
    expect(page).toContain(`(1${NBSP}500*) Tj`);
    expect(page).toContain(`(4${NBSP}750,00) Tj`);
    expect(page).toContain('(304,72) Tj');
    expect(page).toContain(`(4${NBSP}445,28) Tj`);
    expect(page).toContain('(6,85) Tj');
  });

  it('shortens a name that does not fit its column and keeps text Helvetica cannot show readable', () => {
    const long = 'Sittplats sektion A (parkett) med utsikt över hela scenen och extra benutrymme';
    const { contents } = readPdf(
      buildTotalSalesPdf({ from: '2024-01-01', to: '2024-01-31', report: reportOf([long, 'Konsert 🎸 Göteborg – “VIP”']) }),
    );
    expect(contents[0]).toMatch(/\(Sittplats sektion A \\\(parkett\\\) med[^)]*\x85\) Tj/);
    expect(contents[0]).toContain('(Konsert ? G\xf6teborg \x96 \x93VIP\x94) Tj');
  });
});

describe('printable', () => {
  it('keeps Latin-1 and WinAnsi characters and replaces the rest', () => {
    expect(printable('Åsa Öberg – 25 €')).toBe('Åsa Öberg – 25 €');
    expect(printable('\u22125\u202fkr')).toBe('-5\u00a0kr');
    expect(printable('中文 🎟')).toBe('?? ?');
  });
});
