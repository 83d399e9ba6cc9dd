import { describe, expect, it } from 'vitest';
import { worldToScreen, type CameraState } from './Camera';
import { followTransform } from './LabelLayer';

describe('followTransform (labels moved with the map while the camera moves)', () => {
  const from: CameraState = { x: -500, y: -300, scale: 4 };

  it('puts a label drawn at one camera where the other camera shows its map point', () => {
    const to: CameraState = { x: from.x * 1.01 + 10, y: from.y * 1.01 - 5, scale: from.scale * 1.01 };
    const t = followTransform(from, to, 1280, 800)!;
    expect(t).not.toBeNull();
    for (const [wx, wy] of [[130, 80], [400, 260], [125, 75]]) {
      const drawn = worldToScreen(from, wx, wy);
      const shown = worldToScreen(to, wx, wy);
      expect(drawn.x * t.scale + t.x).toBeCloseTo(shown.x, 6);
      expect(drawn.y * t.scale + t.y).toBeCloseTo(shown.y, 6);
    }
  });

  it('asks for a redraw once a corner of the view moved too far or the zoom changed too much', () => {
    expect(followTransform(from, { ...from, x: from.x + 40 }, 1280, 800)).not.toBeNull();
    expect(followTransform(from, { ...from, x: from.x + 60 }, 1280, 800)).toBeNull();
    // A narrow view: at most 6 % of its smaller side (36 px at 600 px wide).
    expect(followTransform(from, { ...from, y: from.y - 40 }, 600, 900)).toBeNull();
    // Zooming about the top-left corner moves the far corner by width × (zoom - 1): 2 % of 1280 px is 26 px, 5 % is 64.
    expect(followTransform(from, { x: from.x * 1.02, y: from.y * 1.02, scale: from.scale * 1.02 }, 1280, 800)).not.toBeNull();
    expect(followTransform(from, { x: from.x * 1.05, y: from.y * 1.05, scale: from.scale * 1.05 }, 1280, 800)).toBeNull();
    // More than 10 % zoom: always drawn again (the text would be too far off its size).
    expect(followTransform(from, { ...from, scale: from.scale * 1.2 }, 10, 10)).toBeNull();
  });
});
