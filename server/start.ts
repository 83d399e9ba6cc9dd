import { readConfig } from './config';
import { openDatabase } from './db/database';
import { ensureConsoleBuild } from './ensureConsoleBuild';

// `npm start`: build the console when its sources changed since the last build, then serve API + console. The
// database is opened first, before the server's own modules load: on a first start its chain (create, migrate,
// seed, on PGlite's thread) is the longest, and the modules load while PGlite creates its data directory. The
// build runs beside it in a child process at a lower priority (ensureConsoleBuild.ts; docs/operations.md
// "The first start").
const config = readConfig();
const db = openDatabase(config);
db.catch(() => undefined); // reported where startServer awaits it
const build = ensureConsoleBuild();
build.catch(() => undefined); // reported where startServer awaits it
const { startServer } = await import('./main');
const { stop } = await startServer(config, { ready: build, db });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: finishing requests in flight and closing the database…`);
    stop().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  });
}
