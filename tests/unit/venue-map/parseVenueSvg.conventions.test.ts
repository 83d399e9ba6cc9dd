import { describe, expect, it } from 'vitest';
import { SEAT_FLAG_ACCESSIBLE, SEAT_FLAG_UNAVAILABLE, SECTION_KIND_SEATED } from '../../../workers/venue-map/venueModel';
import { expectInvariants, parseFixture, seatAtKey, seatingPlan, sectionsOf } from './venueFixtures';

describe('parseVenueSvg: real-world conventions', () => {
  it('nested groups with data-init JSON in single-quoted attributes, hidden variants skipped', () => {
    const { model, report } = parseFixture('nested-data-init.svg');
    expect(seatingPlan(model)).toEqual(['parter/01: 1 2', 'parter/9A: 1']);
    // A seat drawn as a group (circle + number) sits at its circle's centre.
    expect(seatAtKey(model, 'parter', '01', '2')).toMatchObject({ x: 22, y: 10, r: 5 });
    expect(report.conventions).toContain('nested-data-init');
    // Row 2 hidden inline (style="display:none"), row 3 through a CSS class in a CDATA <style>.
    expect(report.skipped).toEqual([{ element: 'g', line: 18,
      reason: 'hidden (display:none or visibility:hidden): not part of the map (2 elements, first on line 18)' }]);
    expectInvariants(model, expect);
  });

  it('p-5-12 ids with pc-/pn- twins, repaired escapes, malformed ids and duplicate keys', () => {
    const { model, report } = parseFixture('id-block-row-seat.svg');
    expect(seatingPlan(model)).toEqual(['p/5: 11 12', 'p/6: 1', 'p/11: 19']);
    expect(seatAtKey(model, 'p', '5', '12')).toMatchObject({ x: 60, y: 20 });
    expect(report.duplicates).toEqual(['p/5/12']);
    expect(report.skipped).toEqual([{ element: 'circle', line: 7, reason: 'malformed seat id "p-10--6"' }]);
    expect(report.conventions).toEqual(['id-block-row-seat']);
  });

  it('Q12 seat ids inside g#Row_Q', () => {
    const { model, report } = parseFixture('row-letter-ids.svg');
    expect(seatingPlan(model)).toEqual(['Balcony/Q: 1 2 3', 'Balcony/R: 1 2']);
    expect(seatAtKey(model, 'Balcony', 'Q', '1')).toMatchObject({ x: 10, y: 10 });
    expect(report.conventions).toEqual(expect.arrayContaining(['row-groups', 'id-row-letter-seat']));
  });

  it('seat-{n}-{row}-{section} ids', () => {
    const { model } = parseFixture('seat-row-section-ids.svg');
    expect(seatingPlan(model)).toEqual(['North/A: 1 2', 'North/B: 1', 'South/A: 1']);
  });

  it('sec-101-row-9-seat-12 classes, _DA accessible, unavailable class', () => {
    const { model, report } = parseFixture('class-grammar.svg');
    expect(seatingPlan(model)).toEqual(['101/9: 11 12', '102/1: 1']);
    expect(seatAtKey(model, '101', '9', '11').flags).toBe(SEAT_FLAG_ACCESSIBLE);
    expect(seatAtKey(model, '102', '1', '1').flags).toBe(SEAT_FLAG_UNAVAILABLE);
    expect(report.conventions).toEqual(['class-sec-row-seat']);
  });

  it('Illustrator escaped ids (_14948030, _x20_, _1_ suffixes), external DOCTYPE, offset negative viewBox', () => {
    const { model, report } = parseFixture('illustrator.svg');
    expect(model.viewBox).toEqual({ minX: 222.5, minY: -2670, maxX: 4422.5, maxY: 280 });
    // Row_x20_A and Row_x20_A_1_ are one row; seats numbered along it.
    expect(seatingPlan(model)).toEqual(['Section 101/A: 1 2 3']);
    expect(seatAtKey(model, 'Section 101', 'A', '3')).toMatchObject({ x: 360, y: -2600, r: 10 });
    expect(report.conventions).toContain('inferred-seat-numbers');
  });

  it('Inkscape layers as sections; editor elements and layers without seats ignored', () => {
    const { model, report } = parseFixture('inkscape-layers.svg');
    expect(seatingPlan(model)).toEqual(['Stalls/A: 1 2', 'Circle/A: 1']);
    expect(report.conventions).toContain('inkscape-layers');
    expect(report.sections.map((s) => s.name)).not.toContain('Background');
  });

  it('<use> of symbols with their own viewBox, forward references, unknown references reported', () => {
    const { model, report } = parseFixture('use-symbols.svg');
    expect(seatingPlan(model)).toEqual(['Main/1: 1001 1002 1003 1004', 'Main/2: 2001 2002']);
    // Both scales (0 0 50 50 and 0 0 500 500) come out the same size at width/height 10.
    expect(seatAtKey(model, 'Main', '1', '1001')).toMatchObject({ x: 5, y: 5, r: 4 });
    const big = seatAtKey(model, 'Main', '1', '1003');
    expect(big.x).toBeCloseTo(45, 5);
    expect(big.r).toBeCloseTo(4, 5);
    expect(seatAtKey(model, 'Main', '1', '1004')).toMatchObject({ x: 65, y: 5 });
    expect(seatAtKey(model, 'Main', '1', '1002').flags).toBe(SEAT_FLAG_UNAVAILABLE);
    expect(report.skipped).toEqual([{ element: 'use', line: 12,
      reason: 'reference to #no-such-symbol, which the file does not define' }]);
    expect(report.conventions).toEqual(expect.arrayContaining(['use-symbols', 'inferred-rows', 'no-sections']));
  });

  it('bare circles: rows from row-segment groups (joined across an aisle), numbers from order', () => {
    const { model, report } = parseFixture('bare-circles.svg');
    expect(seatingPlan(model)).toEqual(['stalls/1: 1 2 3 4 5', 'stalls/2: 1 2 3', 'balcony/1: 1 2']);
    expect(seatAtKey(model, 'stalls', '1', '4')).toMatchObject({ x: 200, y: 200, r: 15 });
    expect(seatAtKey(model, 'stalls', '2', '1')).toMatchObject({ x: 40, y: 240 });
    // The big logo circle is not seat-sized.
    expect(report.skipped).toHaveLength(1);
    expect(report.conventions).toEqual(expect.arrayContaining(['bare-geometry', 'inferred-rows']));
    expectInvariants(model, expect);
  });

  it('section-only maps: shapes, ids, data-section groups, Ticketmaster paths, text labels, disabled areas', () => {
    const { model, report } = parseFixture('section-only.svg');
    const sections = sectionsOf(model);
    expect(sections.map((s) => s.name)).toEqual(['101', '102', '103', '104', 'category-1_546', '201', 'Press box']);
    expect(sections.every((s) => s.kind === SECTION_KIND_SEATED && s.rows.length === 0)).toBe(true);
    expect(model.seatCount).toBe(0);
    // The arc of section 104 bulges down to y = 150.
    expect(model.sectionBounds[3 * 4 + 3]).toBeCloseTo(150, 3);
    expect(report.skipped).toEqual([{ element: 'path', line: 7, reason: 'non-sellable area (class disabled-section)' }]);
    expect(report.conventions).toEqual(expect.arrayContaining(['section-shapes', 'data-section-groups',
      'data-section-id']));
  });
});
