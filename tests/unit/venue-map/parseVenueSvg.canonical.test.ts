import { describe, expect, it } from 'vitest';
import { SEAT_FLAG_ACCESSIBLE, SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED } from '../../../workers/venue-map/venueModel';
import { expectInvariants, parseFixture, seatAtKey, seatingPlan, sectionsOf } from './venueFixtures';

describe('parseVenueSvg: canonical format', () => {
  const { model, report } = parseFixture('canonical.svg');

  it('reads the map name from data-name and the root viewBox', () => {
    expect(model.name).toBe('Canonical Hall');
    expect(model.viewBox).toEqual({ minX: -100, minY: -50, maxX: 300, maxY: 250 });
  });

  it('keeps sections in document order, rows contiguous, seats in natural label order', () => {
    expect(seatingPlan(model)).toEqual(['Stalls/A: 1 2 3', 'Stalls/B: 8 9 10', 'Balcony/A: 1 2']);
    expectInvariants(model, expect);
  });

  it('places seats in map units after the section transforms', () => {
    expect(seatAtKey(model, 'Stalls', 'A', '1')).toMatchObject({ x: 80, y: 100, r: 4 });
    expect(seatAtKey(model, 'Stalls', 'B', '10')).toMatchObject({ x: 120, y: 120 });
    const balcony = seatAtKey(model, 'Balcony', 'A', '2');
    expect(balcony.x).toBeCloseTo(250, 4);
    expect(balcony.y).toBeCloseTo(110, 4);
  });

  it('marks accessible seats', () => {
    expect(seatAtKey(model, 'Stalls', 'A', '2').flags & SEAT_FLAG_ACCESSIBLE).toBe(SEAT_FLAG_ACCESSIBLE);
    expect(seatAtKey(model, 'Stalls', 'A', '1').flags).toBe(0);
  });

  it('reads a general-admission area with its capacity and outline', () => {
    const floor = sectionsOf(model).find((s) => s.name === 'Floor (standing)')!;
    expect(floor.kind).toBe(SECTION_KIND_GENERAL_ADMISSION);
    expect(floor.capacity).toBe(500);
    expect(floor.rows).toEqual([]);
    expect(Array.from(model.sectionBounds.slice(8, 12))).toEqual([-90, 160, 10, 220]);
    expect(report.generalAdmissionAreas).toBe(1);
  });

  it('uses the drawn outline, transformed, as the section polygon', () => {
    const s = 1;
    const points = Array.from(model.outlinePoints.slice(model.sectionOutlineStart[s]! * 2,
      model.sectionOutlineStart[s + 1]! * 2)).map((v) => Math.round(v));
    expect(points).toEqual([260, 80, 260, 120, 240, 120, 240, 80]);
    expect(model.sectionKind[s]).toBe(SECTION_KIND_SEATED);
  });

  it('reports what it imported and what it left out', () => {
    expect(report.seats).toBe(8);
    expect(report.rows).toBe(3);
    const marked = { section: 'marked', seats: 'marked', rows: 'marked' };
    expect(report.sections).toEqual([
      { name: 'Stalls', kind: 'seated', seats: 6, rows: 2, capacity: 0, confidence: marked },
      { name: 'Balcony', kind: 'seated', seats: 2, rows: 1, capacity: 0, confidence: marked },
      { name: 'Floor (standing)', kind: 'general_admission', seats: 0, rows: 0, capacity: 500, confidence: marked },
    ]);
    expect(report.confidence).toEqual({ ...marked, map: 'marked' });
    expect(report.warnings).toEqual([]);
    expect(report.conventions).toEqual(['canonical']);
    expect(report.duplicates).toEqual([]);
    expect(report.skipped).toEqual([{ element: 'rect', line: 4, reason: 'shape is neither a seat nor a section (decoration)' }]);
  });
});
