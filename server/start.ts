import { ensureConsoleBuild } from './ensureConsoleBuild';
import { startServer } from './main';

// `npm start`: build the console when its sources changed since the last build, then serve API + console. The
// build and the database's migrate and seed run side by side (the seed in PGlite's thread, Vite's bundler in its
// own): on a first start they were 84 s one after the other.
const build = ensureConsoleBuild();
build.catch(() => undefined); // reported where startServer awaits it
const { stop } = await startServer(undefined, { ready: build });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: finishing requests in flight and closing the database…`);
    stop().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  });
}
