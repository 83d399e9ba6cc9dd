import { describe, expect, it } from 'vitest';
import {
  buildAccountingCsv,
  buildCsv,
  buildFinanceCsv,
  buildScanningCsv,
  buildUserExportCsv,
  type AccountingColumns,
  type CsvFile,
} from './buildCsv';
import { buildFinanceReport } from './financeRows';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function text(file: CsvFile): string {
  const all = new Uint8Array(file.byteLength);
  let at = 0;
  for (const part of file.parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  expect(at).toBe(file.byteLength);
  return decoder.decode(all);
}

/** A small RFC 4180 reader, written independently of the writer, to read the files back. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = csv.startsWith('\ufeff') ? 1 : 0;
  let quoted = false;
  for (; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

describe('RFC 4180 and Excel safety', () => {
  it('starts with a UTF-8 BOM and ends every row with CRLF', async () => {
    const file = await buildCsv('x.csv', [{ columns: [{ header: 'Name', kind: 'text', values: ['Åsa'] }] }]);
    expect([...file.parts[0]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(file)).toBe('\ufeffName\r\nÅsa\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, and doubles inner quotes', async () => {
    const values = ['Kalle "KK" Anka, Jr', 'two\nlines', 'cr\rhere', 'plain'];
    const csv = text(await buildCsv('x.csv', [{ columns: [{ header: 'Name', kind: 'text', values }] }]));
    expect(csv).toBe('\ufeffName\r\n"Kalle ""KK"" Anka, Jr"\r\n"two\nlines"\r\n"cr\rhere"\r\nplain\r\n');
  });

  it('writes a plain international phone number as it is, and any other phone that could start a formula with the apostrophe', async () => {
    const values = ['+46701234567', '+46 70 123 45 67', '070-123 45 67', '+46=1+cmd', '+46 70 123-45', '-1+1', '@SUM(A1)', '=1', '+', ''];
    const csv = text(await buildCsv('x.csv', [{ columns: [{ header: 'Phone', kind: 'phone', values }] }]));
    expect(parseCsv(csv).slice(1).map((r) => r[0])).toEqual([
      '+46701234567', '+46 70 123 45 67', '070-123 45 67', "'+46=1+cmd", "'+46 70 123-45", "'-1+1", "'@SUM(A1)", "'=1", "'+", '',
    ]);
  });

  it('puts an apostrophe before text Excel would run as a formula, but not before our numbers', async () => {
    const values = ['=SUM(A1:A9)', '+46701234567', '-2+3', '@cmd', '\tx', '=HYPERLINK("http://x","a,b")', 'a=b'];
    const csv = text(
      await buildCsv('x.csv', [
        {
          columns: [
            { header: 'Text', kind: 'text', values },
            { header: 'Amount', kind: 'ore', values: new Float64Array([-5, -123450, 0, 7, 100, 1, 2]) },
          ],
        },
      ]),
    );
    expect(parseCsv(csv)).toEqual([
      ['Text', 'Amount'],
      ["'=SUM(A1:A9)", '-0.05'],
      ["'+46701234567", '-1234.50'],
      ["'-2+3", '0.00'],
      ["'@cmd", '0.07'],
      ["'\tx", '1.00'],
      [`'=HYPERLINK("http://x","a,b")`, '0.01'],
      ['a=b', '0.02'],
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""a,b"")"`);
  });

  it('encodes every character as TextEncoder does (åäö, emoji, a lone surrogate)', async () => {
    const values = ['Åsa Öberg-Ängström', 'Zoë 🎟️ €', 'broken \ud800 pair', '中文', ''];
    const file = await buildCsv('x.csv', [{ columns: [{ header: 'N', kind: 'text', values }] }]);
    const expected = new TextEncoder().encode(`\ufeffN\r\n${values.join('\r\n')}\r\n`);
    const all = new Uint8Array(file.byteLength);
    let at = 0;
    for (const p of file.parts) {
      all.set(p, at);
      at += p.byteLength;
    }
    expect([...all]).toEqual([...expected]);
  });

  it('writes numbers plainly, empty for missing values', async () => {
    const csv = text(
      await buildCsv('x.csv', [
        {
          columns: [
            { header: 'Q', kind: 'integer', values: new Float64Array([0, 7, -12, 1234567890123, Number.NaN, 2.5]) },
            { header: 'P', kind: 'percent', values: new Float64Array([25, 6, 0, 18.14, Number.NaN, 12.5]) },
          ],
        },
      ]),
    );
    expect(parseCsv(csv).slice(1)).toEqual([
      ['0', '25.00'],
      ['7', '6.00'],
      ['-12', '0.00'],
      ['1234567890123', '18.14'],
      ['', ''],
      ['2.5', '12.50'],
    ]);
  });

  it('refuses fractions of an öre rather than writing a wrong amount', async () => {
    await expect(buildCsv('x.csv', [{ columns: [{ header: 'A', kind: 'ore', values: new Float64Array([1.5]) }] }])).rejects.toThrow(RangeError);
  });
});

describe('the report files', () => {
  it('finance_report_{tab}: per table a title, a header, the rows and a blank separator', async () => {
    const sales = buildFinanceReport({
      itemName: ['Standard ticket', 'Ticket Service Fee'],
      quantity: new Int32Array([10, 10]),
      priceInclOre: new Float64Array([450000, 25000]),
      vatPercent: new Float64Array([6, 25]),
    });
    const discounts = {
      itemName: ['SUMMER, 10 %'],
      originalPriceOre: new Float64Array([50000]),
      discountAmountOre: new Float64Array([5000]),
      discountPercent: new Float64Array([10]),
      priceInclOre: new Float64Array([45000]),
    };
    const file = await buildFinanceCsv('tickets', [
      { title: 'Sales of tickets', rows: sales.table },
      { title: 'Ticket discounts', discounts },
    ]);
    expect(file.fileName).toBe('finance_report_tickets.csv');
    expect(file.rows).toBe(3);
    expect(text(file)).toBe(
      '\ufeffSales of tickets\r\n' +
        'Item name,Quantity,Price incl VAT,VAT %,VAT,Price excl VAT\r\n' +
        'Standard ticket,10,4500.00,6.00,254.72,4245.28\r\n' +
        'Ticket Service Fee,10,250.00,25.00,50.00,200.00\r\n' +
        '\r\n' +
        'Ticket discounts\r\n' +
        'Item name,Original price,Discount amount,Discount %,Price incl VAT\r\n' +
        '"SUMMER, 10 %",500.00,50.00,10.00,450.00\r\n' +
        '\r\n',
    );
  });

  it('AccountingReport.csv: the 18 columns, ids as numbers or text, interned names', async () => {
    const columns: AccountingColumns = {
      transactionDate: ['2024-05-01 12:00:00', '2024-05-02 09:30:00'],
      transactionType: { strings: ['sale', 'refund'], index: new Int32Array([0, 1]) },
      reservationId: new Float64Array([1001, 1002]),
      providerOrderId: ['ord_A1', 'ord_B2'],
      paymentId: ['pay_1', 'pay_2'],
      customerName: ['Åsa Öberg', '=cmd|calc'],
      phone: ['+46701234567', '+46=1+cmd|calc'],
      email: ['asa@example.se', 'x@example.se'],
      event: { strings: ['Rock, Globen'], index: new Uint32Array([0, 0]) },
      itemId: new Int32Array([7, 8]),
      itemName: { strings: ['Standard', 'Mug'], index: new Int32Array([0, 1]) },
      itemType: { strings: ['ticket', 'merchandise'], index: new Int32Array([0, 1]) },
      priceOre: new Float64Array([45000, 20000]),
      quantity: new Int32Array([2, -1]),
      vatPercent: new Float64Array([6, 25]),
      vatPerItemOre: new Float64Array([2547, 4000]),
      totalInclOre: new Float64Array([90000, -20000]),
      totalExclOre: new Float64Array([84906, -16000]),
    };
    const file = await buildAccountingCsv(columns);
    expect(file.fileName).toBe('AccountingReport.csv');
    const rows = parseCsv(text(file));
    expect(rows[0]).toHaveLength(18);
    expect(rows).toEqual([
      ['Transaction date', 'Type', 'Reservation ID', 'Payment provider order ID', 'Payment ID', 'Customer name', 'Phone', 'Email',
        'Event', 'Item ID', 'Name', 'Item type', 'Price', 'Quantity', 'VAT %', 'VAT per item', 'Total incl VAT', 'Total excl VAT'],
      ['2024-05-01 12:00:00', 'sale', '1001', 'ord_A1', 'pay_1', 'Åsa Öberg', '+46701234567', 'asa@example.se',
        'Rock, Globen', '7', 'Standard', 'ticket', '450.00', '2', '6.00', '25.47', '900.00', '849.06'],
      ['2024-05-02 09:30:00', 'refund', '1002', 'ord_B2', 'pay_2', "'=cmd|calc", "'+46=1+cmd|calc", 'x@example.se',
        'Rock, Globen', '8', 'Mug', 'merchandise', '200.00', '-1', '25.00', '40.00', '-200.00', '-160.00'],
    ]);
  });

  it('ScanningReport.csv and UserExport.csv', async () => {
    const scanning = await buildScanningCsv({
      itemName: ['Standard'],
      itemType: ['ticket'],
      scanCount: new Int32Array([90]),
      notScanCount: new Int32Array([10]),
      totalCount: new Int32Array([100]),
    });
    expect(scanning.fileName).toBe('ScanningReport.csv');
    expect(parseCsv(text(scanning))).toEqual([
      ['Item name', 'Item type', 'Scanned', 'Not scanned', 'Total'],
      ['Standard', 'ticket', '90', '10', '100'],
    ]);
    const users = await buildUserExportCsv({
      id: new Int32Array([42]),
      firstName: ['Åsa'],
      lastName: ['Öberg'],
      email: ['asa@example.se'],
      phone: ['0701234567'],
      country: ['SE'],
    });
    expect(users.fileName).toBe('UserExport.csv');
    expect(parseCsv(text(users))).toEqual([
      ['ID', 'First name', 'Last name', 'Email', 'Phone', 'Country'],
      ['42', 'Åsa', 'Öberg', 'asa@example.se', '0701234567', 'SE'],
    ]);
  });

  it('refuses columns of different lengths', async () => {
    await expect(
      buildScanningCsv({
        itemName: ['a', 'b'],
        itemType: ['ticket'],
        scanCount: new Int32Array(2),
        notScanCount: new Int32Array(2),
        totalCount: new Int32Array(2),
      }),
    ).rejects.toThrow(/different lengths/);
  });
});

describe('chunks, progress and cancelling', () => {
  const rows = 50_000;
  const big = () => [
    {
      columns: [
        { header: 'Name', kind: 'text' as const, values: Array.from({ length: rows }, (_, i) => `Kund ${i}`) },
        { header: 'Amount', kind: 'ore' as const, values: new Float64Array(rows).map((_, i) => i) },
      ],
    },
  ];

  it('reports progress up to the total and returns every row across parts', async () => {
    const progress: number[] = [];
    const file = await buildCsv('big.csv', big(), { sliceMs: 0, onProgress: (done, total) => (expect(total).toBe(rows), progress.push(done)) });
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(rows);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const parsed = parseCsv(text(file));
    expect(parsed).toHaveLength(rows + 1);
    expect(parsed[rows]).toEqual([`Kund ${rows - 1}`, `${((rows - 1 - ((rows - 1) % 100)) / 100)}.${String((rows - 1) % 100).padStart(2, '0')}`]);
    // Each part owns its buffer, so all of them can be transferred.
    expect(new Set(file.parts.map((p) => p.buffer)).size).toBe(file.parts.length);
  });

  it('keeps every byte when later rows are much longer than the first ones the size estimate saw', async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => (i < 2048 ? 'a' : `${'ö'.repeat(200)} ${i}`));
    const file = await buildCsv('grow.csv', [{ columns: [{ header: 'T', kind: 'text', values }] }]);
    const parsed = parseCsv(text(file));
    expect(parsed).toHaveLength(values.length + 1);
    expect(parsed.slice(1).map((r) => r[0])).toEqual(values);
    expect(new Set(file.parts.map((p) => p.buffer)).size).toBe(file.parts.length);
  });

  it('stops with an AbortError when the signal is aborted between slices', async () => {
    const controller = new AbortController();
    let calls = 0;
    const building = buildCsv('big.csv', big(), {
      sliceMs: 0,
      signal: controller.signal,
      onProgress: () => {
        calls++;
        controller.abort();
      },
    });
    await expect(building).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
  });

  it('does not start when already aborted', async () => {
    await expect(buildCsv('big.csv', big(), { signal: { aborted: true } })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
