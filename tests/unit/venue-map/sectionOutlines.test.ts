import { describe, expect, it } from 'vitest';
import { convexHull, seatHull } from '../../../workers/venue-map/convexHull';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { parseFixture } from './venueFixtures';

/** Section `name`'s outline as [x, y] points, rounded. */
function outlineOf(model: VenueModel, name: string): number[][] {
  const s = Array.from(model.sectionName).findIndex((id) => model.strings[id] === name);
  const points: number[][] = [];
  for (let p = model.sectionOutlineStart[s]!; p < model.sectionOutlineStart[s + 1]!; p++) {
    points.push([Math.round(model.outlinePoints[p * 2]! * 100) / 100, Math.round(model.outlinePoints[p * 2 + 1]! * 100) / 100]);
  }
  return points;
}

describe('outlines of sections made from seat markers', () => {
  it('a shape far larger than the seats keeps its drawn rectangle, not a square around it', () => {
    const { model, report } = parseFixture('seat-marker-big.svg');
    expect(outlineOf(model, 'VIP lounge')).toEqual([[100, 20], [300, 20], [300, 140], [100, 140]]);
    expect(report.warnings[0]!.at).toEqual({ minX: 100, minY: 20, maxX: 300, maxY: 140 });
  });

  it('the only shape of a section group keeps its path', () => {
    const { model } = parseFixture('seat-marker-sections.svg');
    expect(model.seatCount).toBe(0);
    expect(outlineOf(model, 'category-1_546')).toEqual([[0, 0], [180, 0], [180, 80], [0, 80]]);
  });

  it('a rotated marker section is outlined after its transform, and a circle stays round', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
      <g data-section="Stalls">
        <circle data-row="A" data-seat="1" cx="10" cy="10" r="4"/><circle data-row="A" data-seat="2" cx="20" cy="10" r="4"/>
        <circle data-row="A" data-seat="3" cx="30" cy="10" r="4"/>
        <rect data-seat="Box A" x="0" y="0" width="100" height="40" transform="translate(200 200) rotate(90)"/>
        <circle data-seat="Round bar" cx="100" cy="300" r="50"/>
      </g></svg>`;
    const { model } = parseVenueSvg(svg);
    expect(outlineOf(model, 'Box A')).toEqual([[200, 200], [200, 300], [160, 300], [160, 200]]);
    const bar = outlineOf(model, 'Round bar');
    expect(bar.length).toBe(24);
    for (const [x, y] of bar) expect(Math.hypot(x! - 100, y! - 300)).toBeCloseTo(50, 1);
  });
});

describe('seatHull (sections drawn without an outline)', () => {
  it('encloses every seat box, counter-clockwise, with no point inside', () => {
    // Seats on an arc, radius 2: the hull is the boxes' hull.
    const xs: number[] = [], ys: number[] = [], rs: number[] = [];
    for (let k = 0; k <= 10; k++) {
      const a = Math.PI * (0.25 + (0.5 * k) / 10);
      xs.push(100 * Math.cos(a)); ys.push(100 * Math.sin(a)); rs.push(2);
    }
    const hull = seatHull(xs, ys, rs, 0, xs.length);
    const n = hull.length / 2;
    let area = 0;
    for (let p = 0; p < n; p++) {
      const q = (p + 1) % n;
      area += hull[p * 2]! * hull[q * 2 + 1]! - hull[q * 2]! * hull[p * 2 + 1]!;
    }
    expect(area).toBeGreaterThan(0);
    // Every corner of every seat box is inside or on the hull (all cross products >= 0).
    for (let i = 0; i < xs.length; i++) {
      for (const [dx, dy] of [[-2, -2], [2, -2], [2, 2], [-2, 2]]) {
        for (let p = 0; p < n; p++) {
          const q = (p + 1) % n;
          const cross = (hull[q * 2]! - hull[p * 2]!) * (ys[i]! + dy! - hull[p * 2 + 1]!)
            - (hull[q * 2 + 1]! - hull[p * 2 + 1]!) * (xs[i]! + dx! - hull[p * 2]!);
          expect(cross).toBeGreaterThanOrEqual(-1e-9);
        }
      }
    }
  });

  it('gives one seat its box and a straight row a rectangle', () => {
    expect(seatHull([5], [5], [1], 0, 1)).toEqual([4, 4, 6, 4, 6, 6, 4, 6]);
    expect(seatHull([0, 10, 20], [0, 0, 0], [1, 1, 1], 0, 3)).toEqual([-1, -1, 21, -1, 21, 1, -1, 1]);
    expect(convexHull([0, 1], [0, 1], [0, 1])).toEqual([0, 0, 1, 1]);
  });
});
