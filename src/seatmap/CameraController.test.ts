import { describe, expect, it } from 'vitest';
import { worldToScreen } from './Camera';
import { CameraController } from './CameraController';

describe('CameraController.fit', () => {
  const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  const fitted = (insetPx?: number) => {
    const c = new CameraController(bounds, 1, { fitPaddingPx: 10, maxSeatRadiusPx: 40, fitBottomInsetPx: insetPx === undefined ? undefined : () => insetPx }, () => {});
    c.resize({ width: 400, height: 300 }, false);
    c.fit(true);
    return c.state;
  };

  it('fits the venue in the viewport, centred', () => {
    const cam = fitted();
    expect(worldToScreen(cam, 0, 0)).toEqual({ x: 60, y: 10 });
    expect(worldToScreen(cam, 100, 100)).toEqual({ x: 340, y: 290 });
  });

  it('keeps the venue above what covers the bottom of the map (the legend)', () => {
    const cam = fitted(100);
    expect(worldToScreen(cam, 0, 0).y).toBeCloseTo(10);
    expect(worldToScreen(cam, 100, 100).y).toBeCloseTo(190);
  });
});

describe('CameraController.bringIntoView', () => {
  const at = (x: number, y: number, insetPx = 0) => {
    const c = new CameraController({ minX: 0, minY: 0, maxX: 10_000, maxY: 10_000 }, 1, { fitPaddingPx: 10, maxSeatRadiusPx: 40, fitBottomInsetPx: () => insetPx }, () => {});
    c.resize({ width: 400, height: 300 }, false);
    c.set({ x: -1000, y: -1000, scale: 1 }, true);
    c.bringIntoView(1000 + x, 1000 + y, 48);
    return worldToScreen(c.state, 1000 + x, 1000 + y);
  };

  it('leaves a point well inside the view where it is', () => {
    expect(at(200, 150)).toEqual({ x: 200, y: 150 });
    expect(at(50, 240)).toEqual({ x: 50, y: 240 });
  });

  it('pans a point near an edge in by a quarter of the view, not to the middle', () => {
    expect(at(390, 150)).toEqual({ x: 300, y: 150 });
    expect(at(200, 10)).toEqual({ x: 200, y: 75 });
    expect(at(-20, 150)).toEqual({ x: 100, y: 150 });
  });

  it('counts the legend over the bottom as outside the view', () => {
    expect(at(200, 180, 100)).toEqual({ x: 200, y: 150 });
    expect(at(200, 180)).toEqual({ x: 200, y: 180 });
  });

  it('centres a point far out of view in what the legend leaves free', () => {
    expect(at(3000, 3000, 100)).toEqual({ x: 200, y: 100 });
  });
});
