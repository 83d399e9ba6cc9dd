import { describe, expect, it } from 'vitest';
import { OVERLAY_SIZE_STEP, overlayBackingSize, overlayBox, ringsBox, SELECTION_RING_WIDTH_PX, selectionRingPaint, type OverlayFrame } from './SelectionOverlay';
import { OVERLAY_MAX_RINGS, RING_LIMIT, selectionShownOn } from './selectionRings';

/** RING_VERTEX / RING_FRAGMENT for one ring, in device px from the seat's centre: the alpha and the colour's share at `d`. */
function shader(seat: number, width: number, d: number): { alpha: number; coloured: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const big = seat >= 2.5 ? 1 : 0;
  const outer = big ? seat + 1.25 + width : 2 + width;
  const inner = big ? clamp(d - (seat + 0.25)) : 1;
  const coloured = big ? clamp(d - (seat + 1.25)) : clamp(outer - 0.75 - d);
  return { alpha: clamp(outer + 0.5 - d) * inner, coloured };
}

describe('selectionRingPaint', () => {
  it('puts each edge where the ring shader’s one-pixel ramp is half way (ring mode: a white band, then the colour)', () => {
    const w = SELECTION_RING_WIDTH_PX;
    for (const seat of [2.5, 4, 10.3]) {
      const p = selectionRingPaint(seat);
      expect(p.ring).toBe(true);
      expect(shader(seat, w, p.whiteFrom).alpha).toBeCloseTo(0.5); // the seat itself shows inside
      expect(shader(seat, w, p.whiteTo).coloured).toBeCloseTo(0.5); // white → colour
      expect(shader(seat, w, p.colorTo).alpha).toBeCloseTo(0.5); // the outer edge
      expect(p.colorFrom).toBe(p.whiteTo); // the colour starts where the white band ends
      // Inside the band white and opaque; inside the colour, the colour and opaque.
      expect(shader(seat, w, (p.whiteFrom + p.whiteTo) / 2)).toEqual({ alpha: 1, coloured: 0 });
      expect(shader(seat, w, (p.whiteTo + p.colorTo) / 2)).toEqual({ alpha: 1, coloured: 1 });
    }
  });

  it('marks a seat under 2.5 device px with a dot of fixed size and a white rim, as the shader does', () => {
    const w = SELECTION_RING_WIDTH_PX;
    for (const seat of [0.4, 1, 2.49]) {
      const p = selectionRingPaint(seat);
      expect(p).toMatchObject({ ring: false, colorFrom: 0, whiteFrom: p.colorTo });
      expect(shader(seat, w, p.colorTo).coloured).toBeCloseTo(0.5);
      expect(shader(seat, w, p.whiteTo).alpha).toBeCloseTo(0.5);
      expect(shader(seat, w, 0)).toEqual({ alpha: 1, coloured: 1 });
    }
  });

  it('takes the ring’s width: a wider ring reaches further out, its white band unchanged', () => {
    expect(selectionRingPaint(10, 4).colorTo - selectionRingPaint(10, 2).colorTo).toBe(2);
    expect(selectionRingPaint(10, 4).whiteTo).toBe(selectionRingPaint(10, 2).whiteTo);
  });
});

describe('overlayBox', () => {
  it('rounds the rings’ extent out to whole device pixels, one more for the edges’ ramps', () => {
    expect(overlayBox(10.2, 20.7, 30.1, 25.5, 800, 600)).toEqual({ x: 9, y: 19, width: 23, height: 8 });
  });

  it('clips to the view (the container clips the rest) and is null when no ring reaches it', () => {
    expect(overlayBox(-50, -50, 30, 30, 800, 600)).toEqual({ x: 0, y: 0, width: 31, height: 31 });
    expect(overlayBox(790, 590, 900, 700, 800, 600)).toEqual({ x: 789, y: 589, width: 11, height: 11 });
    expect(overlayBox(900, 10, 950, 20, 800, 600)).toBeNull();
    expect(overlayBox(Infinity, Infinity, -Infinity, -Infinity, 800, 600)).toBeNull();
  });
});

describe('ringsBox', () => {
  const model = { seatX: [10, 20, 200], seatY: [5, 5, 5], seatRadius: [1, 1, 1] };
  const frame: OverlayFrame = { x: 0, y: 0, scale: 2, viewWidth: 100, viewHeight: 50, dpr: 1, skip: -1 };

  it('holds every ring’s outer edge, at the camera’s device pixels', () => {
    // Seats of 2 device px: dots to 2 + 2.5 = 4.5 px round (20, 10) and (40, 10).
    expect(ringsBox(model, [0, 1], frame)).toEqual({ x: 14, y: 4, width: 32, height: 12 });
    // A denser screen: every device px doubled, the seats of 4 px ringed (to 4 + 1.25 + 2.5 = 7.75).
    expect(ringsBox(model, [0, 1], { ...frame, dpr: 2 })).toEqual({ x: 31, y: 11, width: 58, height: 18 });
    // The camera's offset is CSS px.
    expect(ringsBox(model, [0], { ...frame, x: 3, y: -1 })).toEqual({ x: 17, y: 3, width: 12, height: 12 });
  });

  it('leaves out the skipped seat (the keyboard focus seat, whose ring covers the selection’s) and what is out of view', () => {
    expect(ringsBox(model, [0, 1], { ...frame, skip: 1 })).toEqual(ringsBox(model, [0], frame));
    expect(ringsBox(model, [0, 2], frame)).toEqual({ x: 14, y: 4, width: 86, height: 12 }); // to the view's edge
    expect(ringsBox(model, [2], frame)).toBeNull();
    expect(ringsBox(model, [1], { ...frame, skip: 1 })).toBeNull();
  });
});

describe('overlayBackingSize', () => {
  it('keeps the canvas while the box fits and is at least about half of it (no reallocation a frame while panning)', () => {
    expect(overlayBackingSize(100, 128)).toBe(128);
    expect(overlayBackingSize(40, 128)).toBe(128);
  });

  it('grows or shrinks it to the box rounded up to a step', () => {
    expect(overlayBackingSize(129, 128)).toBe(2 * OVERLAY_SIZE_STEP + OVERLAY_SIZE_STEP);
    expect(overlayBackingSize(10, 512)).toBe(OVERLAY_SIZE_STEP);
    expect(overlayBackingSize(1, 1)).toBe(1);
  });
});

describe('selectionShownOn', () => {
  it('rings a selection up to OVERLAY_MAX_RINGS on the overlay, a larger one by sections (with rings in view in the scene)', () => {
    expect(selectionShownOn(0)).toBe('overlay');
    expect(selectionShownOn(1)).toBe('overlay');
    expect(selectionShownOn(OVERLAY_MAX_RINGS)).toBe('overlay');
    expect(selectionShownOn(RING_LIMIT + 1)).toBe('sections');
    expect(selectionShownOn(5000)).toBe('sections');
    // The overlay takes every selection that is ringed whole (measured: docs/venue-map-journal.md, fifth session).
    expect(OVERLAY_MAX_RINGS).toBe(RING_LIMIT);
  });
});
