import { describe, expect, it } from 'vitest';
import {
  centerOn, clampCamera, fitBounds, panBy, rectFromCorners, screenToWorld, visibleWorldRect, wheelZoomFactor, worldToScreen,
  zoomAround, zoomLimitsFor,
} from './Camera';

const vp = { width: 800, height: 600 };
const limits = { minScale: 0.1, maxScale: 10 };

describe('camera', () => {
  it('maps world to screen and back', () => {
    const cam = { x: 30, y: -20, scale: 2.5 };
    const s = worldToScreen(cam, 12, 34);
    expect(s).toEqual({ x: 60, y: 65 });
    const w = screenToWorld(cam, s.x, s.y);
    expect(w.x).toBeCloseTo(12);
    expect(w.y).toBeCloseTo(34);
  });

  it('zooms around the pointer: the world point under it stays put', () => {
    const cam = { x: 10, y: 20, scale: 1 };
    const before = screenToWorld(cam, 300, 200);
    const after = zoomAround(cam, 300, 200, 2, limits);
    expect(after.scale).toBe(2);
    const p = worldToScreen(after, before.x, before.y);
    expect(p.x).toBeCloseTo(300);
    expect(p.y).toBeCloseTo(200);
  });

  it('clamps zoom to the limits, still around the pointer', () => {
    const after = zoomAround({ x: 0, y: 0, scale: 8 }, 100, 100, 4, limits);
    expect(after.scale).toBe(10);
    expect(worldToScreen(after, 12.5, 12.5)).toEqual({ x: 100, y: 100 });
  });

  it('pans by screen pixels', () => {
    expect(panBy({ x: 1, y: 2, scale: 3 }, 10, -5)).toEqual({ x: 11, y: -3, scale: 3 });
  });

  it('fits bounds whole and centred with padding', () => {
    const cam = fitBounds({ minX: 0, minY: 0, maxX: 1000, maxY: 500 }, vp, 50);
    expect(cam.scale).toBeCloseTo(0.7);
    const centre = screenToWorld(cam, 400, 300);
    expect(centre.x).toBeCloseTo(500);
    expect(centre.y).toBeCloseTo(250);
    const r = visibleWorldRect(cam, vp);
    expect(r.minX).toBeLessThan(0);
    expect(r.maxX).toBeGreaterThan(1000);
  });

  it('keeps the viewport centre over the venue', () => {
    const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    const far = { x: 5000, y: 5000, scale: 1 };
    const c = clampCamera(far, bounds, vp, limits);
    const centre = screenToWorld(c, 400, 300);
    expect(centre.x).toBeCloseTo(0);
    expect(centre.y).toBeCloseTo(0);
    const inside = { x: 350, y: 250, scale: 1 };
    expect(clampCamera(inside, bounds, vp, limits)).toEqual(inside);
  });

  it('clamps an out-of-range scale around the viewport centre', () => {
    const bounds = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };
    const cam = { x: 400, y: 300, scale: 50 };
    const c = clampCamera(cam, bounds, vp, limits);
    expect(c.scale).toBe(10);
    expect(screenToWorld(c, 400, 300)).toEqual({ x: 0, y: 0 });
  });

  it('centres on a world point', () => {
    const c = centerOn({ x: 0, y: 0, scale: 2 }, vp, 10, 20);
    expect(worldToScreen(c, 10, 20)).toEqual({ x: 400, y: 300 });
  });

  it('derives zoom limits from the venue and the seat size', () => {
    const l = zoomLimitsFor({ minX: 0, minY: 0, maxX: 800, maxY: 600 }, vp, 4, 40);
    expect(l.minScale).toBeCloseTo(0.5);
    expect(l.maxScale).toBeCloseTo(10);
    expect(zoomLimitsFor({ minX: 0, minY: 0, maxX: 800, maxY: 600 }, vp, 100, 40).maxScale).toBeCloseTo(4);
  });

  it('turns wheel deltas into zoom factors', () => {
    expect(wheelZoomFactor(-100, 0, false)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100, 0, false)).toBeLessThan(1);
    expect(wheelZoomFactor(-3, 1, false)).toBeCloseTo(wheelZoomFactor(-48, 0, false));
    expect(wheelZoomFactor(-10, 0, true)).toBeGreaterThan(wheelZoomFactor(-10, 0, false));
    expect(wheelZoomFactor(-1e6, 0, false)).toBe(wheelZoomFactor(-300, 0, false));
  });

  it('normalises rectangle corners', () => {
    expect(rectFromCorners(10, 5, 2, 8)).toEqual({ minX: 2, minY: 5, maxX: 10, maxY: 8 });
  });
});
