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
