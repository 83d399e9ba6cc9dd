import { describe, expect, it } from 'vitest';
import {
  CACHED_VIEW_MIN_SEATS,
  SEAT_COST_IN_TEXELS,
  cachedViewAtRest,
  drawsFromCachedView,
  planFitsCamera,
  CACHED_VIEW_PART_SEATS,
  CACHE_ZOOM_RANGE,
  FRAME_SEAT_BUDGET,
  MAX_CACHE_PX,
  MIN_CACHED_VIEW_PART_SEATS,
  cachedViewPartSeats,
  cachedViewServes,
  planCachedView,
} from './cachedView';

const venue = { minX: 0, minY: 0, maxX: 1000, maxY: 600 };

describe('the cached view', () => {
  it('holds the venue in view and a margin, at the camera’s own device pixels, texels on the screen’s pixel grid', () => {
    // The whole venue fits: 1000 × 600 units at 1.2 CSS px a unit, device pixel ratio 2.
    const camera = { x: 40.3, y: 20.7, scale: 1.2 };
    const view = { minX: -40.3 / 1.2, minY: -20.7 / 1.2, maxX: (1280 - 40.3) / 1.2, maxY: (800 - 20.7) / 1.2 };
    const plan = planCachedView(view, venue, camera, 2)!;
    expect(plan.pxPerUnit).toBe(2.4);
    expect(plan.cameraPxPerUnit).toBe(2.4);
    // Clipped to the venue (and two device pixels round it), not the margin.
    expect(plan.region.minX).toBeLessThanOrEqual(-2 / 2.4 + 1e-9);
    expect(plan.region.minX).toBeGreaterThan(-4 / 2.4);
    expect(plan.region.maxX).toBeGreaterThanOrEqual(1000 + 2 / 2.4);
    expect(plan.width).toBe(Math.round((plan.region.maxX - plan.region.minX) * 2.4));
    // The region's corner falls on a whole device pixel of this camera: x * k + camera.x * ratio.
    const px = plan.region.minX * 2.4 + camera.x * 2;
    expect(Math.abs(px - Math.round(px))).toBeLessThan(1e-6);
    expect(cachedViewServes(plan, view, venue, camera, 2)).toBe(true);
  });

  it('reaches a quarter of the view beyond each edge when the venue is larger than the view', () => {
    const camera = { x: -400, y: -200, scale: 2 };
    const view = { minX: 200, minY: 100, maxX: 400, maxY: 300 };
    const plan = planCachedView(view, venue, camera, 1)!;
    // Within a texel (half a unit here) of the margins, never inside them.
    const r = plan.region;
    expect([r.minX, r.minY]).toEqual([150, 50]);
    expect(r.maxX >= 450 && r.maxX <= 451 && r.maxY >= 350 && r.maxY <= 351).toBe(true);
    // A pan within the margin is served; one beyond it is not.
    expect(cachedViewServes(plan, { minX: 240, minY: 140, maxX: 440, maxY: 340 }, venue, { x: -480, y: -280, scale: 2 }, 1)).toBe(true);
    expect(cachedViewServes(plan, { minX: 300, minY: 100, maxX: 500, maxY: 300 }, venue, { x: -600, y: -200, scale: 2 }, 1)).toBe(false);
  });

  it('serves zooms within its range only', () => {
    const view = { minX: -100, minY: -100, maxX: 1100, maxY: 700 };
    const camera = { x: 100, y: 100, scale: 1 };
    const plan = planCachedView(view, venue, camera, 1)!;
    expect(cachedViewServes(plan, view, venue, { ...camera, scale: CACHE_ZOOM_RANGE * 0.99 }, 1)).toBe(true);
    expect(cachedViewServes(plan, view, venue, { ...camera, scale: CACHE_ZOOM_RANGE * 1.01 }, 1)).toBe(false);
    expect(cachedViewServes(plan, view, venue, { ...camera, scale: 1 / (CACHE_ZOOM_RANGE * 1.01) }, 1)).toBe(false);
  });

  it('is coarser rather than larger than the largest texture', () => {
    const camera = { x: 0, y: 0, scale: 8 };
    const view = { minX: 0, minY: 0, maxX: 1000, maxY: 600 };
    const plan = planCachedView(view, venue, camera, 1)!;
    expect(plan.width).toBeLessThanOrEqual(MAX_CACHE_PX);
    expect(plan.height).toBeLessThanOrEqual(MAX_CACHE_PX);
    expect(plan.pxPerUnit).toBeLessThan(8);
    expect(plan.region.maxX).toBeGreaterThanOrEqual(1000);
    expect(cachedViewServes(plan, view, venue, camera, 1)).toBe(true);
  });

  it('is nothing when the view does not meet the venue, and anything serves such a view', () => {
    const camera = { x: 0, y: 0, scale: 1 };
    expect(planCachedView({ minX: 2000, minY: 0, maxX: 3000, maxY: 600 }, venue, camera, 1)).toBeNull();
    const plan = planCachedView({ minX: 0, minY: 0, maxX: 500, maxY: 300 }, venue, camera, 1)!;
    expect(cachedViewServes(plan, { minX: 2000, minY: 0, maxX: 3000, maxY: 600 }, venue, camera, 1)).toBe(true);
  });
});

