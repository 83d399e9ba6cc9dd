import { describe, expect, it } from 'vitest';
import { navDirectionForKey, navigate, nearestSeatInRow, rowEndSeat, seatInAdjacentRow, seatNearestCenter } from './KeyboardNavigator';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// Section A: rows 1..3 top to bottom, 4 seats each, left to right; row 2 is offset by half a seat.
// Section B: one row drawn right to left. Section C: rows drawn bottom to top.
const model = tinyVenue([
  { name: 'A', rows: [straightRow('1', 4, 0, 0), straightRow('2', 4, 5, 10), straightRow('3', 4, 0, 20)] },
  { name: 'B', rows: [{ label: '1', seats: [[130, 0], [120, 0], [110, 0]] }] },
  { name: 'C', rows: [straightRow('1', 3, 200, 40), straightRow('2', 3, 200, 30)] },
]);

describe('keyboard navigation', () => {
  it('maps arrow, Home and End keys', () => {
    expect(navDirectionForKey('ArrowLeft')).toBe('left');
    expect(navDirectionForKey('End')).toBe('rowEnd');
    expect(navDirectionForKey('a')).toBeNull();
  });

  it('walks along a row, and stops at its end when nothing lies beyond it', () => {
    expect(navigate(model, 1, 'right')).toBe(2);
    expect(navigate(model, 1, 'left')).toBe(0);
    expect(navigate(model, 0, 'left')).toBe(0);
  });

  it('follows the drawing, not the file order, for a right-to-left row', () => {
    // Seats 12, 13, 14 sit at x = 130, 120, 110.
    expect(navigate(model, 13, 'right')).toBe(12);
    expect(navigate(model, 13, 'left')).toBe(14);
    expect(rowEndSeat(model, 13, 'rowStart')).toBe(14);
    expect(rowEndSeat(model, 13, 'rowEnd')).toBe(12);
  });

  it('moves to the nearest seat of the row below and above', () => {
    // Seat 1 (x 10, row 1) → row 2 seats at x 5, 15, 25, 35: nearest is seat 4 (x 5) or 5 (x 15); first wins.
    expect(navigate(model, 1, 'down')).toBe(4);
    expect(navigate(model, 6, 'down')).toBe(10);
    expect(navigate(model, 6, 'up')).toBe(2);
    expect(navigate(model, 2, 'up')).toBe(2);
  });

  it("goes on from a section's edge to the nearest seat of the section that lies that way", () => {
    // Seat 3 ends row A1 at x 30; section B's nearest seat is 14 at x 110, straight ahead.
    expect(navigate(model, 3, 'right')).toBe(14);
    expect(navigate(model, 14, 'left')).toBe(3);
    // From B's right end (seat 12 at 130, 0): C's top row at y 30 lies within 45° of right; seat 18 is its nearest.
    expect(navigate(model, 12, 'right')).toBe(18);
  });

  it("stays at a section's edge when no other section lies that way", () => {
    expect(navigate(model, 9, 'down')).toBe(9);
    // B's seat 12 is up and to the left of C's seat 18, more than 45° off straight up.
    expect(navigate(model, 18, 'up')).toBe(18);
  });

  it('reads up and down from the geometry when rows are stored bottom to top', () => {
    // Section C: row 1 at y 40 (seats 15..17), row 2 at y 30 (seats 18..20).
    expect(seatInAdjacentRow(model, 15, 'up')).toBe(18);
    expect(seatInAdjacentRow(model, 18, 'down')).toBe(15);
    expect(seatInAdjacentRow(model, 18, 'up')).toBe(18);
  });

  it('finds the seat nearest to a point within a row', () => {
    expect(nearestSeatInRow(model, 1, 27, 10)).toBe(6);
  });

  it('starts from the seat nearest to the middle of the view', () => {
    expect(seatNearestCenter(model, { minX: 0, minY: 0, maxX: 30, maxY: 20 })).toBe(5);
    expect(seatNearestCenter(model, { minX: 500, minY: 500, maxX: 600, maxY: 600 })).toBe(-1);
  });
});

describe('where the first arrow key starts', () => {
  it('at the first seat of the section in view, not the seat nearest the middle', async () => {
    const { firstSeatOfSectionInView } = await import('./KeyboardNavigator');
    // The middle of this view is near seat 6 (row 2 of A): the start is A's first seat.
    expect(firstSeatOfSectionInView(model, { minX: 0, minY: 0, maxX: 30, maxY: 20 })).toBe(0);
    // The caller's selected section wins when it is in view.
    expect(firstSeatOfSectionInView(model, { minX: 0, minY: -10, maxX: 300, maxY: 60 }, 2)).toBe(15);
    expect(firstSeatOfSectionInView(model, { minX: 500, minY: 500, maxX: 600, maxY: 600 })).toBe(-1);
  });
});
