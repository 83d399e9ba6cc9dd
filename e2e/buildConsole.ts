import { ensureConsoleBuild } from '../server/ensureConsoleBuild';

// The console's test build (window.__seatMap for the flows), made by npm test while the gates run; e2e/runE2e.ts
// then finds it up to date. The same build runE2e.ts makes on its own.
process.env.EXPOSE_TEST_STATE = '1';
await ensureConsoleBuild();
