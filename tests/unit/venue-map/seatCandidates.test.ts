import { describe, expect, it } from 'vitest';
import { checkAgreement, mapConfidence, worseConfidence } from '../../../workers/venue-map/importConfidence';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { glyphsOnChairs, resolveCandidates, seatPitch } from '../../../workers/venue-map/seatCandidates';
import { SEAT_CANDIDATE, SEAT_GUESSED, VenueBuilder } from '../../../workers/venue-map/VenueBuilder';

/** A builder with seats at (x, y, r); `candidate` marks unmarked shapes. */
function builderWith(seats: [number, number, number, boolean][]): VenueBuilder {
  const b = new VenueBuilder(16);
  const s = b.section('Stalls');
  seats.forEach(([x, y, r, candidate], i) => b.addSeat(x, y, r, s, -1, -1, -1, candidate ? SEAT_CANDIDATE : 0, i * 10));
  return b;
}

describe('seatCandidates: which shapes are seats', () => {
  it('seatPitch is the marked seats\' usual centre-to-centre distance', () => {
    const b = builderWith([0, 12, 24, 36, 48].map((x) => [x, 0, 5, false]));
    expect(seatPitch(b, [0, 1, 2, 3, 4], 5)).toBe(12);
  });

  it('a seat-sized candidate at the seats\' spacing is a guessed seat; one away from them is a label, counted', () => {
    const b = builderWith([[0, 0, 5, false], [12, 0, 5, false], [24, 0, 5, false], [36, 0, 5, true], [90, 0, 5, true],
      [0, 40, 20, true]]);
    resolveCandidates(b);
    expect(b.seatFlags[3]! & SEAT_GUESSED).toBe(SEAT_GUESSED);
    expect(b.seatSection[4]).toBe(-1);
    expect(b.seatSection[5]).toBe(-1);
    expect(b.unread.total).toBe(2);
    expect(b.unread.list('').map((e) => e.reason)).toEqual([
      'shape of seat size away from the marked seats\' rows and spacing (an outlined label glyph or decoration)',
      'shape without seat marking and not of the marked seats\' size (a plaque, label or decoration)']);
    expect(b.warnings).toHaveLength(1);
  });

  it('glyphs on chairs: hosts of the chairs\' size are chairs; a larger host with lettering is not', () => {
    const seats: [number, number, number, boolean][] = [];
    for (let k = 0; k < 4; k++) seats.push([k * 30, 0, 10, true], [k * 30 - 3, 0, 3, true], [k * 30 + 3, 0, 3, true]);
    seats.push([300, 0, 60, true], [290, 0, 3, true], [310, 0, 3, true]);
    const b = builderWith(seats);
    const all = seats.map((_, i) => i);
    const found = glyphsOnChairs(b, all, 3);
    expect(found).not.toBeNull();
    expect(found!.chairs.sort((p, q) => p - q)).toEqual([0, 3, 6, 9]);
    expect(found!.labels).toHaveLength(8);
    expect(found!.notChairs).toEqual([12]);
    expect(found!.strayGlyphs.sort((p, q) => p - q)).toEqual([13, 14]);
  });

  it('glyphs on fewer than four chair-sized hosts are not a CAD drawing', () => {
    const b = builderWith([[0, 0, 60, true], [-5, 0, 3, true], [5, 0, 3, true], [200, 0, 40, true], [205, 0, 3, true]]);
    expect(glyphsOnChairs(b, [0, 1, 2, 3, 4], 3)).toBeNull();
  });
});

describe('importConfidence: a marked verdict needs agreement', () => {
  it('the whole map is the least certain of its sections', () => {
    expect(worseConfidence('marked', 'inferred')).toBe('inferred');
    expect(worseConfidence('guessed', 'inferred')).toBe('guessed');
    const section = (seats: 'marked' | 'guessed') => ({ name: 'A', kind: 'seated' as const, seats: 1, rows: 1, capacity: 0,
      confidence: { section: 'marked' as const, seats, rows: 'marked' as const } });
    expect(mapConfidence([section('marked'), section('guessed')])).toEqual(
      { section: 'marked', seats: 'guessed', rows: 'marked', map: 'guessed' });
  });

  it('seat numbers that do not run in sequence, or seats on top of each other, take marked away with a warning', () => {
    const row = (y: number, labels: number[], xs: number[]) => labels.map((n, k) =>
      `<circle class="seat" data-seat="${n}" cx="${xs[k]}" cy="${y}" r="4"/>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100">
      <g class="section" data-section="North"><g class="row" data-row="1">${row(10, [1, 5, 9, 20], [10, 20, 30, 40])}</g></g>
      <g class="section" data-section="South"><g class="row" data-row="1">${row(50, [1, 2, 3], [10, 20, 20.5])}</g></g>
      <g class="section" data-section="East"><g class="row" data-row="1">${row(80, [1, 3, 5, 20, 22], [10, 20, 30, 60, 70])}</g></g>
    </svg>`;
    const { report } = parseVenueSvg(svg);
    expect(report.sections.map((s) => s.confidence.seats)).toEqual(['inferred', 'inferred', 'marked']);
    expect(report.warnings.map((w) => w.message)).toEqual([
      'Section "North" is marked, but 1 of its 1 numbered rows have seat numbers that do not run in sequence: check its seats',
      'Section "South" is marked, but 1 seat sits on top of the one numbered before: check its seats',
    ]);
    // The same check, called on its own, adds nothing for a map that agrees.
    const agreeing = parseVenueSvg(svg.replace(/data-seat="(5|9|20)"/g, (_, n: string) => `data-seat="${({ 5: 2, 9: 3, 20: 4 } as Record<string, number>)[n]}"`)
      .replace('cx="20.5"', 'cx="30"'));
    const warnings: { message: string }[] = [];
    checkAgreement(agreeing.model, agreeing.report.sections, warnings);
    expect(warnings).toEqual([]);
  });
});
