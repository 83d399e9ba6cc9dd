import { describe, expect, it } from 'vitest';
import { straightRow, tinyVenue } from './testing/tinyVenue';
import { nearestSectionToRead, selectionCentre, zoomFocus } from './zoomFocus';

const viewport = { width: 800, height: 600 };

describe('where the zoom buttons zoom', () => {
  it('towards the pointer when it was last over the map', () => {
    expect(zoomFocus({ viewport, pointer: { x: 100, y: 50 }, selection: { x: 400, y: 300 }, zoomIn: true })).toEqual({ at: { x: 100, y: 50 }, centre: null, why: 'pointer' });
  });

  it('towards the selection when the pointer never was over the map', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 600, y: 100 }, zoomIn: true })).toMatchObject({ at: { x: 600, y: 100 }, why: 'selection' });
  });

  it('brings a selection out of sight to the middle first', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 2000, y: 100 }, zoomIn: true })).toEqual({ at: { x: 400, y: 300 }, centre: { x: 2000, y: 100 }, why: 'selection' });
  });

  it('around the middle otherwise, and when zooming out', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: null, zoomIn: true }).why).toBe('middle');
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 10, y: 10 }, zoomIn: false }).why).toBe('middle');
  });
});

// Section A (seats at x 0..90, y 0..10), B (x 300..390, y 0), and a standing area C at x 0..100, y 200..300.
const venue = tinyVenue([
  { name: 'A', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10)] },
  { name: 'B', rows: [straightRow('K', 10, 300, 0)] },
  { name: 'C', rows: [], generalAdmission: true, outline: [[0, 200], [100, 200], [100, 300], [0, 300]] },
]);

describe('what the zoom keeps in view', () => {
  it('takes the middle of the selection\'s bounding box, none without a selection', () => {
    expect(selectionCentre(venue, [0, 19])).toEqual({ x: 45, y: 5 });
    expect(selectionCentre(venue, [])).toBeNull();
  });

  it('moves to the nearest section when the view holds nothing to read', () => {
    // An empty view between A and B, nearer B.
    expect(nearestSectionToRead(venue, { minX: 220, minY: 50, maxX: 280, maxY: 100 }, 0)).toBe(1);
    expect(nearestSectionToRead(venue, { minX: 100, minY: 50, maxX: 160, maxY: 100 }, 0)).toBe(0);
  });

  it('stays when seats are in view or a standing area is (it is labelled)', () => {
    expect(nearestSectionToRead(venue, { minX: 220, minY: 50, maxX: 280, maxY: 100 }, 3)).toBe(-1);
    expect(nearestSectionToRead(venue, { minX: 20, minY: 220, maxX: 60, maxY: 260 }, 0)).toBe(-1);
  });
});
