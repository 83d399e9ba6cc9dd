import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureConsoleBuild } from '../server/ensureConsoleBuild';
import { freePort } from '../tests/freePort';

// Playwright flows: a fresh database (seeded at the server's first start) and an up-to-date console build, on a
// free port and a data directory of its own, so two runs on one machine do not meet.
const port = process.env.E2E_PORT || String(await freePort());
const dataDir = path.resolve(process.env.E2E_DATA_DIR || `.tmp/e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// A test build: the engine publishes window.__seatMap, which the flows read (production builds do not).
process.env.EXPOSE_TEST_STATE = '1';
await ensureConsoleBuild();
const res = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port, E2E_DATA_DIR: dataDir, E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR || path.resolve(`test-results/e2e-${port}`) },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(res.status ?? 1);
