import { describe, expect, it } from 'vitest';
import { pathBounds } from '../../../workers/venue-map/seatShapes';
import { parseFixture, seatAtKey } from './venueFixtures';

describe('parseVenueSvg: seat shapes', () => {
  const { model } = parseFixture('seat-shapes.svg');
  const cases: [string, string][] = [['1', 'ellipse'], ['2', 'rect'], ['3', 'Bézier circle path'],
    ['4', 'CorelDRAW compact relative path'], ['5', 'path over several lines, two arcs'], ['6', 'implicit lineto path'],
    ['7', 'group of two paths and a number'], ['8', 'quadratic and smooth quadratic path']];
  it.each(cases)('seat %s (%s) sits at the centre of its shape with half its size as radius', (seat) => {
    const s = seatAtKey(model, 'Shapes', 'A', seat);
    expect(s.x).toBeCloseTo(10 + (Number(seat) - 1) * 20, 4);
    expect(s.y).toBeCloseTo(10, 4);
    expect(s.r).toBeCloseTo(4, 4);
  });
});

describe('parseVenueSvg: transforms', () => {
  const { model } = parseFixture('transforms.svg');
  const expected: [string, string, number, number, number][] = [
    ['1', 'translate', 100, 50, 2], ['2', 'rotate(a cx cy)', 10, 20, 2], ['3', 'scale', 60, 80, 4],
    ['4', 'matrix', 180, 10, 2], ['5', 'skewX', 30, 20, 2], ['6', 'four nested groups', 20, 20, 2],
    ['7', 'translate rotate translate chain', 20.7196, 13.3514, 2], ['8', 'transform on the shape', 6, 6, 1],
  ];
  it.each(expected)('seat %s (%s) lands at (%f, %f)', (seat, _what, x, y, r) => {
    const s = seatAtKey(model, 'Transforms', 'A', seat);
    expect(s.x).toBeCloseTo(x, 3);
    expect(s.y).toBeCloseTo(y, 3);
    expect(s.r).toBeCloseTo(r, 4);
  });

  it('keeps a negative viewBox as it is', () => {
    expect(model.viewBox).toEqual({ minX: -50, minY: -50, maxX: 250, maxY: 150 });
  });
});

describe('pathBounds', () => {
  const bounds = (d: string): number[] | null => {
    const out = new Float64Array(4);
    return pathBounds(d, 0, d.length, out) ? Array.from(out).map((v) => Math.round(v * 1000) / 1000) : null;
  };

  it('takes an arc’s true extremes, not just its end points', () => {
    expect(bounds('M0 0 A10 10 0 0 1 20 0')).toEqual([0, -10, 20, 0]);
    expect(bounds('M0 0 A10 10 0 0 0 20 0')).toEqual([0, 0, 20, 10]);
  });

  it('reads flags written together and numbers run together', () => {
    expect(bounds('M0 0a10 10 0 1020 0')).toEqual([0, 0, 20, 10]);
    expect(bounds('M.5.5l-3-3')).toEqual([-2.5, -2.5, 0.5, 0.5]);
  });

  it('refuses malformed data', () => {
    expect(bounds('10 10 L 5 5')).toBeNull();
    expect(bounds('M0 0 L 5')).toBeNull();
    expect(bounds('M0 0 X 5 5')).toBeNull();
  });
});
