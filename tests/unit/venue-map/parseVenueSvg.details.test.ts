import { describe, expect, it } from 'vitest';
import { parseVenueSvg, VenueSvgError } from '../../../workers/venue-map/parseVenueSvg';
import { SECTION_KIND_SEATED } from '../../../workers/venue-map/venueModel';
import { seatAtKey, seatingPlan } from './venueFixtures';

const row = (seats: string): string =>
  `<svg viewBox="0 0 100 100"><g class="section" data-section="S"><g class="row" data-row="A">${seats}</g></g></svg>`;

describe('parseVenueSvg: less common forms', () => {
  it('maps a nested <svg> viewport (x, y, width, height, viewBox)', () => {
    const { model } = parseVenueSvg(row('<svg x="10" y="20" width="50" height="50" viewBox="0 0 100 100">' +
      '<circle class="seat" data-seat="1" cx="50" cy="50" r="10"/></svg>'));
    expect(seatAtKey(model, 'S', 'A', '1')).toMatchObject({ x: 35, y: 45, r: 5 });
  });

  it('applies skewY and a rotate without a centre', () => {
    const { model } = parseVenueSvg(row('<g transform="skewY(45)"><circle class="seat" data-seat="1" cx="10" cy="0" r="1"/></g>' +
      '<g transform="rotate(90)"><circle class="seat" data-seat="2" cx="10" cy="0" r="1"/></g>'));
    const skewed = seatAtKey(model, 'S', 'A', '1');
    expect([skewed.x, skewed.y]).toEqual([10, expect.closeTo(10, 5)]);
    const rotated = seatAtKey(model, 'S', 'A', '2');
    expect(rotated.x).toBeCloseTo(0, 5);
    expect(rotated.y).toBeCloseTo(10, 5);
  });

  it('ignores and reports a malformed transform, as browsers do', () => {
    const { model, report } = parseVenueSvg(row('<g transform="translate(10,"><circle class="seat" data-seat="1" cx="1" cy="1" r="1"/></g>'));
    expect(seatAtKey(model, 'S', 'A', '1')).toMatchObject({ x: 1, y: 1 });
    expect(report.skipped).toEqual([{ element: 'g', line: 1, reason: 'malformed transform attribute ignored' }]);
  });

  it('reads a polygon seat and a seat-level data-row', () => {
    const { model } = parseVenueSvg('<svg><g class="section" data-section="S">' +
      '<polygon class="seat" data-row="B" data-seat="4" points="0,0 4,0 4,4 0,4"/></g></svg>');
    expect(seatingPlan(model)).toEqual(['S/B: 4']);
    expect(seatAtKey(model, 'S', 'B', '4')).toMatchObject({ x: 2, y: 2, r: 2 });
  });

  it('stretches a symbol with preserveAspectRatio="none"', () => {
    const { model } = parseVenueSvg('<svg><symbol id="s" viewBox="0 0 10 10" preserveAspectRatio="none">' +
      '<rect x="0" y="0" width="10" height="10"/></symbol>' +
      '<g class="section" data-section="S"><g class="row" data-row="A">' +
      '<use href="#s" x="0" y="0" width="40" height="20" class="seat" data-seat="1"/></g></g></svg>');
    expect(seatAtKey(model, 'S', 'A', '1')).toMatchObject({ x: 20, y: 10 });
  });

  it('imports a GA-marked section that holds seats as seated, and says so', () => {
    const { model, report } = parseVenueSvg('<svg><g class="section" data-section="Pit" data-kind="ga" data-capacity="50">' +
      '<g class="row" data-row="A"><circle class="seat" data-seat="1" cx="1" cy="1" r="1"/></g></g></svg>');
    expect(model.sectionKind[0]).toBe(SECTION_KIND_SEATED);
    expect(model.sectionCapacity[0]).toBe(0);
    expect(report.skipped[0]!.reason).toMatch(/marked general admission but has seats/);
  });

  it('fails on an unclosed comment with its line', () => {
    const error = (() => {
      try {
        parseVenueSvg('<svg>\n\n<!-- never closed\n</svg>');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(VenueSvgError);
    expect((error as VenueSvgError).line).toBe(3);
  });

  it('reads the map name from the top-level <title> when there is no data-name', () => {
    const { model } = parseVenueSvg('<svg><title>Old Town Hall</title>' +
      '<g class="section" data-section="S"><g class="row" data-row="A"><circle class="seat" data-seat="1" r="1"/></g></g></svg>');
    expect(model.name).toBe('Old Town Hall');
  });

  it('orders seat labels naturally and falls back to geometry for seats without labels', () => {
    const { model } = parseVenueSvg(row(['10', '9A', '2', '9'].map((l, k) =>
      `<circle class="seat" data-seat="${l}" cx="${k * 10}" cy="0" r="1"/>`).join('')));
    expect(seatingPlan(model)).toEqual(['S/A: 2 9 9A 10']);
    const unlabelled = parseVenueSvg(row('<circle cx="30" cy="0" r="1"/><circle cx="10" cy="0" r="1"/><circle cx="20" cy="0" r="1"/>'));
    expect(seatingPlan(unlabelled.model)).toEqual(['S/A: 1 2 3']);
    expect(seatAtKey(unlabelled.model, 'S', 'A', '1').x).toBe(10);
  });
});
