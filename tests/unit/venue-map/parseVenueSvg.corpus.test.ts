import { describe, expect, it } from 'vitest';
import { expectInvariants, parseFixture, seatingPlan } from './venueFixtures';

/**
 * Rules found by reading real public venue maps (docs/venue-import.md, "Real maps"): each fixture is drawn here in
 * the convention of a map the importer read wrong with confidence and no warning.
 */
describe('parseVenueSvg: what the real-map corpus showed', () => {
  it('one-shape groups beside marked seats (stage, legend swatches) are not zero-seat sections, and are listed', () => {
    const { model, report } = parseFixture('legend-zones.svg');
    expect(report.sections.map((s) => [s.name, s.seats, s.rows])).toEqual([['parter', 18, 3]]);
    expect(report.tally.sectionsNotRead).toEqual([expect.objectContaining({ kind: 'zone group', count: 3, sampleId: 'busy' })]);
    // The legend's two seat-sized swatches were seen as seat-like and are accounted for.
    expect(report.tally).toMatchObject({ seatLike: 20, seatsRead: 18 });
    expect(report.tally.notRead).toEqual([expect.objectContaining({ count: 2, sampleId: 'busy' })]);
    // Where they stand, for the import screen's rings: the two swatches' centres and radii, one triple each.
    expect(report.unreadMarks).toHaveLength(6);
    expect([report.unreadMarks[0], report.unreadMarks[1]]).toEqual([20, 230]);
    expect([report.unreadMarks[3], report.unreadMarks[4]]).toEqual([120, 230]);
    expect(report.notes).toContain('3 groups holding one shape and its name (stage, legend, labels) were not read as '
      + 'sections: the map\'s 18 seats are marked');
    expectInvariants(model, expect);
  });

  it('a data-seat-type attribute marks a seat but is not its number: 20 seats, not 4 "STANDARD" ones', () => {
    const { model, report } = parseFixture('seat-type-attribute.svg');
    expect(report.seats).toBe(20);
    expect(report.duplicates).toEqual([]);
    expect(seatingPlan(model)).toEqual(['seats/1: 1 2 3 4 5', 'seats/2: 1 2 3 4 5', 'seats/3: 1 2 3 4 5', 'seats/4: 1 2 3 4 5']);
    expect(report.warnings).toEqual([]);
    expectInvariants(model, expect);
  });

  it('seats dropped as repeated keys are warned about with numbers that add up, and the seats are not "marked"', () => {
    const { report } = parseFixture('dirt.svg');
    expect(report.warnings.map((w) => w.message)).toEqual([
      '1 seat repeats the section, row and seat number of an earlier seat and was not read (first: "Main Floor/A/1"): '
        + '2 of 3 seats read. Check the seat numbers']);
    expect(report.warnings[0]!.at).toBeDefined();
    // The dropped duplicate is where the import screen draws a ring: as many marks as seats not read.
    expect(report.unreadMarks.length / 3).toBe(report.tally.notRead.reduce((n, e) => n + e.count, 0));
    expect(report.sections[0]!.confidence.seats).toBe('guessed');
    expect(report.confidence.map).toBe('guessed');
  });

  it('equal blocks a tenth of the drawing wide in a map that names nothing are sections without seats, with a warning', () => {
    const { model, report } = parseFixture('section-blocks.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(Array.from({ length: 12 }, (_, k) => `Block ${k + 1}`));
    expect(report.warnings.map((w) => w.message)).toEqual([
      '12 unmarked shapes read as sections without seats, drawn as blocks (each about 1/11 of the drawing\'s width, and only '
        + '12: too large and too few for seats); not read: 1 far larger one or the pitch. Nothing in the file marks a seat or names a section: '
        + 'check the sections and their names, or draw the seats']);
    // Every block was seen as seat-like and is accounted for: 12 read as sections, the pitch not read.
    expect(report.tally).toMatchObject({ seatLike: 13, seatsRead: 0 });
    expect(report.tally.notRead.map((e) => [e.count, e.reason.split(' (')[0]])).toEqual([
      [1, 'shape far larger than the blocks'], [12, 'unmarked shape read as a section drawn as a block']]);
    expect(report.confidence).toMatchObject({ section: 'guessed', map: 'guessed' });
    // Each block keeps its drawn (rotated) outline, not a box round a seat.
    expect(model.sectionOutlineStart[1]! - model.sectionOutlineStart[0]!).toBeGreaterThanOrEqual(4);
    expectInvariants(model, expect);
  });

  it('a public map (MIT, tests/fixtures/venues/public/SOURCE.md) reads as counted: 152 seats in sections 1-5', () => {
    const { model, report } = parseFixture('public/tessitura-amazing-venue.svg');
    expect(report.sections.map((s) => [s.name, s.seats]).sort()).toEqual([['1', 40], ['2', 32], ['3', 40], ['4', 20], ['5', 20]]);
    expect(report.warnings).toEqual([]);
    expect(report.tally).toMatchObject({ seatLike: 152, seatsRead: 152 });
    expectInvariants(model, expect);
  });
});
