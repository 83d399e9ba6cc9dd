import { describe, expect, it } from 'vitest';
import { bestAvailable, rankBlocks, type BestRow } from './bestAvailable';

/** Rows from strings: '.' free, 'x' taken; ids are row * 100 + position. */
const rows = (...lines: string[]): BestRow[] => lines.map((line, r) => [...line].map((c, i) => ({ id: r * 100 + i, free: c === '.' })));

describe('bestAvailable', () => {
  it('when the front row has room, then the N seats at its centre', () => {
    expect(bestAvailable(rows('..........', '..........'), 4)).toEqual([3, 4, 5, 6]);
  });

  it('when the front centre is taken, then the nearest block: off-centre in front before a row back', () => {
    expect(bestAvailable(rows('...xx.....', '..........'), 2)).toEqual([5, 6]);
    // Both front blocks are 4 seats off; one row back at the centre costs 2: the row back wins.
    expect(bestAvailable(rows('..xxxxxx..', '..........'), 2)).toEqual([104, 105]);
  });

  it('when no row holds N adjacent free seats, then the fewest best blocks that make N', () => {
    const picked = bestAvailable(rows('..x..x..', 'x.x.x.x.'), 4)!;
    expect(picked).toHaveLength(4);
    expect(picked.slice(0, 2)).toEqual([3, 4]);
    expect(new Set(picked).size).toBe(4);
  });

  it('when fewer than N seats are free, or N is not a positive whole number, then null', () => {
    expect(bestAvailable(rows('x.x', 'xx.'), 3)).toBeNull();
    expect(bestAvailable(rows('...'), 0)).toBeNull();
    expect(bestAvailable(rows('...'), 1.5)).toBeNull();
    expect(bestAvailable([], 1)).toBeNull();
  });
});

describe('rankBlocks', () => {
  it('when asked for alternatives, then they come cheapest first (Tab cycles through them)', () => {
    const blocks = rankBlocks(rows('.....', '.....'), 3, 4);
    expect(blocks.map((b) => b.ids)).toEqual([[1, 2, 3], [0, 1, 2], [2, 3, 4], [101, 102, 103]]);
  });
});
