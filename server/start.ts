import { ensureConsoleBuild } from './ensureConsoleBuild';
import { startServer } from './main';

// `npm start`: build the console when its sources changed since the last build, then serve API + console.
await ensureConsoleBuild();
const { stop } = await startServer();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: finishing requests in flight and closing the database…`);
    stop().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  });
}
