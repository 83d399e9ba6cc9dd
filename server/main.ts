import { readConfig, type ServerConfig } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed/seedDemo';
import { CONSOLE_DEMO_ACCOUNTS } from './db/seed/demoAccounts';
import { buildApp } from './app';
import { startForgetUsersJob } from './jobs/forgetUsers';
import { startHoldExpiryJob } from './seat-state/holdExpiry';
import { startLeaseExpiryJob } from './seat-leases/leaseExpiry';
import { startOutboxWorker } from './outbox/deliverOutbox';
import { closeTransports, createTransports } from './outbox/transports';
import { JobRuns } from './jobs/jobRuns';
import { serveBackups } from './db/backup';

/**
 * Opens the database, migrates, seeds an empty demo database, then listens. Returns a stop function.
 * `ready`, when given, is awaited before the app is built (npm start: the console's build, made while the
 * database is migrated and seeded on PGlite's own thread). `db`, when given, is the database already being opened
 * (npm start opens it before it loads the server's modules: docs/operations.md "The first start").
 */
export async function startServer(config: ServerConfig = readConfig(), opts: { serveConsole?: boolean; ready?: Promise<void>; db?: Promise<Db> } = {}) {
  const started = Date.now();
  const db: Db = await (opts.db ?? openDatabase(config));
  const migrating = Date.now();
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Migrated: ${applied.length} files in ${((Date.now() - migrating) / 1000).toFixed(1)} s`);
  let seeded = false;
  if (config.seedDemo && (await isEmpty(db))) {
    console.log('First start: seeding the demo data…');
    const seeding = Date.now();
    await seedDemo(db, (line) => console.log(`  ${line}`));
    console.log(`  seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    seeded = true;
  }
  await opts.ready;
  // What the jobs did last, for /api/ready and the admins' Operations tab.
  const jobs = new JobRuns();
  const app = await buildApp({ db, config, serveConsole: opts.serveConsole ?? true, jobs });
  await app.listen({ port: config.port, host: config.host });
  const stopForgetUsers = startForgetUsersJob(db, undefined, undefined, jobs);
  const stopHoldExpiry = startHoldExpiryJob(db, undefined, undefined, jobs);
  const stopLeaseExpiry = startLeaseExpiryJob(db, undefined, undefined, jobs);
  const transports = createTransports(config);
  const stopOutbox = config.outboxWorker ? startOutboxWorker(db, transports, { jobs }) : async () => undefined;
  // npm run db:backup asks this process for a copy of the PGlite data directory it holds (server/db/backup.ts).
  const stopBackups = db.engine === 'pglite' ? await serveBackups(db, config.dataDir) : async () => undefined;
  const url = `http://localhost:${config.port}`;
  console.log(`\nConsole ready at ${url} (${db.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}) in ${((Date.now() - started) / 1000).toFixed(1)} s${seeded ? ', demo data seeded' : ''}.`);
  if (config.seedDemo) {
    console.log('Demo sign-ins:');
    for (const a of CONSOLE_DEMO_ACCOUNTS) console.log(`  ${a.type.padEnd(10)} ${a.email.padEnd(24)} ${a.password}`);
  }

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      stopForgetUsers();
      stopHoldExpiry();
      stopLeaseExpiry();
      await stopOutbox();
      await stopBackups();
      closeTransports(transports);
      await app.close(); // stops accepting, lets requests in flight finish
      await db.close();
    })());
  return { app, db, url, stop };
}

// Run directly (node --import tsx server/main.ts): start and stop gracefully on SIGINT/SIGTERM.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { stop } = await startServer();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: finishing requests in flight and closing the database…`);
      stop().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
    });
  }
}
