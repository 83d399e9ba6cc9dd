import { configDefaults, defineConfig } from 'vitest/config';

const UNIT = ['src/**/*.test.ts', 'workers/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'];
/**
 * Unit files that change what every later file in the same process would see (vi.mock, vi.stubEnv, process.env, a
 * global scope made a worker's: reportsClient.test.ts imports reports.worker.ts, whose Comlink.expose stays listening on
 * globalThis, and a later file's MessageChannel then met it as an unhandled "ep.postMessage is not a function").
 */
const UNIT_ISOLATED = ['src/seatmap/rendererAhead.test.ts', 'src/features/venue-map/prefetchVenueMap.test.ts', 'src/seatmap/SeatMapRenderer.test.ts', 'src/seatmap/prepareSeatMapRenderer.test.ts', 'tests/unit/productionBuild.test.ts', 'tests/unit/ensureConsoleBuild.test.ts', 'workers/reports/reportsClient.test.ts'];
/** Each project's setup: TEST_CPU_LOG=<file> logs every test file's CPU seconds (tests/cpuLog.ts); otherwise nothing. */
const SETUP = ['tests/cpuLog.ts'];

// Three projects: fast pure tests (domain, workers, contracts; `unit`, and `unit-isolated` for the few that need a
// process each) and server integration tests,
// which need a database (tests/server/runServerSuites.ts sets DATABASE_URL or the PGlite template).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'node',
          setupFiles: SETUP,
          // Not a threshold on any feature: on the shared 2-core machine (load 15-25) the heaviest tests (a 40k-seat
          // venue, a 20,000-row CSV, a report worker's cancel) took 5-10 s and failed on the default 5 s limit.
          testTimeout: 30_000,
          // One process per worker runs its files one after another, importing shared modules once (as the server
          // project does): the step's CPU halved (tests/README.md). The files that mock a module, stub a global or
          // the environment, or re-import modules run isolated, in the project below; the fake timers of the others
          // are restored by their own afterEach, and vitest restores spies after every file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          setupFiles: SETUP,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: SETUP,
          globalSetup: ['tests/server/setup/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Every file has its own copy of the seeded database, so files run side by side (2 cores).
          fileParallelism: true,
          maxWorkers: 2,
          // Each worker process runs its files one after another and imports the server's modules once, instead of
          // once per file (about 2 s of CPU per file: Fastify, the routes, TypeBox, pg). The server keeps no state
          // in its modules (every app gets its own database, config and jobs), and no server test mocks a module or
          // changes the environment, so a file sees nothing of the one before. The compiled request validators are
          // shared by the apps of one process (server/plugins/inputLimits.ts). Measured in the commit that made it.
          isolate: false,
        },
      },
    ],
  },
});
