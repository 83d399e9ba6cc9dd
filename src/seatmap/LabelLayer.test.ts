import { describe, expect, it } from 'vitest';
import { worldToScreen, type CameraState } from './Camera';
import { FOLLOW_LIMIT_PX, LABEL_FONTS_AHEAD, LABEL_MARGIN_PX, followTransform, labelFont, warmLabelFonts } from './LabelLayer';
import { AREA_LABEL_PX, ROW_LABEL_MIN_PX, planLabels, type LabelInput, type MapLabel } from './mapLabels';
import { computeRowBounds } from './seatCulling';
import { straightRow, tinyVenue } from './testing/tinyVenue';

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

describe('labels following the map, drawn with a margin', () => {
  // 80 rows of 100 seats, 10 map units apart: larger than the view at the zoom seat numbers show.
  const model = tinyVenue([{ name: 'A', rows: Array.from({ length: 80 }, (_, r) => straightRow(String(r + 1), 100, 0, r * 10)) }]);
  const W = 1000;
  const H = 800;
  const base = { model, viewport: { width: W, height: H }, rowBounds: () => computeRowBounds(model), seatsShown: true, seatRadius: 4, sectionCounts: null };
  const at = (camera: CameraState, over: Partial<LabelInput> = {}) => planLabels({ ...base, camera, ...over }).labels;
  const onScreen = (l: MapLabel) => l.x >= 0 && l.x <= W && l.y >= 0 && l.y <= H;
  const key = (l: MapLabel, x: number, y: number) => `${l.kind} ${l.lines[0]} ${Math.round(x)} ${Math.round(y)}`;
  // Zoomed in on the middle of the rows (seats of 8 px radius: numbers shown), both ends of every row off screen.
  const from: CameraState = { x: -250 * 2, y: -200 * 2, scale: 2 };

  it('reaches as far beyond the view as the labels may follow', () => {
    expect(LABEL_MARGIN_PX).toBeGreaterThanOrEqual(FOLLOW_LIMIT_PX);
  });

  it('has every label that moves with the map, and that the camera now shows, already drawn where the transform puts it', () => {
    const drawn = at(from, { part: 'unpinned', marginPx: LABEL_MARGIN_PX });
    // Moves to each side almost as far as the labels follow (48 px), and a zoom out by 4 % about the middle.
    const moves: CameraState[] = [
      { ...from, x: from.x + 45 },
      { ...from, x: from.x - 45, y: from.y + 30 },
      { ...from, y: from.y - 46 },
      { x: from.x / 1.04 + (W / 2) * (1 - 1 / 1.04), y: from.y / 1.04 + (H / 2) * (1 - 1 / 1.04), scale: from.scale / 1.04 },
    ];
    for (const to of moves) {
      const t = followTransform(from, to, W, H)!;
      expect(t).not.toBeNull();
      const shown = new Set(drawn.map((l) => key(l, l.x * t.scale + t.x, l.y * t.scale + t.y)));
      const wanted = at(to, { part: 'unpinned' }).filter((l) => l.kind === 'seat' && onScreen(l));
      expect(wanted.length).toBeGreaterThan(100);
      expect(wanted.filter((l) => !shown.has(key(l, l.x, l.y)))).toEqual([]);
      // Without the margin, seat numbers coming in at the edge would be missing until the next redraw.
      const noMargin = at(from, { part: 'unpinned' });
      const shownBefore = new Set(noMargin.map((l) => key(l, l.x * t.scale + t.x, l.y * t.scale + t.y)));
      expect(wanted.some((l) => !shownBefore.has(key(l, l.x, l.y)))).toBe(true);
    }
  });

  it('keeps the pinned row labels at the edge, planned for the camera now, apart from what follows', () => {
    const to: CameraState = { ...from, x: from.x + 45 };
    const pinned = at(to, { part: 'pinned' });
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.every((l) => l.pinned)).toBe(true);
    // Pinned at the same insets from the edges as at the camera the others were drawn at, not 45 px inwards.
    const xs = (ls: MapLabel[]) => [...new Set(ls.map((l) => Math.round(l.x)))].sort((a, b) => a - b);
    expect(xs(pinned)).toEqual(xs(at(from, { part: 'pinned' })));
    expect(at(from, { part: 'unpinned', marginPx: LABEL_MARGIN_PX }).some((l) => l.pinned)).toBe(false);
  });
});

describe('the labels\' fonts resolved before the first frame', () => {
  it('sets each font a whole-venue view labels with and measures text in it', () => {
    const calls: string[] = [];
    const ctx = {
      set font(f: string) { calls.push(`font ${f}`); },
      get font() { return ''; },
      measureText: (text: string) => (calls.push(`measure ${text.length > 0}`), { width: 1 } as TextMetrics),
    };
    warmLabelFonts(ctx);
    expect(calls).toEqual(LABEL_FONTS_AHEAD.flatMap((f) => [`font ${f}`, 'measure true']));
  });

  it('names the fonts as the labels are painted: row labels at their smallest, the standing areas\' weights', () => {
    expect(LABEL_FONTS_AHEAD).toContain(labelFont(700, ROW_LABEL_MIN_PX));
    for (const weight of [700, 600, 400]) expect(LABEL_FONTS_AHEAD).toContain(labelFont(weight, AREA_LABEL_PX));
    // Half pixels, as paintLabels sets them.
    expect(labelFont(700, 10.3)).toBe(labelFont(700, 10.5));
    expect(labelFont(700, 10.2)).toBe(labelFont(700, 10));
  });

  it('does nothing without a 2D context (no document, or no canvas 2D)', () => {
    expect(() => warmLabelFonts(null)).not.toThrow();
  });
});
