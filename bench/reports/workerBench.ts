/**
 * Reports worker bench (PERFORMANCE.md, Reports): VAT rows and totals for 10k rows, CSV of 1M rows, PDF per page.
 * It times the worker's pure core in Node, as the worker runs it, a few times each, and reports median and p95.
 * The machines are shared: besides wall time it reports the CPU time the process used, which load does not inflate.
 * Run directly: `node --import tsx bench/reports/workerBench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { buildAccountingCsv, buildFinanceCsv, type AccountingColumns, type CsvFile } from '../../workers/reports/buildCsv';
import { buildTotalSalesPdf, PDF_ROWS_PER_PAGE, totalSalesPdfPageCount } from '../../workers/reports/buildPdf';
import { buildFinanceReport, type FinanceColumns } from '../../workers/reports/financeRows';
import { metric, type Metric } from './metric';

const VAT_ROWS = 10_000;
const CSV_ROWS = 1_000_000;
const PDF_PAGES = 10;

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function time(run: () => unknown): Promise<Timing> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(name: string, rows: number, unit: string, budget: number, timings: Timing[], perUnit = 1): Metric[] {
  const wall = timings.map((t) => t.wallMs / perUnit);
  const cpu = timings.map((t) => t.cpuMs / perUnit);
  return [
    metric({ metric: `${name}.median`, rows, value: percentile(wall, 50), unit, budget }),
    metric({ metric: `${name}.p95`, rows, value: percentile(wall, 95), unit, budget }),
    metric({ metric: `${name}.cpu_median`, rows, value: percentile(cpu, 50), unit: `${unit} cpu`, budget: null }),
  ];
}

/** Strings as JSON.parse makes them (flat), the way the console gets them from the API. */
function flat(values: string[]): string[] {
  return JSON.parse(JSON.stringify(values)) as string[];
}

function financeColumns(n: number): FinanceColumns {
  const names = ['Standard', 'Ticket Service Fee', 'VIP', 'Ticket Admin Fee', 'Student', 'T-shirt', 'Merchandise Admin Fee'];
  return {
    itemName: flat(Array.from({ length: n }, (_, i) => `${names[i % names.length]} ${i % 500}`)),
    quantity: new Int32Array(n).map((_, i) => 1 + (i % 40)),
    priceInclOre: new Float64Array(n).map((_, i) => 19900 + (i % 997) * 100 + (i % 7)),
    vatPercent: new Float64Array(n).map((_, i) => [0, 6, 12, 25][i % 4]!),
  };
}

/** A year of order items: unique customers and ids, events and item names repeating (interned as the API has them). */
function accountingColumns(n: number): AccountingColumns {
  const pad = (v: number) => String(v).padStart(2, '0');
  const idx = (k: number) => new Int32Array(n).map((_, i) => (i * 7) % k);
  const num = (f: (i: number) => number) => new Float64Array(n).map((_, i) => f(i));
  return {
    transactionDate: flat(Array.from({ length: n }, (_, i) => `2024-${pad(1 + (i % 12))}-${pad(1 + (i % 28))} ${pad(i % 24)}:${pad(i % 60)}:00`)),
    transactionType: { strings: ['sale', 'refund', 'resale'], index: idx(3) },
    reservationId: num((i) => 400_000 + (i >> 1)),
    providerOrderId: flat(Array.from({ length: n }, (_, i) => `pi_${(i * 7919 + 104729).toString(36)}`)),
    paymentId: num((i) => 900_000 + (i >> 1)),
    customerName: flat(Array.from({ length: n }, (_, i) => `${['Åsa', 'Erik', 'Märta', 'Jonas'][i % 4]} Kundsson ${i}`)),
    phone: flat(Array.from({ length: n }, (_, i) => `+4670${String(1_000_000 + i)}`)),
    email: flat(Array.from({ length: n }, (_, i) => `kund${i}@exempel.se`)),
    event: { strings: Array.from({ length: 300 }, (_, i) => `Konsert ${i}, Avicii Arena`), index: idx(300) },
    itemId: num((i) => i % 20_000),
    itemName: { strings: Array.from({ length: 2000 }, (_, i) => `Sektion ${i % 40} Rad ${i % 50}`), index: idx(2000) },
    itemType: { strings: ['ticket', 'merchandise', 'fee'], index: idx(3) },
    priceOre: num((i) => 19900 + (i % 997) * 100),
    quantity: num((i) => 1 + (i % 4)),
    vatPercent: num((i) => [0, 6, 12, 25][i % 4]!),
    vatPerItemOre: num((i) => 1126 + (i % 500)),
    totalInclOre: num((i) => (19900 + (i % 997) * 100) * (1 + (i % 4))),
    totalExclOre: num((i) => 18774 * (1 + (i % 4))),
  };
}

async function benchVatRows(): Promise<Metric[]> {
  const input = financeColumns(VAT_ROWS);
  for (let i = 0; i < 3; i++) buildFinanceReport(input); // the worker does this on every table load: warm
  const runs = [];
  for (let i = 0; i < 15; i++) runs.push(await time(() => buildFinanceReport(input)));
  return summarise('reports.worker.vat_rows_and_totals', VAT_ROWS, 'ms', 20, runs);
}

async function benchPdf(): Promise<Metric[]> {
  const rows = PDF_PAGES * PDF_ROWS_PER_PAGE - 1;
  const input = { from: '2024-01-01', to: '2024-12-31', report: buildFinanceReport(financeColumns(rows)) };
  const pages = totalSalesPdfPageCount(rows);
  const first = await time(() => buildTotalSalesPdf(input));
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await time(() => buildTotalSalesPdf(input)));
  return [
    metric({ metric: 'reports.worker.pdf_per_page.first_build', rows, value: first.wallMs / pages, unit: 'ms/page', budget: 15 }),
    ...summarise('reports.worker.pdf_per_page', rows, 'ms/page', 15, runs, pages),
  ];
}

/** Three runs only: each is seconds of a shared machine's CPU and a few hundred MB. Data is local, so it is freed. */
async function benchCsv(name: string, build: () => Promise<CsvFile>): Promise<Metric[]> {
  let bytes = 0;
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await time(async () => (bytes = (await build()).byteLength)));
  return [
    ...summarise(name, CSV_ROWS, 'ms', 1500, runs),
    metric({ metric: `${name}.size`, rows: CSV_ROWS, value: bytes / 1e6, unit: 'MB', budget: null }),
  ];
}

export async function runReportsWorkerBench(): Promise<Metric[]> {
  const metrics = [...(await benchVatRows()), ...(await benchPdf())];
  {
    const table = buildFinanceReport(financeColumns(CSV_ROWS)).table;
    metrics.push(...(await benchCsv('reports.worker.csv_finance_6_columns', () => buildFinanceCsv('totals', [{ title: 'Total sales', rows: table }]))));
  }
  {
    const rows = accountingColumns(CSV_ROWS);
    metrics.push(...(await benchCsv('reports.worker.csv_accounting_18_columns', () => buildAccountingCsv(rows))));
  }
  return metrics;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [load1] = loadavg();
  console.log(`reports worker bench (load average ${load1!.toFixed(2)} on this machine)`);
  for (const m of await runReportsWorkerBench()) {
    const verdict = m.within_budget === null ? '' : m.within_budget ? 'ok' : 'OVER';
    const budget = m.budget === null ? '' : `budget ${m.budget} ${m.unit}`;
    console.log(`${m.metric.padEnd(52)} ${String(m.value).padStart(10)} ${m.unit.padEnd(12)} ${budget.padEnd(22)} ${verdict}`);
  }
}
