import { describe, expect, it } from 'vitest';
import { RING_LIMIT, ringWindow, selectedInRect, selectedPerSection } from './selectionRings';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// Section A: 3 rows of 10 seats, 10 apart; section B: one row of 10 further right.
const model = tinyVenue([
  { name: 'A', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10), straightRow('M', 10, 0, 20)] },
  { name: 'B', rows: [straightRow('K', 10, 200, 0)] },
]);

describe('how a selection is ringed', () => {
  it('counts a large selection per section', () => {
    expect(RING_LIMIT).toBeGreaterThan(100);
    expect(Array.from(selectedPerSection(model, Uint32Array.from([0, 1, 2, 30, 31])))).toEqual([3, 2]);
  });

  it('rings only the selected seats near the view of a large selection', () => {
    const all = Uint32Array.from({ length: 40 }, (_, k) => k);
    expect(Array.from(selectedInRect(model, all, { minX: -1, minY: -1, maxX: 25, maxY: 5 }))).toEqual([0, 1, 2]);
  });

  it('widens the ringed window by half the view on each side, and keeps it while the view stays inside', () => {
    const view = { minX: 0, minY: 0, maxX: 100, maxY: 40 };
    const window = ringWindow(view, null);
    expect(window).toEqual({ minX: -50, minY: -20, maxX: 150, maxY: 60 });
    // A small pan inside the window: nothing to refill.
    expect(ringWindow({ minX: 30, minY: 10, maxX: 130, maxY: 50 }, window)).toBeNull();
    // Past its edge: a new window around the new view.
    expect(ringWindow({ minX: 60, minY: 0, maxX: 160, maxY: 40 }, window)).toEqual({ minX: 10, minY: -20, maxX: 210, maxY: 60 });
  });
});