describe('the cached view drawn in parts', () => {
  it('draws full parts at rest, the sections with the first', () => {
    expect(cachedViewPartSeats(null, true)).toBe(CACHED_VIEW_PART_SEATS);
    expect(cachedViewPartSeats(null, false)).toBe(CACHED_VIEW_PART_SEATS);
  });

  it('after a moving frame, first only clears the texture and draws the sections (a fill of the whole texture)', () => {
    expect(cachedViewPartSeats(0, true)).toBe(0);
    expect(cachedViewPartSeats(20_000, true)).toBe(0);
  });

  it('after a moving frame, takes what the frame’s own seats left of a frame’s budget, within bounds', () => {
    // A frame of 15k seats leaves 5k of the budget.
    expect(cachedViewPartSeats(15_000, false)).toBe(FRAME_SEAT_BUDGET - 15_000);
    // A frame of few seats: never more than a part at rest.
    expect(cachedViewPartSeats(1_000, false)).toBe(CACHED_VIEW_PART_SEATS);
    // A frame at the level of detail's limit (23k) or more: a small part, so the texture still gets done.
    expect(cachedViewPartSeats(23_000, false)).toBe(MIN_CACHED_VIEW_PART_SEATS);
    // The frame and its part together stay within the budget wherever the budget leaves room for the smallest part.
    for (const seats of [0, 5_000, 10_000, 12_500, 17_500]) {
      expect(seats + cachedViewPartSeats(seats, false)).toBeLessThanOrEqual(FRAME_SEAT_BUDGET);
    }
  });
});

describe('which frames are drawn from the cached view', () => {
  const frame = (o: Partial<{ moving: boolean; seatsShown: boolean; seatPx: number; seatsInView: number }>) => {
    const asked = { count: 0 };
    const uses = drawsFromCachedView({
      moving: o.moving ?? true,
      seatsShown: o.seatsShown ?? true,
      seatPx: o.seatPx ?? 1,
      minSeatPx: 3,
      seatsInView: () => {
        asked.count++;
        return o.seatsInView ?? 20_000;
      },
    });
    return { uses, asked: asked.count };
  };

  it('a moving camera over many small seats', () => {
    expect(frame({}).uses).toBe(true);
    expect(frame({ seatsInView: CACHED_VIEW_MIN_SEATS }).uses).toBe(true);
  });

  it('not over few seats (e.g. a pitch zoomed out of): they are drawn themselves, and no texture of the sections is drawn', () => {
    expect(frame({ seatsInView: CACHED_VIEW_MIN_SEATS - 1 }).uses).toBe(false);
    expect(frame({ seatsInView: 0 }).uses).toBe(false);
  });

  it('not at rest, not over seats big enough to cost their pixels, not with seats hidden; the seats are then not counted', () => {
    expect(frame({ moving: false })).toEqual({ uses: false, asked: 0 });
    expect(frame({ seatPx: 3 })).toEqual({ uses: false, asked: 0 });
    expect(frame({ seatsShown: false })).toEqual({ uses: false, asked: 0 });
  });
});

describe('frames at rest drawn from the cached view', () => {
  // The whole venue in a 1280 × 800 view at 1.2 CSS px a unit, device pixel ratio 1: it covers 1200 × 720 pixels.
  const camera = { x: 40.3, y: 20.7, scale: 1.2 };
  const viewOf = (c: { x: number; y: number; scale: number }) => ({ minX: -c.x / c.scale, minY: -c.y / c.scale, maxX: (1280 - c.x) / c.scale, maxY: (800 - c.y) / c.scale });
  const plan = planCachedView(viewOf(camera), venue, camera, 1)!;

  it('only from a texture made for this very camera: its zoom, its texels on the screen’s pixels', () => {
    expect(planFitsCamera(plan, camera, 1)).toBe(true);
    // Moved by whole pixels: still on the grid.
    expect(planFitsCamera(plan, { ...camera, x: camera.x + 3, y: camera.y - 7 }, 1)).toBe(true);
    // By half a pixel, or zoomed, or at another device pixel ratio: a frame from it would not be the frame drawn directly.
    expect(planFitsCamera(plan, { ...camera, x: camera.x + 0.5 }, 1)).toBe(false);
    expect(planFitsCamera(plan, { ...camera, y: camera.y + 0.25 }, 1)).toBe(false);
    expect(planFitsCamera(plan, { ...camera, scale: camera.scale * 1.01 }, 1)).toBe(false);
    expect(planFitsCamera(plan, camera, 2)).toBe(false);
  });

  it('when its pixels on screen cost less than the seats in view: the whole 20k venue, not a view of few seats', () => {
    const pixels = 1004 * 1.2 * (604 * 1.2);
    expect(cachedViewAtRest(plan, viewOf(camera), venue, camera, 1, 20_000)).toBe(true);
    expect(cachedViewAtRest(plan, viewOf(camera), venue, camera, 1, Math.floor(pixels / SEAT_COST_IN_TEXELS) - 100)).toBe(false);
    expect(cachedViewAtRest(plan, viewOf(camera), venue, camera, 1, 0)).toBe(false);
  });

  it('not when the camera left the texture, however many seats', () => {
    const moved = { ...camera, x: camera.x - 400 };
    expect(planFitsCamera(plan, moved, 1)).toBe(true);
    expect(cachedViewAtRest(plan, { ...viewOf(moved), maxX: 2000 }, { ...venue, maxX: 2000 }, moved, 1, 20_000)).toBe(false);
  });
});
