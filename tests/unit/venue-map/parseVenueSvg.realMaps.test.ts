import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VenueSvgError } from '../../../workers/venue-map/parseVenueSvg';
import type { ImportReport } from '../../../workers/venue-map/venueModel';
import { expectInvariants, parseFixture, seatingPlan } from './venueFixtures';

/** Issue 36: conventions of real maps that were read wrong, and a report whose numbers add up. */
const unread = (report: ImportReport) => report.tally.notRead.reduce((n, e) => n + e.count, 0);

describe('parseVenueSvg: the maps promoters really have (issue 36)', () => {
  it('1. seat numbers drawn only as text: counted, warned about in plain words, confidence not marked', () => {
    const { report } = parseFixture('text-only-numbers.svg');
    expect(report.seats).toBe(0);
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^36 number labels were not read/)]);
    expect(report.tally).toMatchObject({ seatLike: 36, seatsRead: 0 });
    expect(report.tally.notRead).toEqual([expect.objectContaining({ kind: 'number label', count: 36, sampleId: 'n-1-1' })]);
    expect(report.confidence.map).toBe('guessed');
  });

  it('2. a wrapper carrying counts is metadata that checks the count read, not a seat', () => {
    const { model, report } = parseFixture('count-wrapper.svg');
    expect(report.sections.map((s) => [s.name, s.seats, s.rows])).toEqual([['sector-B', 12, 2], ['sector-C', 6, 1]]);
    expect(report.notes).toContain('Group "sector-B" says it holds 12 seats and 2 rows; 12 seats in 2 rows were read in it, as it says');
    expect(report.warnings.map((w) => w.message)).toEqual([
      'Group "sector-C" says it holds 8 seats and 1 row, but 6 seats in 1 row were read in it: check the seats there']);
    expect(report.sections.map((s) => s.confidence.seats)).toEqual(['marked', 'guessed']);
    expectInvariants(model, expect);
  });

  it('3. the section as a plain attribute with spaces (place-name="Sector C230") keeps sectors apart', () => {
    const { model, report } = parseFixture('place-name-sectors.svg');
    expect(report.sections.map((s) => [s.name, s.seats])).toEqual([['Sector C230', 8], ['Sector C231', 8], ['Sector C232', 8]]);
    expect(report.duplicates).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(seatingPlan(model)[0]).toBe('Sector C230/1: 1 2 3 4');
  });

  it('4. zone maps: one shape and its name per group are sections without seats; walls, railings, stairs are not', () => {
    const { report } = parseFixture('zone-map.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name).sort()).toEqual(['GENERAL', 'PLATA 1', 'PLATA 2', 'VIP', 'oro']);
    expect(report.warnings.map((w) => w.message).join()).not.toMatch(/glyph/);
    expect(report.tally.sectionsNotRead).toEqual([expect.objectContaining({ kind: 'decoration group', count: 3,
      sampleId: 'pared_norte' })]);
    expect(report.conventions).toContain('zone-groups');
  });

  it('5. tables with chairs: the chairs are the seats, each table a row, the table tops are not seats', () => {
    const { model, report } = parseFixture('tables-chairs.svg');
    expect(report.seats).toBe(120);
    expect(report.rows).toBe(30);
    expect(seatingPlan(model)[0]).toBe('salon/mesa 1: 1 2 3 4');
    expect(report.tally.notRead).toEqual([expect.objectContaining({ count: 30,
      reason: expect.stringMatching(/table top/) })]);
    expectInvariants(model, expect);
  });

  it('6. a tray in a level group is not a section; leftover unmarked shapes are seats only with a warning', () => {
    const { report } = parseFixture('level-tray.svg');
    expect(report.sections.map((s) => s.name)).toEqual(['201', '202', '203', 'A101', 'A102', 'extras']);
    expect(report.tally.sectionsNotRead).toEqual([expect.objectContaining({ kind: 'section shape', count: 1,
      sampleId: 'LEVEL_2_TRAY' })]);
    expect(report.warnings.map((w) => w.message)).toEqual([
      '4 unmarked shapes taken as seats from geometry alone in a map whose 5 sections are drawn as shapes: check they are seats']);
    expect(report.confidence.seats).toBe('guessed');
  });

  it('7. seat markers on section shapes: the last few drawn as two shapes are sections too, not seats', () => {
    const { report } = parseFixture('seat-marker-last-few.svg');
    expect(report.seats).toBe(0);
    expect(report.sections).toHaveLength(20);
    expect(report.tally).toMatchObject({ seatLike: 23, seatsRead: 0 });
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^23 shapes marked like a seat read as sections/)]);
  });

  it('8. outlined label glyphs of seat size beside marked seats are not seats; one at the seats\' spacing is, with a warning', () => {
    const { report } = parseFixture('label-glyphs.svg');
    expect(report.seats).toBe(21);
    expect(report.tally.notRead).toEqual([expect.objectContaining({ count: 4, sampleId: 'label-A-left',
      reason: expect.stringMatching(/away from the marked seats/) })]);
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^1 unmarked shape of the marked seats' size and spacing/)]);
  });

  it('9. CAD chairs with digit glyphs: the chairs are seats, a stage with lettering is not a chair', () => {
    const { model, report } = parseFixture('cad-chairs-stage.svg');
    expect(seatingPlan(model)).toEqual(['platea/1: 1 2 3 4 5', 'platea/2: 1 2 3 4 5']);
    expect(report.tally.notRead.map((e) => [e.count, e.sampleId, e.reason.split(' (')[0]])).toEqual([
      [20, null, 'glyph drawn on a chair'],
      [5, null, 'glyph inside a larger shape that is not chair-sized'],
      [1, 'stage', 'larger shape around glyphs but not of the chairs\' size'],
    ]);
  });
});

describe('the report adds up in every fixture', () => {
  const dir = fileURLToPath(new URL('../../fixtures/venues/', import.meta.url));
  // The drawn fixtures and the committed public map (fixtures/venues/public).
  const files = [...readdirSync(dir).filter((f) => f.endsWith('.svg')),
    ...readdirSync(`${dir}public`).filter((f) => f.endsWith('.svg')).map((f) => `public/${f}`)];

  it.each(files)('%s: seats read + not read = seat-like elements seen, and seats read = the model\'s seats', (file) => {
    let result;
    try {
      result = parseFixture(file);
    } catch (e) {
      // The error fixtures are refused outright: nothing is read, nothing to account for.
      expect(e).toBeInstanceOf(VenueSvgError);
      expect(file).toMatch(/^error-/);
      return;
    }
    const { model, report } = result;
    expect(report.tally.seatsRead).toBe(model.seatCount);
    expect(report.tally.seatsRead + unread(report)).toBe(report.tally.seatLike);
    // Every ring the import screen draws is one of the elements counted as not read.
    expect(report.unreadMarks.length % 3).toBe(0);
    expect(report.unreadMarks.length / 3).toBeLessThanOrEqual(unread(report));
    for (const e of [...report.tally.notRead, ...report.tally.sectionsNotRead]) {
      expect(e.count).toBeGreaterThan(0);
      expect(e.reason.length).toBeGreaterThan(10);
    }
    if (report.confidence.map === 'marked') expect(report.warnings).toEqual([]);
  });
});
