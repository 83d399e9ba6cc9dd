import { describe, expect, it } from 'vitest';
import { CACHE_ZOOM_RANGE, MAX_CACHE_PX, cachedViewServes, planCachedView } from './cachedView';

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
