// PGlite's engine on a thread of its own (server/db/pgliteDb.ts starts it). The main thread speaks the PostgreSQL
// wire protocol to it through node-postgres (pgliteSocket.ts): each message is a batch of frontend messages ending in
// Sync or Query, run here in arrival order, and answered with the backend's bytes, transferred, not copied.
// Plain JavaScript, so that every host can start it (node with tsx, vitest) without a TypeScript loader.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createFlushTracker } from './flushTracker.mjs';


// PGlite runs PostgreSQL with fsync off (-F), and its Node filesystem layer has no fsync to call anyway: a write
// reaches the operating system's cache, which a kill -9 of the server does not lose but a crash of the machine can.
// With fsync on (PGLITE_FSYNC=on), the engine's file calls (it calls Node's fs through the module object) are noted
// and the write-ahead log and checkpoints are flushed as flushTracker.mjs says: one fsync per commit, none for reads.
const tracker = workerData.fsync ? createFlushTracker(workerData.dataDir, {
  fsync: (fd) => fs.fsyncSync(fd),
  fsyncDir: (dir) => {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  },
}) : null;
if (tracker) {
  const { openSync, writeSync, closeSync, renameSync, mkdirSync } = fs;
  fs.openSync = function (file, flags, ...rest) {
    const fd = openSync.call(fs, file, flags, ...rest);
    tracker.opened(fd, file, flags);
    return fd;
  };
  fs.writeSync = function (fd, ...rest) {
    tracker.beforeWrite(fd);
    const written = writeSync.call(fs, fd, ...rest);
    tracker.afterWrite(fd);
    return written;
  };
  fs.closeSync = function (fd) {
    tracker.beforeClose(fd);
    return closeSync.call(fs, fd);
  };
  fs.renameSync = function (from, to) {
    tracker.renamed(to);
    return renameSync.call(fs, from, to);
  };
  fs.mkdirSync = function (dir, ...rest) {
    const made = mkdirSync.call(fs, dir, ...rest);
    tracker.madeDir(dir);
    return made;
  };
}

// With fsync off, the write-ahead log carries only what recovery after a crash of the process needs (wal_level
// minimal): a table or index made in the same transaction as its rows is written to its files at commit instead of
// the log, as PostgreSQL does for a bulk load. The first start's seed rebuilds its indexes after the load and logs
// none of them (docs/operations.md "The first start"). With fsync on, the log stays complete (replica): the flush
// tracker makes a commit durable by flushing the log, and would not see those files.
const startParams = workerData.fsync ? undefined : [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'];
// pg_trgm: fuzzy event search (115); the engine comes compiled from the opening thread (pgliteDb.ts, pgliteEngine).
const pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm }, startParams, wasmModule: workerData.wasmModule });
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  if (message.close) {
    queue = queue.then(() => pg.close()).then(() => parentPort.postMessage({ closed: true }));
    return;
  }
  if (message.copyTo) {
    // A copy of the data directory (npm run db:backup, server/db/backup.ts). The caller holds the one connection, so
    // no transaction is open; the checkpoint writes every committed page into the data files, and the files are then
    // copied by the operating system while no statement runs: the copy opens as the database was at that moment.
    // The lock file stays behind (a restored copy would look in use).
    queue = queue.then(async () => {
      await pg.exec('CHECKPOINT');
      fs.cpSync(workerData.dataDir, message.copyTo, { recursive: true, filter: (src) => path.basename(src) !== 'postmaster.pid' });
      parentPort.postMessage({ copied: true });
    }).catch((err) => parentPort.postMessage({ copyError: String(err?.stack ?? err) }));
    return;
  }
  if (message.reset) {
    // A new connection: no transaction left open, no statement prepared by the one before.
    queue = queue.then(() => pg.exec('ROLLBACK; DEALLOCATE ALL')).catch(() => undefined);
    return;
  }
  queue = queue.then(async () => {
    const chunks = [];
    // The stream form hands over the answer as the engine writes it: a COPY of a year of rows is not one buffer.
    await pg.execProtocolRawStream(message.batch, { onRawData: (data) => chunks.push(data.slice()) });
    tracker?.flushWal();
    parentPort.postMessage({ chunks }, chunks.map((c) => c.buffer));
  }).catch((err) => parentPort.postMessage({ error: String(err?.stack ?? err) }));
});
parentPort.postMessage({ ready: true });
