import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverDebouncer, SEAT_HOVER_DELAY_MS, SECTION_HOVER_DELAY_MS } from './hoverDebounce';

describe('hover debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec delays: 300 ms on seats, 100 ms on sections', () => {
    expect(SEAT_HOVER_DELAY_MS).toBe(300);
    expect(SECTION_HOVER_DELAY_MS).toBe(100);
  });

  it('reports a target once the pointer settled on it', () => {
    const seen: (number | null)[] = [];
    const d = createHoverDebouncer<number>(300, (v) => seen.push(v));
    d.push(1);
    vi.advanceTimersByTime(200);
    d.push(2);
    vi.advanceTimersByTime(299);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([2]);
  });

  it('hides at once when the pointer leaves or moves to another target', () => {
    const seen: (number | null)[] = [];
    const d = createHoverDebouncer<number>(100, (v) => seen.push(v));
    d.push(1);
    vi.advanceTimersByTime(100);
    d.push(2);
    expect(seen).toEqual([1, null]);
    vi.advanceTimersByTime(100);
    d.push(null);
    expect(seen).toEqual([1, null, 2, null]);
    d.push(null);
    expect(seen).toHaveLength(4);
  });

  it('stays quiet while the pointer moves within the same target', () => {
    const seen: ({ seat: number; x: number } | null)[] = [];
    const d = createHoverDebouncer<{ seat: number; x: number }>(300, (v) => seen.push(v), (a, b) => a.seat === b.seat);
    d.push({ seat: 7, x: 1 });
    vi.advanceTimersByTime(300);
    d.push({ seat: 7, x: 2 });
    vi.advanceTimersByTime(300);
    expect(seen).toEqual([{ seat: 7, x: 1 }]);
  });

  it('cancels a pending report', () => {
    const seen: (number | null)[] = [];
    const d = createHoverDebouncer<number>(100, (v) => seen.push(v));
    d.push(3);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([]);
  });
});
