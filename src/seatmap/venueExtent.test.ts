import { describe, expect, it } from 'vitest';
import { marksBounds, typicalSeatRadius, unionBounds, venueBounds } from './venueExtent';
import { straightRow, tinyVenue } from './testing/tinyVenue';

describe('venue extent', () => {
  it('bounds the venue by its sections', () => {
    const m = tinyVenue([{ name: 'A', rows: [straightRow('1', 3, 10, 10)] }, { name: 'B', rows: [straightRow('1', 1, 100, 50)] }]);
    expect(venueBounds(m)).toEqual({ minX: 6, minY: 6, maxX: 104, maxY: 54 });
  });

  it('takes the median seat radius', () => {
    const m = tinyVenue([{ name: 'A', rows: [straightRow('1', 5, 0, 0)] }]);
    m.seatRadius.set([1, 9, 3, 3, 2]);
    expect(typicalSeatRadius(m)).toBe(3);
    expect(typicalSeatRadius({ seatCount: 0, seatRadius: new Float32Array(0) })).toBe(1);
  });

  it('grows the fitted box to include marks (x, y, radius triples) outside the sections', () => {
    const m = tinyVenue([{ name: 'A', rows: [straightRow('1', 3, 10, 10)] }]);
    const marks = marksBounds([200, 5, 4, -30, 40, 2]);
    expect(marks).toEqual({ minX: -32, minY: 1, maxX: 204, maxY: 42 });
    expect(unionBounds(venueBounds(m), marks)).toEqual({ minX: -32, minY: 1, maxX: 204, maxY: 42 });
    expect(marksBounds([])).toBeNull();
    expect(unionBounds(venueBounds(m), null)).toEqual(venueBounds(m));
  });
});
