import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatImportReport } from '../../server/venues/formatImportReport';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';

const run = (...args: string[]) =>
  spawnSync('node', ['--import', 'tsx', 'server/venues/importCli.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent-dry-run-must-not-open' } });

// Each test starts the command in a node process of its own (tsx compiles it first): seconds each on a busy machine.
describe('npm run venue:import -- --dry-run', { timeout: 30_000 }, () => {
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

  it('when the map has warnings, then without --accept-warnings it is not imported (exit 3, no database opened)', () => {
    const res = run('tests/fixtures/venues/marked-with-plaques.svg');
    expect(res.status).toBe(3);
    expect(res.stderr).toMatch(/Warnings \(1\):\n {2}! 1 unmarked shape/);
    expect(res.stderr).toContain('Not imported: the report has 1 warning(s)');
  });

  // What --dry-run prints for each convention's fixture: its counts, its confidence and each warning (the counts and
  // confidence themselves are checked per fixture in parseVenueSvg.wild.test.ts).
  it.each([
    ['marked-with-plaques.svg', 'guessed', 1], ['seat-marker-big.svg', 'guessed', 1], ['seat-marker-sections.svg', 'guessed', 1],
    ['id-alnum-blocks.svg', 'inferred', 0], ['plain-attributes.svg', 'marked', 0], ['seat-sentences.svg', 'guessed', 2],
    ['cad-glyphs.svg', 'guessed', 1], ['level-sections.svg', 'inferred', 0], ['widget-capture.svg', 'marked', 0],
    ['curved-rows.svg', 'inferred', 0],
  ] as const)('the dry-run report of %s says its counts, confidence %s and %i warning(s)', (file, confidence, warnings) => {
    const { report } = parseVenueSvg(readFileSync(`tests/fixtures/venues/${file}`, 'utf8'));
    const text = formatImportReport(report);
    expect(text).toContain(`${report.seats} seats, ${report.rows} rows, ${report.sections.length} sections`);
    expect(report.confidence.map).toBe(confidence);
    expect(report.warnings).toHaveLength(warnings);
    for (const w of report.warnings) expect(text).toContain(`! ${w.message}`);
    if (warnings === 0) expect(text).toContain('Warnings: none');
  });

  it('when no file is named, then the usage is printed', () => {
    const res = run();
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('--dry-run');
  });
});
