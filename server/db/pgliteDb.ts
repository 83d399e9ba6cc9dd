import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Db } from './dbTypes';
import { PgliteSocket } from './pgliteSocket';
import { ChannelListeners, sessionListen } from './notifications';
import { poolDb } from './postgresDb';

/**
 * PGlite's engine (9 MB of WebAssembly), compiled once per process and handed to each thread that opens a database:
 * a process that opens several (the server suite opens one per test file, a backup's restore two) shares the
 * compiled code instead of compiling it in every thread. Measured on 2 cores: an open 2.1 → 1.4 s of CPU.
 */
let engine: Promise<WebAssembly.Module> | null = null;
function pgliteEngine(): Promise<WebAssembly.Module> {
  engine ??= readFile(path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return engine;
}

/**
 * PGlite on a thread of its own (pgliteWorker.mjs), reached through node-postgres as a PostgreSQL server is: a pool
 * of one connection, since PGlite is one session. A transaction holds that connection, so statements outside it wait
 * for its end. The engine's work (parse, plan, execute, in WebAssembly) no longer shares the event loop with HTTP:
 * on two cores the server answers while the engine runs (bench/reserve; docs/decisions/005-pglite-thread.md).
 * `fsync`: the write-ahead log is flushed to disk after every batch of statements (PGLITE_FSYNC, docs/operations.md
 * "What the embedded database promises").
 */
export async function openPglite(dataDir: string, opts: { fsync?: boolean } = {}): Promise<Db> {
  // PGlite makes its own folder but not the ones above it (DATA_DIR=.tmp/e2e-data on a fresh clone).
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const wasmModule = await pgliteEngine();
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir: path.resolve(dataDir), fsync: opts.fsync ?? false, wasmModule } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean; error?: string }) => {
      if (!m.ready && !m.error) return;
      worker.off('message', onMessage).off('error', reject);
      if (m.error) reject(new Error(`PGlite did not open ${dataDir}: ${m.error}`));
      else resolve();
    };
    worker.on('message', onMessage).once('error', reject);
  });
  worker.on('error', (err) => console.error(`PGlite's thread failed: ${err.stack ?? err.message}`));
  // One connection that never idles out: a second one would be a second socket on the same session.
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, stream: () => new PgliteSocket(worker) } as pg.PoolConfig);
  pool.on('error', (err) => console.warn(`PGlite connection failed (${err.message}).`));
  const listen = sessionListen(pool, new ChannelListeners(), (sql) => pool.query(sql));
  const close = async () => {
    await pool.end();
    await new Promise<void>((resolve) => {
      worker.on('message', (m: { closed?: boolean }) => m.closed && resolve());
      worker.postMessage({ close: true });
    });
    await worker.terminate();
  };
  // A backup holds the one connection while the thread copies the data directory: no transaction is open during the
  // copy, and every statement waits for its end (a second or two for the demo's 150 MB).
  const backup = async (toDir: string): Promise<void> => {
    const client = await pool.connect();
    try {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (m: { copied?: boolean; copyError?: string }) => {
          if (!m.copied && !m.copyError) return;
          worker.off('message', onMessage);
          if (m.copied) resolve();
          else reject(new Error(`PGlite could not copy its data directory: ${m.copyError}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ copyTo: path.resolve(toDir) });
      });
    } finally {
      client.release();
    }
  };
  return { ...(await poolDb('pglite', pool, listen, close)), backup };
}
