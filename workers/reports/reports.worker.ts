/**
 * The reports worker: only exposes the pure core (financeRows, fillDays, buildCsv, buildPdf) over Comlink.
 * Results leave as transferred buffers; a CSV build can be cancelled by job id between its slices, and reports
 * its progress through a proxied callback, released when the job ends.
 */
import * as Comlink from 'comlink';
import {
  buildAccountingCsv,
  buildFinanceCsv,
  buildScanningCsv,
  buildUserExportCsv,
  type AccountingColumns,
  type CsvBuildOptions,
  type CsvFile,
  type FinanceCsvTable,
  type FinanceTab,
  type ScanningColumns,
  type UserExportColumns,
} from './buildCsv';
import { buildTotalSalesPdf, type TotalSalesPdfInput } from './buildPdf';
import { buildFinanceReport, type FinanceColumns, type FinanceReport } from './financeRows';
import { fillDays, type FillMode, type SalesOverviewTable } from './fillDays';

export type ProgressCallback = (rowsDone: number, rowsTotal: number) => void;

/** Flags of the CSV builds in progress, by the job id the client chose. */
const running = new Map<number, { aborted: boolean }>();

async function csvJob(
  jobId: number,
  onProgress: ProgressCallback | undefined,
  build: (options: CsvBuildOptions) => Promise<CsvFile>,
): Promise<CsvFile> {
  const flag = { aborted: false };
  running.set(jobId, flag);
  try {
    const file = await build({
      signal: flag,
      // Not awaited: a progress message must never hold up the build.
      onProgress: onProgress ? (done, total) => void onProgress(done, total) : undefined,
    });
    return Comlink.transfer(file, [...new Set(file.parts.map((p) => p.buffer as ArrayBuffer))]);
  } finally {
    running.delete(jobId);
    // The callback arrived as a Comlink proxy; releasing it closes its message port on both sides.
    (onProgress as Partial<Comlink.Remote<ProgressCallback>> | undefined)?.[Comlink.releaseProxy]?.();
  }
}

export const reportsWorkerApi = {
  ping(): 'ready' {
    return 'ready';
  },

  buildFinanceReport(columns: FinanceColumns): FinanceReport {
    const report = buildFinanceReport(columns);
    const { table } = report;
    const buffers = [table.quantity, table.priceInclOre, table.vatPercent, table.vatOre, table.exclOre].map((a) => a.buffer as ArrayBuffer);
    return Comlink.transfer(report, [...new Set(buffers)]);
  },

  fillDays(table: SalesOverviewTable, from: string, to: string, mode: FillMode): SalesOverviewTable {
    return fillDays(table, from, to, mode);
  },

  buildFinanceCsv(jobId: number, tab: FinanceTab, tables: FinanceCsvTable[], onProgress?: ProgressCallback): Promise<CsvFile> {
    return csvJob(jobId, onProgress, (options) => buildFinanceCsv(tab, tables, options));
  },

  buildAccountingCsv(jobId: number, rows: AccountingColumns, onProgress?: ProgressCallback): Promise<CsvFile> {
    return csvJob(jobId, onProgress, (options) => buildAccountingCsv(rows, options));
  },

  buildScanningCsv(jobId: number, rows: ScanningColumns, onProgress?: ProgressCallback): Promise<CsvFile> {
    return csvJob(jobId, onProgress, (options) => buildScanningCsv(rows, options));
  },

  buildUserExportCsv(jobId: number, rows: UserExportColumns, onProgress?: ProgressCallback): Promise<CsvFile> {
    return csvJob(jobId, onProgress, (options) => buildUserExportCsv(rows, options));
  },

  buildTotalSalesPdf(input: TotalSalesPdfInput): ArrayBuffer {
    const pdf = buildTotalSalesPdf(input);
    return Comlink.transfer(pdf, [pdf]);
  },

  /** Stops a CSV build at its next slice; it then rejects with an AbortError. Unknown or finished jobs: nothing. */
  cancel(jobId: number): void {
    const flag = running.get(jobId);
    if (flag) flag.aborted = true;
  },
};

export type ReportsWorkerApi = typeof reportsWorkerApi;

Comlink.expose(reportsWorkerApi);
