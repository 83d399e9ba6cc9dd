import { defineConfig } from '@playwright/test';
import { E2E_CHROMIUM, E2E_DATA_DIR, E2E_PORT, E2E_SEED_SALES_ITEMS, CHROMIUM_ARGS } from './e2eEnv';

/** Playwright against the built console and a real server over its own fresh PGlite database (see runE2e.ts). */
export default defineConfig({
  testDir: '.',
  // The setup project signs every demo account in once per shard (auth.setup.ts); the flows depend on it.
  projects: [
    { name: 'setup', testMatch: '**/*.setup.ts' },
    { name: 'flows', testMatch: '**/*.spec.ts', dependencies: ['setup'] },
  ],
  // Per run (runE2e.ts sets it): Playwright empties its output folder at start, so two runs must not share one.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../.tmp/results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    // The console honours "reduce motion" (app.css): overlays and toasts appear at once, so no flow and no
    // accessibility check waits for a transition to end (those waits were 12 % of the auth, promo and shell flows).
    contextOptions: { reducedMotion: 'reduce' },
    // The console's service worker precaches the whole build (sw.js, issue 35): every fresh context of every flow would
    // download and store it again. Only the offline flow, which is about it, lets it run (offlineCounter.spec.ts).
    serviceWorkers: 'block',
    // No back/forward cache: a page left for the next flow (fixtures.ts, flowTab.ts) keeps no document of a flow before.
    launchOptions: { executablePath: E2E_CHROMIUM, args: [...CHROMIUM_ARGS, '--disable-back-forward-cache'] },
    // Recording a trace of every flow cost about 12 % of the browser suite (people + staff specs: 85 s → 75 s on 2 cores).
    // A failure still leaves its screenshot and page snapshot (error-context.md); E2E_TRACE=on records traces to replay.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    cwd: '..',
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // A data directory already seeded by runE2e.ts (several shards) starts as it is; an empty one is seeded here.
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, QUIET: '1', NODE_ENV: 'test', SEED_SALES_ITEMS: process.env.SEED_SALES_ITEMS ?? E2E_SEED_SALES_ITEMS },
  },
});
