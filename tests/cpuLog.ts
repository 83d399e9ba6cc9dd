import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';

/**
 * TEST_CPU_LOG=<file>: every test file, and with TEST_CPU_LOG_TESTS=1 every test, appends a JSON line with its CPU
 * seconds (user + system of the worker process, from its first import to its last hook: PGlite's thread included,
 * a PostgreSQL server's or a spawned command's not) and its wall seconds. A setup file of every vitest project; it
 * runs again before each test file, also in a worker that runs several (isolate: false). Without the variable it
 * does nothing. Read it with `sort`/`jq`; tests/README.md "Where the time goes" says what it found.
 */
const out = process.env.TEST_CPU_LOG;
if (out) {
  const seconds = (u: NodeJS.CpuUsage) => Number(((u.user + u.system) / 1e6).toFixed(2));
  const fileStart = process.cpuUsage();
  const fileWall = Date.now();
  const file = () => (expect.getState().testPath ?? '').split('/').pop();
  afterAll(() => {
    appendFileSync(out, `${JSON.stringify({ file: file(), pid: process.pid, cpu: seconds(process.cpuUsage(fileStart)), wall: (Date.now() - fileWall) / 1000 })}\n`);
  });
  if (process.env.TEST_CPU_LOG_TESTS) {
    let testStart = process.cpuUsage();
    let testWall = 0;
    beforeEach(() => {
      testStart = process.cpuUsage();
      testWall = Date.now();
    });
    afterEach((ctx) => {
      appendFileSync(out, `${JSON.stringify({ file: file(), test: ctx.task.name, cpu: seconds(process.cpuUsage(testStart)), wall: (Date.now() - testWall) / 1000 })}\n`);
    });
  }
}
