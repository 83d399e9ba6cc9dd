import { describe, expect, it } from 'vitest';
import { HOVER_RING_WIDTH_PX, hoverRingBox } from './HoverRing';

describe('hoverRingBox', () => {
  it('rings a seat of 2.5 device px and more as the ring shader did: a white band, then the grey ring outside it', () => {
    // Seat 10 px: band from 10.25 to 11.25, ring to 12.75 (RING_VERTEX: outer = seat + 1.25 + width).
    expect(hoverRingBox(10, 1)).toEqual({ radius: 10 + 1.25 + HOVER_RING_WIDTH_PX, ring: true, edge: 1.5, band: 1 });
    expect(hoverRingBox(2.5, 1).ring).toBe(true);
  });

  it('marks a smaller seat with a dot of fixed size and a white rim', () => {
    expect(hoverRingBox(2, 1)).toEqual({ radius: 2 + HOVER_RING_WIDTH_PX, ring: false, edge: 0.75, band: 0 });
  });

  it('keeps the shader’s device-pixel sizes on a denser screen (CSS px = device px / ratio)', () => {
    // 1.5 CSS px of seat is 3 device px at ratio 2: a ring, its widths halved in CSS px.
    expect(hoverRingBox(1.5, 2)).toEqual({ radius: (3 + 1.25 + 1.5) / 2, ring: true, edge: 0.75, band: 0.5 });
    expect(hoverRingBox(1, 2).ring).toBe(false);
  });
});
