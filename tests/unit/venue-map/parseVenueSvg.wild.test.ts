import { describe, expect, it } from 'vitest';
import { readSeatSentence } from '../../../workers/venue-map/seatWords';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { createVenueIndex } from '../../../workers/venue-map/venueIndex';
import { expectInvariants, fixtureText, parseFixture, seatAtKey, seatingPlan } from './venueFixtures';

/** Issue 25: conventions of real venue maps no one here wrote, and a report that says how sure it is. */
describe('parseVenueSvg: maps from the wild, with an honest report', () => {
  it('unmarked shapes in a marked map are seats only when sized like the marked seats (guessed, with a warning)', () => {
    const { model, report } = parseFixture('marked-with-plaques.svg');
    // The 14×10 plaque and the r=9 marker are not seats; the unmarked r=5 circle in the row is, as a guess.
    expect(seatingPlan(model)).toEqual(['Stalls/A: 1 2 3 4', 'Stalls/B: 1 2']);
    expect(report.sections[0]!.confidence).toEqual({ section: 'marked', seats: 'guessed', rows: 'inferred' });
    expect(report.confidence.map).toBe('guessed');
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]!.message).toMatch(/1 unmarked shape .* taken as seats/);
    expect(report.warnings[0]!.at).toBeDefined();
    expect(report.skipped.map((s) => s.reason).join()).toMatch(/not of the marked seats' size/);
    expectInvariants(model, expect);
  });

  it('a seat marker on the only shape of a section group, or on a shape far larger than the seats, is a section', () => {
    const lone = parseFixture('seat-marker-sections.svg');
    expect(lone.model.seatCount).toBe(0);
    expect(lone.report.sections.map((s) => s.name)).toEqual(['category-1_546', 'category-2_547']);
    expect(lone.report.sections[0]!.confidence.section).toBe('guessed');
    expect(lone.report.warnings[0]!.message).toMatch(/2 shapes marked like a seat read as sections/);
    const big = parseFixture('seat-marker-big.svg');
    expect(seatingPlan(big.model)).toEqual(['Stalls/A: 1 2 3 4']);
    expect(big.report.sections.map((s) => [s.name, s.seats])).toEqual([['Stalls', 4], ['VIP lounge', 0]]);
    expect(big.report.warnings).toHaveLength(1);
  });

  it('id grammars with alphanumeric blocks (b5-4-16, lb7-1-8, l6-2-3) and suffixed twins (b5c-…)', () => {
    const { model, report } = parseFixture('id-alnum-blocks.svg');
    // Layer_1 is only a group; the block names the section unless a section group says otherwise (Gallery).
    expect(seatingPlan(model)).toEqual(['b5/4: 16 17', 'lb7/1: 8 9', 'l6/2: 3', 'Gallery/1: 1']);
    expect(seatAtKey(model, 'b5', '4', '16')).toMatchObject({ x: 10, y: 10, r: 4 });
    expect(report.sections[0]!.confidence).toEqual({ section: 'inferred', seats: 'marked', rows: 'marked' });
    expect(report.warnings).toEqual([]);
  });

  it('plain attribute names, with or without data-, in several languages', () => {
    const { model, report } = parseFixture('plain-attributes.svg');
    expect(seatingPlan(model)).toEqual(['Parkett/3: 12 13', 'Balkong/1: 4', 'B/2: 7', 'C/5: 1']);
    expect(report.conventions).toContain('plain-attributes');
    expect(report.confidence.map).toBe('marked');
    expect(report.warnings).toEqual([]);
  });

  it('a seat described in a sentence (six languages, letter seats); text in an unknown language is a warning', () => {
    const { model, report } = parseFixture('seat-sentences.svg');
    expect(seatingPlan(model).slice(0, 6)).toEqual(['Stalls/18: 5 A', 'Партер/18: 5', 'Parkett/3: 12', 'B/4: 9',
      'Orchestre/2: 14', 'Platea/7: 3']);
    expect(report.conventions).toContain('seat-sentence');
    expect(report.warnings.map((w) => w.message)).toContainEqual(
      'Attribute "data-opis" on 4 shapes reads like a seat description in words the importer does not know; it was not read');
    const out = { section: null, row: null, seat: null };
    expect(readSeatSentence('Сектор C, ряд 2, место 11', out)).toBe(true);
    expect(out).toEqual({ section: 'C', row: '2', seat: '11' });
    expect(readSeatSentence('Stalls, row 18', out)).toBe(false);
  });

  it('CAD exports: digit glyphs on each chair are labels; the enclosing shape is the seat (with a warning)', () => {
    const { model, report } = parseFixture('cad-glyphs.svg');
    expect(seatingPlan(model)).toEqual(['stalls/1: 1 2 3 4', 'stalls/2: 1 2 3 4']);
    expect(seatAtKey(model, 'stalls', '1', '1')).toMatchObject({ x: 30, y: 30, r: 10 });
    expect(report.conventions).toContain('glyphs-on-chairs');
    expect(report.warnings[0]!.message).toMatch(/16 small shapes \(digit glyphs\) sit on 8 larger ones/);
    expect(report.notes).toContain('Rows of section "stalls" inferred from geometry (along lines)');
  });

  it('section-only maps: bare ids inside level groups are sections, the levels are not', () => {
    const { model, report } = parseFixture('level-sections.svg');
    expect(model.seatCount).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(['2FBX4', '2FBX5', 'A101', 'A102']);
    expect(report.sections.every((s) => s.confidence.section === 'inferred')).toBe(true);
    expect(report.conventions).toEqual(['level-groups', 'level-section-shapes']);
  });

  it('DOM captures: no viewBox, width 100%, a pan-zoom matrix on the root group, exponent and skew transforms', () => {
    const { model, report } = parseFixture('widget-capture.svg');
    expect(seatingPlan(model)).toEqual(['Floor/1: 1 2', 'Floor/2: 1']);
    expect(seatAtKey(model, 'Floor', '1', '1').x).toBeCloseTo(112.5, 3);
    expect(seatAtKey(model, 'Floor', '1', '2').x).toBeCloseTo(127.5, 3);
    expect(seatAtKey(model, 'Floor', '2', '1').x).toBeCloseTo(100 + Math.tan(Math.PI / 18) * 20, 3);
    expect(seatAtKey(model, 'Floor', '1', '1').r).toBeCloseTo(5, 3);
    // The extent comes from what is drawn, not from "100%".
    expect(model.viewBox.minX).toBeGreaterThan(90);
    expect(report.conventions).toContain('no-viewbox');
  });

  it('curved stadium rows follow the arc, numbered from the pitch outwards, and the report says rows were inferred', () => {
    const { model, report } = parseFixture('curved-rows.svg');
    expect(seatingPlan(model)).toEqual([
      'section-south/1: 1 2 3 4 5 6 7 8', 'section-south/2: 1 2 3 4 5 6 7 8 9', 'section-south/3: 1 2 3 4 5 6 7 8 9 10',
      'section-north/1: 1 2 3 4 5 6 7 8', 'section-north/2: 1 2 3 4 5 6 7 8 9', 'section-north/3: 1 2 3 4 5 6 7 8 9 10',
    ]);
    expect(report.sections[0]!.confidence.rows).toBe('inferred');
    expect(report.notes).toContain('Rows of section "section-south" inferred from geometry (along an arc)');
    expectInvariants(model, expect);
  });

  it('a file\'s group taken as a row must lie along one line or arc: else it is split into its lines, or warned', () => {
    const { model, report } = parseFixture('row-groups-not-rows.svg');
    // The first group is a row as it stands; the second holds three slanted rows; the third, a box of nine chairs in a
    // grid turned 45°, lies along no line: its chairs are put in rows by height, and a warning says so and where.
    expect(seatingPlan(model)).toEqual([
      'stalls/1: 1 2 3 4 5', 'stalls/2: 1 2 3 4 5', 'stalls/3: 1 2 3 4 5', 'stalls/4: 1 2 3 4 5',
      'stalls/5: 1', 'stalls/6: 1 2', 'stalls/7: 1 2 3', 'stalls/8: 1 2', 'stalls/9: 1',
    ]);
    expect(seatAtKey(model, 'stalls', '2', '5')).toMatchObject({ x: 260, y: 220 });
    expect(seatAtKey(model, 'stalls', '4', '1')).toMatchObject({ x: 100, y: 280 });
    expect(report.warnings).toEqual([{
      message: 'Rows of section "stalls": 2 of the file\'s row groups (24 seats) held seats along several lines and ' +
        'were split into them, but 9 of their seats lie along no line found (boxes or blocks drawn tightly?) and ' +
        'were put in rows by their height on the map: check the rows',
      section: 'stalls', at: { minX: 429, minY: 285, maxX: 571, maxY: 427 },
      seats: [20, 21, 22, 23, 24, 25, 26, 27, 28],
    }]);
    // Those are the box's nine chairs (rows 5–9), exactly.
    expect(report.warnings[0]!.seats!.map((i) => model.seatRow[i])).toEqual([4, 5, 5, 6, 6, 6, 7, 7, 8]);
    expectInvariants(model, expect);

    // Without the box, the block's split is all there is to say: a note, no warning.
    const svg = fixtureText('row-groups-not-rows.svg').replace(/<g>\s*<circle r="15" cx="500"[^]*?<\/g>/, '');
    const split = parseVenueSvg(svg);
    expect(seatingPlan(split.model)).toEqual(seatingPlan(model).slice(0, 4));
    expect(split.report.warnings).toEqual([]);
    expect(split.report.notes).toContain('Rows of section "stalls": 1 of the file\'s row groups (15 seats) held seats ' +
      'along several lines and was split into them');
  });

  it('the warning about seats put in rows by height names exactly those seats, not the other seats in its box', () => {
    // A row passing the box's corner, beside the chairs put in rows by height.
    const row = '<g><circle r="15" cx="330" cy="300"/><circle r="15" cx="370" cy="300"/><circle r="15" cx="410" cy="300"/>'
      + '<circle r="15" cx="450" cy="300"/></g>';
    const { model, report } = parseVenueSvg(fixtureText('row-groups-not-rows.svg').replace(/<\/g>\s*<\/svg>/, `${row}</g></svg>`));
    const warning = report.warnings.find((w) => w.message.includes('put in rows by their height'))!;
    const named = warning.seats!.map((i) => `${model.seatX[i]},${model.seatY[i]}`);
    expect(named.sort()).toEqual(['444,356', '472,328', '472,384', '500,300', '500,356', '500,412', '528,328', '528,384',
      '556,356']);
    const at = warning.at!;
    const inBox = createVenueIndex(model).seatsInRect(at.minX, at.minY, at.maxX, at.maxY);
    expect(inBox.length).toBeGreaterThan(named.length);
  });
});
