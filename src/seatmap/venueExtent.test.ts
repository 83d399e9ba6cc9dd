import { describe, expect, it } from 'vitest';
import { typicalSeatRadius, venueBounds } from './venueExtent';
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
});
