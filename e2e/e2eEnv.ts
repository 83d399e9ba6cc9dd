import { existsSync } from 'node:fs';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
/** The shard's signed-in sessions, one Playwright storage state per demo account (auth.setup.ts writes them). */
export const E2E_AUTH_DIR = path.resolve(process.env.E2E_AUTH_DIR ?? `.tmp/e2e-auth-${E2E_PORT}`);
/**
 * The demo's 1M sales items are for npm start and the bench; the report flows need a year of sales, not its size.
 * The same volume as the server suite's template (tests/server/setup/testTemplate.ts), which npm test hands to
 * the browser shards, so a flow sees the same data run alone or in the whole suite.
 */
export const E2E_SEED_SALES_ITEMS = '100000';

/**
 * Debian's headless shell (package chromium-headless-shell, the same engine without the browser's window layer) when
 * it is installed, else Debian's Chromium; CHROMIUM_PATH overrides. Measured on 2 cores, four rounds each, one
 * sitting: a browser starts in 1.2–2.3 s instead of 2.5–4.9 s, and the stadium's map opens in 4.7–5.4 s instead of
 * 5.7–8.2 s. The benches keep the full browser, as people use it.
 */
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH
  ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Debian Chromium, headless, no network beyond localhost. Software WebGL (SwiftShader) must be asked for
 * explicitly since Chrome 139 (HOUSE-STYLE.md).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // WebGL (the seat map) still runs on SwiftShader; the page's compositing is done in software, which on 2 cores costs
  // less than emulating the GPU for every frame of every screen (people.spec: 65 s → 51 s, the map flows unchanged).
  '--disable-gpu-compositing',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
