import { describe, expect, it } from 'vitest';
import { computeRowBounds, countVisibleSeats, writeVisibleSeatRange, writeVisibleSeats } from './seatCulling';
import { straightRow, tinyVenue } from './testing/tinyVenue';

const model = tinyVenue([
  { name: 'A', rows: [straightRow('1', 5, 0, 0), straightRow('2', 5, 0, 10)] },
  { name: 'B', rows: [straightRow('1', 3, 500, 0)] },
]);

describe('seat culling', () => {
  it('bounds each row with its discs', () => {
    const b = computeRowBounds(model);
    expect(Array.from(b.subarray(0, 4))).toEqual([-4, -4, 44, 4]);
    expect(Array.from(b.subarray(8, 12))).toEqual([496, -4, 524, 4]);
  });

  it('writes the seats of the rows in view, in seat order', () => {
    const b = computeRowBounds(model);
    const out = new Uint32Array(model.seatCount);
    const view = { minX: 30, minY: 5, maxX: 600, maxY: 8 };
    const n = writeVisibleSeats(b, model.rowFirstSeat, model.rowSeatCount, view, out);
    // Row 2 of A (seats 5..9) meets y 5..8; row 1 of A reaches y 4 only; B's row likewise.
    expect(Array.from(out.subarray(0, n))).toEqual([5, 6, 7, 8, 9]);
    expect(countVisibleSeats(b, model.rowSeatCount, view)).toBe(n);
  });

  it('writes the same seats in parts, each once, in order, across rows', () => {
    const b = computeRowBounds(model);
    const view = { minX: -1000, minY: -1000, maxX: 1000, maxY: 1000 };
    const whole = new Uint32Array(model.seatCount);
    const n = writeVisibleSeats(b, model.rowFirstSeat, model.rowSeatCount, view, whole);
    const parts: number[] = [];
    const out = new Uint32Array(model.seatCount);
    for (let from = 0; from < n; from += 4) {
      const { total, written } = writeVisibleSeatRange(b, model.rowFirstSeat, model.rowSeatCount, view, from, 4, out);
      expect(total).toBe(n);
      expect(written).toBe(Math.min(4, n - from));
      parts.push(...out.subarray(0, written));
    }
    expect(parts).toEqual(Array.from(whole.subarray(0, n)));
    expect(writeVisibleSeatRange(b, model.rowFirstSeat, model.rowSeatCount, view, n, 4, out)).toEqual({ total: n, written: 0 });
  });

  it('writes nothing for an empty view', () => {
    const b = computeRowBounds(model);
    const view = { minX: 100, minY: 100, maxX: 200, maxY: 200 };
    expect(writeVisibleSeats(b, model.rowFirstSeat, model.rowSeatCount, view, new Uint32Array(model.seatCount))).toBe(0);
  });
});
