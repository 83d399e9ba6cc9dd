/**
 * What the console calls for report work. It starts the reports worker on first use and talks to it with Comlink;
 * where a worker cannot start (no Worker, a refused script, a load error) the same functions run on this thread,
 * in slices, so nothing is lost but smoothness. Results arrive as transferred buffers: a CSV as UTF-8 parts for
 * `new Blob(file.parts, { type: 'text/csv' })`, a PDF as one ArrayBuffer.
 */
import * as Comlink from 'comlink';
import {
  buildAccountingCsv,
  buildFinanceCsv,
  buildScanningCsv,
  buildUserExportCsv,
  BuildCancelledError,
  type AccountingColumns,
  type CsvBuildOptions,
  type CsvFile,
  type FinanceCsvTable,
  type FinanceTab,
  type ScanningColumns,
  type UserExportColumns,
} from './buildCsv';
import type { TotalSalesPdfInput } from './buildPdf';
import { buildFinanceReport, changeRowVat, type FinanceColumns, type FinanceReport } from './financeRows';
import { fillDays, type FillMode, type SalesOverviewTable } from './fillDays';
import type { ProgressCallback, ReportsWorkerApi } from './reports.worker';

export interface ExportOptions {
  onProgress?: ProgressCallback;
  /** Cancels the build; the promise then rejects with an error named 'AbortError'. */
  signal?: AbortSignal;
  /**
   * Move the input's typed arrays to the worker instead of copying them. They are unusable here afterwards, so only
   * for data fetched for this export alone (not a table the screen still shows).
   */
  transferInput?: boolean;
}

export interface ReportsClient {
  buildFinanceReport(columns: FinanceColumns, options?: Pick<ExportOptions, 'transferInput'>): Promise<FinanceReport>;
  /** Runs here, not in the worker: copying three columns is cheaper than the round trip. */
  changeRowVat(report: FinanceReport, row: number, ratePercent: number): FinanceReport;
  fillDays(table: SalesOverviewTable, from: string, to: string, mode: FillMode): Promise<SalesOverviewTable>;
  buildFinanceCsv(tab: FinanceTab, tables: FinanceCsvTable[], options?: ExportOptions): Promise<CsvFile>;
  buildAccountingCsv(rows: AccountingColumns, options?: ExportOptions): Promise<CsvFile>;
  buildScanningCsv(rows: ScanningColumns, options?: ExportOptions): Promise<CsvFile>;
  buildUserExportCsv(rows: UserExportColumns, options?: ExportOptions): Promise<CsvFile>;
  buildTotalSalesPdf(input: TotalSalesPdfInput): Promise<ArrayBuffer>;
  /** Where the work runs, once the worker has answered or failed to start. */
  whereItRuns(): Promise<'worker' | 'main-thread'>;
  /** Terminates the worker; calls still in flight reject. */
  dispose(): void;
}

export interface ReportsClientOptions {
  /** Tests and hosts with their own bundling pass a worker (or anything with Worker's messaging) here. */
  createWorker?: () => Worker;
  /** How long the worker may take to answer its first call before the work runs on this thread instead. */
  startTimeoutMs?: number;
}

type RemoteApi = Comlink.Remote<ReportsWorkerApi>;

interface Connection {
  remote: RemoteApi;
  worker: Worker;
}

