import { describe, expect, it } from 'vitest';
import { HOVER_RING_WIDTH_PX, hoverRingBox } from './HoverRing';

describe('hoverRingBox', () => {
  it('rings a seat of 2.5 device px and more as the ring shader did: a white band, then the grey ring outside it', () => {
    // Seat 10 px: the band from 10.75 to 11.75, the ring to 12.75 (RING_VERTEX: outer = seat + 1.25 + width).
    expect(hoverRingBox(10, 1)).toEqual({ radius: 11.75, ring: true, outside: HOVER_RING_WIDTH_PX - 0.5, band: 1 });
    expect(hoverRingBox(2.5, 1).ring).toBe(true);
  });

  it('marks a smaller seat with a dot of fixed size and a white rim', () => {
    // Outer edge 2 + 1.5 = 3.5 px, the white from 2.25 (the shader's colour ramp ends 0.75 px inside the edge).
    expect(hoverRingBox(2, 1)).toEqual({ radius: 2.25, ring: false, outside: 1.25, band: 0 });
  });

  it('keeps the shader’s device-pixel sizes on a denser screen (CSS px = device px / ratio)', () => {
    // 1.5 CSS px of seat is 3 device px at ratio 2: a ring, its widths halved in CSS px.
    expect(hoverRingBox(1.5, 2)).toEqual({ radius: (3 + 1.75) / 2, ring: true, outside: 0.5, band: 0.5 });
    expect(hoverRingBox(1, 2).ring).toBe(false);
  });
});
