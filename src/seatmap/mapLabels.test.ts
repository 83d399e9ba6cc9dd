import { describe, expect, it } from 'vitest';
import { computeRowBounds } from './seatCulling';
import { MAX_SEAT_NUMBERS, pinRowEnd, planLabels, ROW_PIN_INSET_EM, type LabelInput } from './mapLabels';
import { selectedPerSection } from './selectionRings';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// Section A: 3 rows of 10 seats (radius 4, 10 apart). Section F: a standing area of 1,000 places at x 200..400.
const model = tinyVenue([
  { name: '307', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10), straightRow('M', 10, 0, 20)] },
  { name: 'Floor', rows: [], generalAdmission: true, outline: [[200, 0], [400, 0], [400, 200], [200, 200]] },
]);
model.sectionCapacity[1] = 1000;
const rowBounds = computeRowBounds(model);
const input = (over: Partial<LabelInput>): LabelInput => ({
  model,
  camera: { x: 0, y: 0, scale: 1 },
  viewport: { width: 800, height: 600 },
  rowBounds: () => rowBounds,
  seatsShown: true,
  seatRadius: 4,
  sectionCounts: null,
  ...over,
});

describe('map labels', () => {
  it('draws no row labels or seat numbers while seats are small or not drawn', () => {
    expect(planLabels(input({ camera: { x: 10, y: 10, scale: 0.5 } })).counts).toMatchObject({ rows: 0, seats: 0 });
    expect(planLabels(input({ seatsShown: false, camera: { x: 100, y: 100, scale: 4 } })).counts).toMatchObject({ rows: 0, seats: 0 });
  });

  it('asks for the row bounds only when it plans row labels (seats shown and big enough), so a first frame of sections alone never makes them', () => {
    let asked = 0;
    const counted = () => (asked++, rowBounds);
    planLabels(input({ rowBounds: counted, camera: { x: 10, y: 10, scale: 0.5 } }));
    planLabels(input({ rowBounds: counted, seatsShown: false, camera: { x: 100, y: 100, scale: 4 }, sectionCounts: Uint32Array.from([30, 0]) }));
    expect(asked).toBe(0);
    expect(planLabels(input({ rowBounds: counted, camera: { x: 100, y: 100, scale: 1 } })).counts.rows).toBe(6);
    expect(asked).toBe(1);
  });

  it('labels each row at both ends once seats are big enough, and numbers the seats when zoomed in further', () => {
    const rowsOnly = planLabels(input({ camera: { x: 100, y: 100, scale: 1 } }));
    expect(rowsOnly.counts).toMatchObject({ rows: 6, seats: 0 });
    const rowL = rowsOnly.labels.filter((l) => l.kind === 'row' && l.lines[0] === 'L');
    expect(rowL).toHaveLength(2);
    // One before the first seat (x 0), one after the last (x 90), on the row's line (y 10).
    expect(rowL[0].x).toBeLessThan(100 + 0);
    expect(rowL[1].x).toBeGreaterThan(100 + 90);
    expect(rowL.every((l) => l.y === 110)).toBe(true);
    const zoomed = planLabels(input({ camera: { x: 50, y: 50, scale: 2 } }));
    expect(zoomed.counts).toMatchObject({ rows: 6, seats: 30 });
    expect(zoomed.labels.filter((l) => l.kind === 'seat').map((l) => l.lines[0]).slice(0, 3)).toEqual(['1', '2', '3']);
  });

  it('culls to the view: rows and seats outside it are not labelled', () => {
    // Only x in [-15, 40] map units is in view: seats 1-5 of each row, the rows' left labels, and their right ends
    // pinned to the view's right edge.
    const plan = planLabels(input({ camera: { x: 30, y: 50, scale: 2 }, viewport: { width: 110, height: 200 } }));
    expect(plan.counts.seats).toBe(15);
    expect(plan.counts).toMatchObject({ rows: 6, pinnedRows: 3 });
    expect(plan.labels.every((l) => l.x >= 0 && l.x <= 110 && l.y >= 0 && l.y <= 200)).toBe(true);
    // Rows far below the view: nothing, pinned or not.
    expect(planLabels(input({ camera: { x: 30, y: -500, scale: 2 }, viewport: { width: 110, height: 200 } })).counts).toMatchObject({ rows: 0, pinnedRows: 0 });
  });

  it('pins a row label to the view\'s edge when that end of the row is off screen', () => {
    // Zoomed on the middle of the rows (map x 30..60 in view): both ends of every row are off screen.
    const camera = { x: -30 * 4, y: 20, scale: 4 };
    const viewport = { width: 120, height: 200 };
    const plan = planLabels(input({ camera, viewport }));
    const rows = plan.labels.filter((l) => l.kind === 'row');
    expect(plan.counts).toMatchObject({ rows: 6, pinnedRows: 6 });
    expect(rows.every((l) => l.pinned)).toBe(true);
    const inset = rows[0].size * ROW_PIN_INSET_EM;
    // Row L (map y 10): one label at each edge, inset so the text fits, on the row's line.
    const rowL = rows.filter((l) => l.lines[0] === 'L').sort((a, b) => a.x - b.x);
    expect(rowL.map((l) => l.x)).toEqual([inset, 120 - inset]);
    expect(rowL.every((l) => l.y === 10 * 4 + 20)).toBe(true);
    // With the zoom buttons along the right edge (30 px), the right-hand labels stay left of them.
    const beside = planLabels(input({ camera, viewport, rightInsetPx: 30 })).labels.filter((l) => l.lines[0] === 'L').sort((a, b) => a.x - b.x);
    expect(beside.map((l) => l.x)).toEqual([inset, 120 - 30 - inset]);
    // Back at the whole rows, the labels sit beyond the row ends again, not pinned.
    const whole = planLabels(input({ camera: { x: 100, y: 100, scale: 1 } }));
    expect(whole.counts).toMatchObject({ rows: 6, pinnedRows: 0 });
    expect(whole.labels.some((l) => l.pinned)).toBe(false);
  });

  it('follows a curved row seat by seat to where it crosses the edge', () => {
    // An arc of seats (screen px): from x -60 rising to the right; the view is x, y in [0, 100].
    const xs = [-60, -40, -20, 0 + 10, 30, 50];
    const ys = [90, 70, 56, 46, 40, 38];
    const view = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    const at = pinRowEnd(-80, 115, 0, 1, xs.length, (k) => xs[k], (k) => ys[k], view);
    // Crosses x = 0 between the seats at (-20, 56) and (10, 46): at y = 56 - 10 * 20 / 30, not on the chord of the row.
    expect(at?.x).toBeCloseTo(0);
    expect(at?.y).toBeCloseTo(56 - (10 * 20) / 30);
    // From the other end (the last seat is in view, its label position past the right edge): pinned at x = 100.
    const back = pinRowEnd(130, 36, xs.length - 1, -1, xs.length, (k) => xs[k], (k) => ys[k], view);
    expect(back).toEqual({ x: 100, y: 36 + ((38 - 36) * 30) / 80 });
    // No seat in view: no label.
    expect(pinRowEnd(-80, 115, 0, 1, 3, (k) => xs[k], (k) => ys[k], view)).toBeNull();
  });

  it('caps seat numbers per frame', () => {
    const rows = Array.from({ length: 120 }, (_, r) => straightRow(String(r + 1), 40, 0, r * 10));
    const big = tinyVenue([{ name: 'Big', rows }]);
    const plan = planLabels({ ...input({}), model: big, rowBounds: () => computeRowBounds(big), camera: { x: 10, y: 10, scale: 2 }, viewport: { width: 4000, height: 4000 } });
    expect(plan.counts.seats).toBe(MAX_SEAT_NUMBERS);
  });

  it('names a standing area filling the view with its capacity and state, centred on the part in view', () => {
    const plan = planLabels(input({ seatsShown: false, camera: { x: -250 * 4, y: -50 * 4, scale: 4 }, describeArea: () => '1 000 for sale' }));
    const area = plan.labels.find((l) => l.kind === 'area');
    expect(area?.lines).toEqual(['Floor', `${(1000).toLocaleString('sv-SE')} places`, '1 000 for sale']);
    // In view: x 250..450 and y 50..200 of the map; the area covers x 200..400: its part in view is centred at (325, 125).
    expect(area?.x).toBeCloseTo(325 * 4 - 1000);
    expect(area?.y).toBeCloseTo(300);
  });

  it('puts the selected count on each section of a large selection at overview', () => {
    const counts = selectedPerSection(model, Uint32Array.from({ length: 24 }, (_, k) => k));
    expect(Array.from(counts)).toEqual([24, 0]);
    const plan = planLabels(input({ seatsShown: false, sectionCounts: counts }));
    expect(plan.labels.filter((l) => l.kind === 'section').map((l) => l.lines[0])).toEqual(['24']);
    // With seats drawn the rings say it: no count.
    expect(planLabels(input({ seatsShown: true, sectionCounts: counts })).counts.sections).toBe(0);
  });

  it('leaves out a count that does not fit inside its section or would overlap another', () => {
    const counts = Uint32Array.from([24, 0]);
    // At a tenth of the size, section 307 is about 10 px wide: "24" does not fit in it.
    expect(planLabels(input({ seatsShown: false, sectionCounts: counts, camera: { x: 0, y: 0, scale: 0.1 } })).counts.sections).toBe(0);
    // Two sections on top of each other: the second count would cover the first.
    const twin = tinyVenue([
      { name: 'A', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10)] },
      { name: 'B', rows: [straightRow('K', 10, 2, 2), straightRow('L', 10, 2, 12)] },
    ]);
    const plan = planLabels(input({ model: twin, rowBounds: () => computeRowBounds(twin), seatsShown: false, sectionCounts: Uint32Array.from([20, 20]) }));
    expect(plan.labels.filter((l) => l.kind === 'section')).toHaveLength(1);
  });

  it('splits into the pinned row labels and the rest, the rest also planned in a margin beyond the view', () => {
    // As in the culling case above: map x in [-15, 40] in view; with a 20 px margin, x in [-25, 50].
    const at = { camera: { x: 30, y: 50, scale: 2 }, viewport: { width: 110, height: 200 } };
    const whole = planLabels(input(at));
    const pinned = planLabels(input({ ...at, part: 'pinned', marginPx: 20 }));
    const rest = planLabels(input({ ...at, part: 'unpinned', marginPx: 20 }));
    expect(pinned.labels.every((l) => l.kind === 'row' && l.pinned)).toBe(true);
    expect(pinned.counts).toMatchObject({ rows: 3, pinnedRows: 3, seats: 0 });
    expect(rest.labels.some((l) => l.pinned)).toBe(false);
    // The rest counts what is on screen only: with the pinned part, the same counts as the whole plan.
    expect(rest.counts).toMatchObject({ rows: 3, pinnedRows: 0, seats: 15 });
    // On screen, the two parts hold exactly the whole plan's labels.
    const onScreen = (l: { x: number; y: number }) => l.x >= 0 && l.x <= 110 && l.y >= 0 && l.y <= 200;
    const key = (l: { kind: string; x: number; y: number; lines: string[] }) => `${l.kind} ${l.lines[0]} ${l.x.toFixed(3)} ${l.y.toFixed(3)}`;
    expect([...pinned.labels, ...rest.labels.filter(onScreen)].map(key).sort()).toEqual(whole.labels.map(key).sort());
    // In the margin: seat 6 of each row (map x 50, screen x 130), not seat 7 (x 60, screen 150).
    const margin = rest.labels.filter((l) => !onScreen(l));
    expect(margin.filter((l) => l.kind === 'seat').map((l) => l.lines[0])).toEqual(['6', '6', '6']);
    expect(margin.every((l) => l.x >= -20 && l.x <= 130 && l.y >= -20 && l.y <= 220)).toBe(true);
  });
});

