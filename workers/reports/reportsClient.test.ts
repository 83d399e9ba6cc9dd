import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingColumns, CsvFile } from './buildCsv';
import { createReportsClient, type ReportsClient } from './reportsClient';

/**
 * The real reports.worker.ts, run in this process: its global scope (which Comlink.expose listens on, as in a
 * worker) is bridged to one end of a MessageChannel, and the client gets the other end as its Worker. Messages,
 * transfers, proxied callbacks and cancellation all go through structured cloning as they would between threads.
 */
const globalScope = globalThis as unknown as Record<string, unknown>;
const bridged = ['addEventListener', 'removeEventListener', 'postMessage'] as const;
let workerSide: MessagePort;
let clientSide: MessagePort;

beforeAll(async () => {
  const channel = new MessageChannel();
  workerSide = channel.port2;
  clientSide = channel.port1;
  for (const name of bridged) globalScope[name] = (workerSide[name] as (...args: unknown[]) => unknown).bind(workerSide);
  workerSide.start();
  await import('./reports.worker');
});

afterAll(() => {
  for (const name of bridged) delete globalScope[name];
  workerSide.close();
});

function portAsWorker(port: MessagePort): Worker {
  port.start();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer ?? []),
    addEventListener: port.addEventListener.bind(port),
    removeEventListener: port.removeEventListener.bind(port),
    dispatchEvent: port.dispatchEvent.bind(port),
    terminate: () => port.close(),
  } as unknown as Worker;
}

function csvText(file: CsvFile): string {
  return new TextDecoder().decode(Buffer.concat(file.parts));
}

/** Text as interned columns (three distinct values) so a big input is cheap to make and to clone. */
function accountingRows(n: number): AccountingColumns {
  const text = (prefix: string) => ({ strings: [0, 1, 2].map((i) => `${prefix} ${i}`), index: new Int32Array(n).map((_, i) => i % 3) });
  const numbers = (f: (i: number) => number) => new Float64Array(n).map((_, i) => f(i));
  return {
    transactionDate: text('2024-05-01'),
    transactionType: { strings: ['sale'], index: new Int32Array(n) },
    reservationId: numbers((i) => 1000 + i),
    providerOrderId: text('ord'),
    paymentId: text('pay'),
    customerName: text('Kund'),
    phone: text('070'),
    email: text('mail'),
    event: { strings: ['Rock'], index: new Int32Array(n) },
    itemId: numbers((i) => i),
    itemName: { strings: ['Standard'], index: new Int32Array(n) },
    itemType: { strings: ['ticket'], index: new Int32Array(n) },
    priceOre: numbers(() => 45000),
    quantity: numbers(() => 1),
    vatPercent: numbers(() => 6),
    vatPerItemOre: numbers(() => 2547),
    totalInclOre: numbers(() => 45000),
    totalExclOre: numbers(() => 42453),
  };
}

function financeColumns() {
  return {
    itemName: ['Standard ticket', 'Ticket Service Fee'],
    quantity: new Int32Array([10, 10]),
    priceInclOre: new Float64Array([450000, 25000]),
    vatPercent: new Float64Array([6, 25]),
  };
}

