// PGlite's engine on a thread of its own (server/db/pgliteDb.ts starts it). The main thread speaks the PostgreSQL
// wire protocol to it through node-postgres (pgliteSocket.ts): each message is a batch of frontend messages ending in
// Sync or Query, run here in arrival order, and answered with the backend's bytes, transferred, not copied.
// Plain JavaScript, so that every host can start it (node with tsx, vitest) without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } }); // pg_trgm: fuzzy event search (115)
let queue = Promise.resolve();

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
    parentPort.postMessage({ chunks }, chunks.map((c) => c.buffer));
  }).catch((err) => parentPort.postMessage({ error: String(err?.stack ?? err) }));
});
parentPort.postMessage({ ready: true });
