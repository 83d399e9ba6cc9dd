import { describe, expect, it } from 'vitest';
import { computeRowBounds } from './seatCulling';
import { MAX_SEAT_NUMBERS, planLabels, RING_LIMIT, selectedInRect, selectedPerSection, type LabelInput } from './mapLabels';
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
  rowBounds,
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
    // Only x in [-15, 40] map units is in view: seats 1-5 of each row and the rows' left labels.
    const plan = planLabels(input({ camera: { x: 30, y: 50, scale: 2 }, viewport: { width: 110, height: 200 } }));
    expect(plan.counts.seats).toBe(15);
    expect(plan.counts.rows).toBe(3);
    expect(plan.labels.every((l) => l.x >= 0 && l.x <= 110 && l.y >= 0 && l.y <= 200)).toBe(true);
  });

  it('caps seat numbers per frame', () => {
    const rows = Array.from({ length: 120 }, (_, r) => straightRow(String(r + 1), 40, 0, r * 10));
    const big = tinyVenue([{ name: 'Big', rows }]);
    const plan = planLabels({ ...input({}), model: big, rowBounds: computeRowBounds(big), camera: { x: 10, y: 10, scale: 2 }, viewport: { width: 4000, height: 4000 } });
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

  it('rings only the selected seats near the view of a large selection', () => {
    expect(RING_LIMIT).toBeGreaterThan(100);
    const all = Uint32Array.from({ length: 30 }, (_, k) => k);
    expect(Array.from(selectedInRect(model, all, { minX: -1, minY: -1, maxX: 25, maxY: 5 }))).toEqual([0, 1, 2]);
  });
});
