import { defineConfig } from 'vitest/config';

// Two projects: fast pure tests (domain, workers, contracts) and server integration tests,
// which need a database (tests/server/runServerSuites.ts sets DATABASE_URL or the PGlite template).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
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
