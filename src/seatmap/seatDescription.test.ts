import { describe, expect, it } from 'vitest';
import { describeSeat, describeSelectionCount, seatLocation, sectionLabel } from './seatDescription';
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
