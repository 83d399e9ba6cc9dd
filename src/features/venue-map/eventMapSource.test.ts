import { describe, expect, it } from 'vitest';
import { mapStoredHint, noteMapStored } from './eventMapSource';

/** The browser's localStorage as far as the hint uses it. */
function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('the stored-map hint', () => {
  it('names the events whose map was loaded here, and no other', () => {
    const s = storage();
    expect(mapStoredHint(2, s)).toBe(false);
    noteMapStored(2, s);
    noteMapStored(5, s);
    expect(mapStoredHint(2, s)).toBe(true);
    expect(mapStoredHint(5, s)).toBe(true);
    expect(mapStoredHint(3, s)).toBe(false);
  });

  it('keeps as many events as the model cache keeps maps, the least recently loaded going first', () => {
    const s = storage();
    for (const id of [1, 2, 3, 4, 5, 6]) noteMapStored(id, s);
    noteMapStored(1, s); // loaded again: now the most recent
    noteMapStored(7, s);
    expect([1, 2, 3, 4, 5, 6, 7].filter((id) => mapStoredHint(id, s))).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it('reads a damaged or foreign value as no hint', () => {
    expect(mapStoredHint(2, storage({ 'arena-venue-map-stored': '{not json' }))).toBe(false);
    expect(mapStoredHint(2, storage({ 'arena-venue-map-stored': '{"2":true}' }))).toBe(false);
    expect(mapStoredHint(2, storage({ 'arena-venue-map-stored': '["2", 2.5]' }))).toBe(false);
  });
});
