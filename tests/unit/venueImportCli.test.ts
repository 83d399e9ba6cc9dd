import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  spawnSync('node', ['--import', 'tsx', 'server/venues/importCli.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent-dry-run-must-not-open' } });

describe('npm run venue:import -- --dry-run', () => {
  it('when the file is readable, then the report is printed as JSON (--json) and nothing is opened or written', () => {
    const res = run('--dry-run', '--json', 'tests/fixtures/venues/canonical.svg');
    expect(res.status).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report.seats).toBe(8);
    expect(report.sections.map((s: { name: string; seats: number }) => [s.name, s.seats])).toEqual([['Stalls', 6], ['Balcony', 2], ['Floor (standing)', 0]]);
    expect(report.generalAdmissionAreas).toBe(1);
    expect(Array.isArray(report.skipped)).toBe(true);
  });

  it('when the file is readable, then the readable report names the seats, the sections and their confidence', () => {
    const res = run('--dry-run', 'tests/fixtures/venues/canonical.svg');
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/\b8 seats\b/);
    expect(res.stdout).toContain('Stalls');
    expect(res.stdout).toMatch(/confidence/i);
  });

  it('when the file is malformed, then it fails with the line and says nothing was written', () => {
    const res = run('--dry-run', 'tests/fixtures/venues/error-malformed.svg');
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/Import failed, nothing written: .*line \d+/);
  });

  it('when no file is named, then the usage is printed', () => {
    const res = run();
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('--dry-run');
  });
});
