import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureConsoleBuild } from '../server/ensureConsoleBuild';
import { E2E_DATA_DIR } from './e2eEnv';

// Playwright flows: a fresh database (seeded at the server's first start) and an up-to-date console build.
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
await ensureConsoleBuild();
const res = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(res.status ?? 1);
