import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { SECTION_KIND_GENERAL_ADMISSION } from '../../../workers/venue-map/venueModel';
import { expectInvariants } from './venueFixtures';

describe('generateVenue', () => {
  it.each([1000, 20000, 4321])('generates exactly %i seats that import as canonical', (seats) => {
    const venue = generateVenue({ seats });
    const { model, report } = parseVenueSvg(venue.svg);
    expect(venue.seats).toBe(seats);
    expect(model.seatCount).toBe(seats);
    expect(model.sectionCount).toBe(venue.sections);
    expect(report.conventions).toEqual(['canonical']);
    expect(report.duplicates).toEqual([]);
    // Only the drawn floor or pitch and the stage are left out, as decoration.
    expect(report.skipped.every((s) => s.element !== 'circle' && /decoration/.test(s.reason))).toBe(true);
    expectInvariants(model, expect);
  });

  it('draws a stadium above 40k seats: more tiers, the bowl all round, rotated sections and arcs', () => {
    const venue = generateVenue({ seats: 100000, seed: 3 });
    expect(venue.svg).toMatch(/data-name="Generated stadium, 100000 seats"/);
    expect(venue.svg).toMatch(/rotate\(/);
    expect(venue.svg).toMatch(/A[\d.]+ [\d.]+ 0 0 1/);
    const { model, report } = parseVenueSvg(venue.svg);
    expect(model.seatCount).toBe(100000);
    const names = report.sections.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => /^Section 3\d\d$/.test(n)).length).toBeGreaterThan(0);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(generateVenue({ seats: 2000, seed: 5 }).svg).toBe(generateVenue({ seats: 2000, seed: 5 }).svg);
    expect(generateVenue({ seats: 2000, seed: 5 }).svg).not.toBe(generateVenue({ seats: 2000, seed: 6 }).svg);
  });

  it('adds standing areas with capacities, or none', () => {
    const { model, report } = parseVenueSvg(generateVenue({ seats: 5000, gaAreas: 3 }).svg);
    const ga = report.sections.filter((s) => s.kind === 'general_admission');
    expect(ga.map((s) => s.name)).toEqual(['Floor A (standing)', 'Floor B (standing)', 'Floor C (standing)']);
    expect(ga.every((s) => s.capacity > 100)).toBe(true);
    expect(Array.from(model.sectionKind).filter((k) => k === SECTION_KIND_GENERAL_ADMISSION)).toHaveLength(3);
    expect(parseVenueSvg(generateVenue({ seats: 5000, gaAreas: 0 }).svg).report.generalAdmissionAreas).toBe(0);
  });

  it('names rows A, B, C ... from the front and numbers seats from 1 along each row', () => {
    const { model } = parseVenueSvg(generateVenue({ seats: 20000 }).svg);
    const rows = Array.from({ length: model.sectionRowCount[2]! }, (_, k) =>
      model.strings[model.rowLabel[model.sectionFirstRow[2]! + k]!]);
    expect(rows.slice(0, 4)).toEqual(['A', 'B', 'C', 'D']);
    expect(rows.length).toBeGreaterThanOrEqual(22);
    const first = model.rowFirstSeat[5]!;
    expect([0, 1, 2].map((k) => model.strings[model.seatLabel[first + k]!])).toEqual(['1', '2', '3']);
  });
});