export function createReportsClient(options: ReportsClientOptions = {}): ReportsClient {
  const createWorker = options.createWorker ?? startReportsWorker;
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  let connecting: Promise<Connection | null> | null = null;
  let disposed = false;
  let nextJob = 1;
  const inFlight = new Set<(error: Error) => void>();

  const failInFlight = (error: Error): void => {
    for (const reject of inFlight) reject(error);
    inFlight.clear();
  };

  function connection(): Promise<Connection | null> {
    if (disposed) return Promise.reject(new Error('The reports client was closed; open the report again.'));
    connecting ??= connect(createWorker, startTimeoutMs, (error) => {
      // The worker died after it started: fail what it was doing and start a fresh one on the next call.
      connecting = null;
      failInFlight(error);
    });
    return connecting;
  }

  async function run<T>(viaWorker: (remote: RemoteApi) => Promise<T>, here: () => T | Promise<T>): Promise<T> {
    const conn = await connection();
    if (!conn) return here();
    return new Promise<T>((resolve, reject) => {
      inFlight.add(reject);
      viaWorker(conn.remote)
        .then(resolve, reject)
        .finally(() => inFlight.delete(reject));
    });
  }

  function runCsv(
    options: ExportOptions,
    input: unknown,
    viaWorker: (remote: RemoteApi, jobId: number, onProgress: ProgressCallback | undefined) => Promise<CsvFile>,
    here: (options: CsvBuildOptions) => Promise<CsvFile>,
  ): Promise<CsvFile> {
    const { signal, onProgress, transferInput = false } = options;
    if (signal?.aborted) return Promise.reject(new BuildCancelledError());
    return run(
      async (remote) => {
        const jobId = nextJob++;
        const cancel = (): void => void remote.cancel(jobId);
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          if (transferInput) Comlink.transfer(input, buffersOf(input));
          return await viaWorker(remote, jobId, onProgress ? Comlink.proxy(onProgress) : undefined);
        } finally {
          signal?.removeEventListener('abort', cancel);
        }
      },
      () => here({ signal, onProgress }),
    );
  }

  return {
    buildFinanceReport(columns, opts = {}) {
      return run(
        (remote) => remote.buildFinanceReport(opts.transferInput ? Comlink.transfer(columns, buffersOf(columns)) : columns),
        () => buildFinanceReport(columns),
      );
    },
    changeRowVat,
    fillDays(table, from, to, mode) {
      return run(
        (remote) => remote.fillDays(table, from, to, mode),
        () => fillDays(table, from, to, mode),
      );
    },
    buildFinanceCsv(tab, tables, opts = {}) {
      return runCsv(
        opts,
        tables,
        (remote, job, progress) => remote.buildFinanceCsv(job, tab, tables, progress),
        (o) => buildFinanceCsv(tab, tables, o),
      );
    },
    buildAccountingCsv(rows, opts = {}) {
      return runCsv(
        opts,
        rows,
        (remote, job, progress) => remote.buildAccountingCsv(job, rows, progress),
        (o) => buildAccountingCsv(rows, o),
      );
    },
    buildScanningCsv(rows, opts = {}) {
      return runCsv(
        opts,
        rows,
        (remote, job, progress) => remote.buildScanningCsv(job, rows, progress),
        (o) => buildScanningCsv(rows, o),
      );
    },
    buildUserExportCsv(rows, opts = {}) {
      return runCsv(
        opts,
        rows,
        (remote, job, progress) => remote.buildUserExportCsv(job, rows, progress),
        (o) => buildUserExportCsv(rows, o),
      );
    },
    buildTotalSalesPdf(input) {
      return run(
        (remote) => remote.buildTotalSalesPdf(input),
        // Loaded only when needed: jsPDF would otherwise weigh on the console's main bundle for a rare fallback.
        async () => (await import('./buildPdf')).buildTotalSalesPdf(input),
      );
    },
    async whereItRuns() {
      return (await connection()) ? 'worker' : 'main-thread';
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      failInFlight(new Error('The report was closed before it was ready.'));
      void connecting?.then((conn) => {
        if (!conn) return;
        conn.remote[Comlink.releaseProxy]();
        conn.worker.terminate();
      });
    },
  };
}

/** The module worker, in the form Vite recognises and bundles. Throws where there is no Worker (Node, old hosts). */
function startReportsWorker(): Worker {
  if (typeof Worker === 'undefined') throw new Error('Web Workers are not available here.');
  return new Worker(new URL('./reports.worker.ts', import.meta.url), { type: 'module' });
}

/** Resolves with the connection once the worker answers, or null when it cannot start (work then runs here). */
function connect(createWorker: () => Worker, startTimeoutMs: number, onCrash: (error: Error) => void): Promise<Connection | null> {
  let worker: Worker;
  try {
    worker = createWorker();
  } catch {
    return Promise.resolve(null);
  }
  const remote = Comlink.wrap<ReportsWorkerApi>(worker);
  return new Promise((resolve) => {
    let started = false;
    let gaveUp = false;
    const giveUp = (): void => {
      if (started || gaveUp) return;
      gaveUp = true;
      clearTimeout(timer);
      remote[Comlink.releaseProxy]();
      worker.terminate();
      resolve(null);
    };
    const timer = setTimeout(giveUp, startTimeoutMs);
    worker.addEventListener('error', (event: Event) => {
      if (!started) return giveUp();
      worker.terminate();
      const message = (event as { message?: unknown }).message;
      const detail = typeof message === 'string' && message ? `: ${message}` : '';
      onCrash(new Error(`The report could not be built because its worker stopped${detail}. Please try again.`));
    });
    remote.ping().then(() => {
      if (gaveUp) return;
      started = true;
      clearTimeout(timer);
      resolve({ remote, worker });
    }, giveUp);
  });
}

/** The ArrayBuffers behind the typed arrays of an input (columns, tables of columns), each once. */
function buffersOf(value: unknown, found = new Set<ArrayBuffer>(), depth = 0): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    // Arrays of strings (names, emails) hold no buffers: do not walk a million of them.
    if (depth < 4 && typeof value[0] === 'object') for (const item of value) buffersOf(item, found, depth + 1);
  } else if (value !== null && typeof value === 'object' && depth < 4) {
    for (const item of Object.values(value)) buffersOf(item, found, depth + 1);
  }
  return [...found];
}
