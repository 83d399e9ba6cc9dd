import { describe, expect, it } from 'vitest';
import { SeatSelection } from './SeatSelection';

const list = (s: SeatSelection) => Array.from(s.toArray());

describe('SeatSelection', () => {
  it('replaces, adds, toggles and removes', () => {
    const s = new SeatSelection(10);
    expect(s.apply([3, 1], 'replace')).toBe(true);
    expect(list(s)).toEqual([1, 3]);
    expect(s.apply([5], 'add')).toBe(true);
    expect(s.apply([3, 7], 'toggle')).toBe(true);
    expect(list(s)).toEqual([1, 5, 7]);
    expect(s.apply([1, 9], 'remove')).toBe(true);
    expect(list(s)).toEqual([5, 7]);
    expect(s.count).toBe(2);
  });

  it('says when nothing changed', () => {
    const s = new SeatSelection(10);
    s.apply([2, 4], 'replace');
    const version = s.version;
    expect(s.apply([4, 2], 'replace')).toBe(false);
    expect(s.apply([2], 'add')).toBe(false);
    expect(s.apply([8], 'remove')).toBe(false);
    expect(s.version).toBe(version);
    expect(s.apply([2, 5], 'replace')).toBe(true);
    expect(list(s)).toEqual([2, 5]);
  });

  it('never adds an unselectable seat but may remove one', () => {
    const selectable = Uint8Array.from([1, 0, 1, 1]);
    const s = new SeatSelection(4);
    s.apply([0, 1, 2], 'replace', selectable);
    expect(list(s)).toEqual([0, 2]);
    s.apply([1, 3], 'toggle', selectable);
    expect(list(s)).toEqual([0, 2, 3]);
  });

  it('drops seats that became unselectable', () => {
    const s = new SeatSelection(4);
    s.apply([0, 1, 2, 3], 'replace');
    expect(s.restrictTo(Uint8Array.from([1, 0, 1, 0]))).toBe(true);
    expect(list(s)).toEqual([0, 2]);
    expect(s.count).toBe(2);
  });

  it('ignores indexes outside the venue and duplicates', () => {
    const s = new SeatSelection(3);
    s.apply([-1, 1, 1, 3, 2], 'replace');
    expect(list(s)).toEqual([1, 2]);
    expect(s.count).toBe(2);
  });

  it('returns the same sorted array until the selection changes', () => {
    const s = new SeatSelection(5);
    s.apply([4, 0], 'replace');
    const a = s.toArray();
    expect(s.toArray()).toBe(a);
    s.clear();
    expect(s.toArray()).not.toBe(a);
    expect(s.count).toBe(0);
    expect(s.clear()).toBe(false);
  });

  it('selects a whole 200,000-seat venue and clears it', () => {
    const n = 200_000;
    const s = new SeatSelection(n);
    s.apply(Uint32Array.from({ length: n }, (_, i) => i), 'replace');
    expect(s.count).toBe(n);
    expect(s.has(n - 1)).toBe(true);
    s.clear();
    expect(s.has(n - 1)).toBe(false);
  });
});
