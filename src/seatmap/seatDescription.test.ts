import { describe, expect, it } from 'vitest';
import { describeSeat, describeSelection, describeSelectionCount, seatLocation, sectionLabel } from './seatDescription';
import { straightRow, tinyVenue } from './testing/tinyVenue';

const model = tinyVenue([{ name: '104', rows: [straightRow('A', 2, 0, 0), straightRow('B', 3, 0, 10)] }]);

describe('seat words', () => {
  it('names a seat by section, row and seat label', () => {
    expect(seatLocation(model, 3)).toEqual({ section: '104', row: 'B', seat: '2' });
    expect(sectionLabel(model, 0)).toBe('104');
  });

  it('announces location, the caller state and the selection', () => {
    expect(describeSeat(model, 3, { selected: true, selectable: true, state: '450 SEK' })).toBe('Section 104, row B, seat 2, 450 SEK, selected');
    expect(describeSeat(model, 0, { selected: false, selectable: false })).toBe('Section 104, row A, seat 1, not selectable, not selected');
  });

  it('does not say "Section" twice when the name already says it', () => {
    const named = tinyVenue([{ name: 'Section 114', rows: [straightRow('P', 1, 0, 0)] }]);
    expect(describeSeat(named, 0, { selected: false, selectable: true })).toBe('Section 114, row P, seat 1, not selected');
  });

  it('counts a selection', () => {
    expect(describeSelectionCount(0)).toBe('Selection cleared');
    expect(describeSelectionCount(1)).toBe('1 seat selected');
    expect(describeSelectionCount(48)).toBe('48 seats selected');
    expect(describeSelectionCount(12_000)).toBe('12\u00a0000 seats selected');
  });
});

describe('describeSelection', () => {
  const m = tinyVenue([
    { name: '307', rows: [straightRow('K', 30, 0, 0), straightRow('L', 30, 0, 10), straightRow('M', 30, 0, 20)] },
    { name: '308', rows: [straightRow('A', 5, 400, 0)] },
    { name: 'Section 309', rows: [straightRow('A', 5, 500, 0)] },
    { name: '310', rows: [straightRow('A', 5, 600, 0)] },
  ]);
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
  it('names the section, row and seat run', () => {
    expect(describeSelection(m, [])).toBe('No seats selected');
    expect(describeSelection(m, [30])).toBe('Section 307, row L, seat 1');
    expect(describeSelection(m, range(30, 54))).toBe('Section 307, row L, seats 1–24');
    expect(describeSelection(m, [30, 32])).toBe('Section 307, row L, 2 seats');
  });
  it('names rows within one section, and sections beyond', () => {
    expect(describeSelection(m, range(0, 90))).toBe('Section 307, rows K–M, 90 seats');
    expect(describeSelection(m, [0, 60])).toBe('Section 307, 2 rows, 2 seats');
    expect(describeSelection(m, [0, 90, 95])).toBe('3 seats in sections 307, 308, Section 309');
    expect(describeSelection(m, [0, 90, 95, 100])).toBe('4 seats in 4 sections');
  });
});