describe('reportsClient with the worker', () => {
  let client: ReportsClient;
  beforeAll(() => {
    client = createReportsClient({ createWorker: () => portAsWorker(clientSide) });
  });

  it('runs in the worker', async () => {
    expect(await client.whereItRuns()).toBe('worker');
  });

  it('builds finance VAT rows and totals there, taking the input arrays when asked to', async () => {
    const columns = financeColumns();
    const report = await client.buildFinanceReport(columns, { transferInput: true });
    expect([...report.table.vatOre]).toEqual([25472, 5000]);
    expect([...report.table.exclOre]).toEqual([424528, 20000]);
    expect(report.totals).toEqual({ quantity: 10, priceInclOre: 475000, vatOre: 30472, exclOre: 444528, vatPercent: 6.85 });
    expect(columns.priceInclOre.byteLength).toBe(0); // moved, not copied
    expect(client.changeRowVat(report, 0, 25).totals.vatOre).toBe(95000);
  });

  it('fills days there', async () => {
    const filled = await client.fillDays([['Date', 'Sales'], ['2024-01-02', 5]], '2024-01-01', '2024-01-03', 'accumulated');
    expect(filled).toEqual([['Date', 'Sales'], ['2024-01-01', 0], ['2024-01-02', 5], ['2024-01-03', 5]]);
  });

  it('returns a CSV as UTF-8 parts and reports progress through the proxied callback', async () => {
    const progress: number[] = [];
    const file = await client.buildAccountingCsv(accountingRows(3), { onProgress: (done) => progress.push(done) });
    expect(file.fileName).toBe('AccountingReport.csv');
    expect(csvText(file).split('\r\n')[3]).toBe(
      '2024-05-01 2,sale,1002,ord 2,pay 2,Kund 2,070 2,mail 2,Rock,2,Standard,ticket,450.00,1,6.00,25.47,450.00,424.53',
    );
    await expect.poll(() => progress.at(-1)).toBe(3);
  });

  it('cancels a build in the worker when the signal aborts', async () => {
    const controller = new AbortController();
    const building = client.buildAccountingCsv(accountingRows(300_000), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(building).rejects.toMatchObject({ name: 'AbortError' });
    // The worker is free again afterwards.
    expect((await client.buildScanningCsv({ itemName: ['A'], itemType: ['ticket'], scanCount: new Int32Array([1]), notScanCount: new Int32Array([0]), totalCount: new Int32Array([1]) })).rows).toBe(1);
  });

  it('returns report.pdf as an ArrayBuffer', async () => {
    const report = await client.buildFinanceReport(financeColumns());
    const pdf = await client.buildTotalSalesPdf({ from: '2024-01-01', to: '2024-01-31', report });
    expect(pdf).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(new Uint8Array(pdf, 0, 5))).toBe('%PDF-');
  });

  it('rejects what is in flight when the worker dies, with a sentence for people', async () => {
    const building = client.buildAccountingCsv(accountingRows(300_000));
    await new Promise((resolve) => setTimeout(resolve, 5));
    clientSide.dispatchEvent(new Event('error'));
    await expect(building).rejects.toThrow(/worker stopped.*try again/);
  });
});

describe('reportsClient on the main thread', () => {
  it('falls back where no Worker exists (as in Node)', async () => {
    const client = createReportsClient();
    expect(await client.whereItRuns()).toBe('main-thread');
    const report = await client.buildFinanceReport(financeColumns());
    expect(report.totals.exclOre).toBe(444528);
    const file = await client.buildFinanceCsv('totals', [{ title: 'Total sales', rows: report.table }]);
    expect(file.fileName).toBe('finance_report_totals.csv');
    expect(csvText(file)).toContain('Standard ticket,10,4500.00,6.00,254.72,4245.28\r\n');
  });

  it('falls back when the worker reports an error before answering, or never answers', async () => {
    const failing = createReportsClient({
      createWorker: () => {
        const { port1 } = new MessageChannel();
        const worker = portAsWorker(port1);
        setTimeout(() => port1.dispatchEvent(new Event('error')), 1);
        return worker;
      },
    });
    expect(await failing.whereItRuns()).toBe('main-thread');
    const silent = createReportsClient({ createWorker: () => portAsWorker(new MessageChannel().port1), startTimeoutMs: 20 });
    expect(await silent.whereItRuns()).toBe('main-thread');
    expect((await silent.fillDays([['Date', 'Sales']], '2024-01-01', '2024-01-01', 'isolated')).length).toBe(2);
  });

  it('honours cancelling there too', async () => {
    const client = createReportsClient();
    const controller = new AbortController();
    controller.abort();
    await expect(client.buildAccountingCsv(accountingRows(10), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses calls after dispose', async () => {
    const client = createReportsClient();
    client.dispose();
    await expect(client.fillDays([['Date']], '2024-01-01', '2024-01-01', 'isolated')).rejects.toThrow(/closed/);
  });
});
