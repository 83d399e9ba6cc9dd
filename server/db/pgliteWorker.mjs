// PGlite's engine on a thread of its own (server/db/pgliteDb.ts starts it). The main thread speaks the PostgreSQL
// wire protocol to it through node-postgres (pgliteSocket.ts): each message is a batch of frontend messages ending in
// Sync or Query, run here in arrival order, and answered with the backend's bytes, transferred, not copied.
// Plain JavaScript, so that every host can start it (node with tsx, vitest) without a TypeScript loader.
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } }); // pg_trgm: fuzzy event search (115)
let queue = Promise.resolve();

// PGlite runs PostgreSQL with fsync off (-F), and its Node filesystem layer has no fsync to call anyway: a write
// reaches the operating system's cache, which a kill -9 of the server does not lose but a crash of the machine can.
// With fsync on (PGLITE_FSYNC=on), the write-ahead log's newest segments are flushed to disk after every batch,
// before its answer goes back: a commit the client heard of is on disk.
const WAL_DIR = path.join(workerData.dataDir, 'pg_wal');
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
function flushWal() {
  const segments = readdirSync(WAL_DIR).filter((f) => WAL_SEGMENT.test(f)).sort();
  // The newest two: a batch may have filled one segment and begun the next.
  for (const name of segments.slice(-2)) {
    const fd = openSync(path.join(WAL_DIR, name), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  const dir = openSync(WAL_DIR, 'r');
  try {
    fsyncSync(dir); // a segment just created is found again after a crash
  } finally {
    closeSync(dir);
  }
}

parentPort.on('message', (message) => {
  if (message.close) {
    queue = queue.then(() => pg.close()).then(() => parentPort.postMessage({ closed: true }));
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
    if (workerData.fsync) flushWal();
    parentPort.postMessage({ chunks }, chunks.map((c) => c.buffer));
  }).catch((err) => parentPort.postMessage({ error: String(err?.stack ?? err) }));
});
parentPort.postMessage({ ready: true });
