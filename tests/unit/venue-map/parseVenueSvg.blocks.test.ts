import { describe, expect, it } from 'vitest';
import { sectionNameOfId } from '../../../workers/venue-map/groupRoles';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { expectInvariants, fixtureText, parseFixture, seatingPlan } from './venueFixtures';

/**
 * Section-only maps drawn as unnamed blocks, sections named only in shape ids, the pitch named as a section, and PDF
 * exports whose levels are named nowhere (issue 36, the corpus's remaining misreadings; docs/venue-import.md).
 */
const tallied = (report: ReturnType<typeof parseVenueSvg>['report']): number =>
  report.tally.seatsRead + report.tally.notRead.reduce((n, e) => n + e.count, 0);

/** Two blocks of small equal squares (a PDF export's seats): 10 × 5 and 6 × 4, no ids, nothing named. */
function pdfExport(): string {
  const shapes: string[] = [];
  const block = (x0: number, y0: number, cols: number, rows: number) => {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) shapes.push(`<path d="M${x0 + c * 12} ${y0 + r * 12}h8v8h-8z"/>`);
    }
  };
  block(20, 20, 10, 5);
  block(40, 250, 6, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">${shapes.join('')}</svg>`;
}

describe('parseVenueSvg: sections drawn as blocks, named in ids, and levels named nowhere', () => {
  it('blocks drawn as fill + outline pairs are one section each, named by the lettering inside or numbered', () => {
    const { model, report } = parseFixture('section-block-pairs.svg');
    expect(report.seats).toBe(0);
    expect(report.sections).toHaveLength(24);
    expect(report.sections.slice(0, 6).map((s) => s.name)).toEqual(['101', '102', '103', '104', 'Block 5', 'Block 6']);
    expect(report.warnings.map((w) => w.message)).toEqual([
      '24 unmarked shapes read as sections without seats, drawn as blocks (24 of them drawn twice, as a fill and an '
        + 'outline); not read: 24 outlines drawn over them, 1 far larger one or the pitch. Nothing in the file marks a '
        + 'seat or names a section: check the sections and their names, or draw the seats']);
    expect(report.tally.seatLike).toBe(49);
    expect(tallied(report)).toBe(report.tally.seatLike);
    expect(report.sections.every((s) => s.confidence.section === 'guessed')).toBe(true);
    expectInvariants(model, expect);
  });

  it('blocks of many sizes are sections, long narrow ones too; lettering on the floor and the floor are not', () => {
    const { model, report } = parseFixture('section-block-sizes.svg');
    expect(report.seats).toBe(0);
    expect(report.sections).toHaveLength(40);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]!.message).toMatch(/^40 unmarked shapes read as sections without seats, drawn as blocks \(of many sizes: only \d+ of \d+ within 10 % of the common size, where seats are drawn alike\), 4 of them long and narrow; not read: 3 smaller shapes \(lettering\), 1 far larger one or the pitch\./);
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('blocks drawn as a closed polyline, an unclosed path, small ones and narrow strips are sections; the field, what stands on it and a divider line are not', () => {
    const { model, report } = parseFixture('section-block-field.svg');
    expect(report.seats).toBe(0);
    expect(report.sections).toHaveLength(20);
    expect(report.warnings.map((w) => w.message)).toEqual([
      '20 unmarked shapes read as sections without seats, drawn as blocks (each about 1/16 of the drawing\'s width, and '
        + 'only 18: too large and too few for seats), 2 of them long and narrow; not read: 2 smaller shapes (lettering), 1 '
        + 'standing on the field or floor, 1 line enclosing next to nothing, 2 far larger ones or the pitch. Nothing in the '
        + 'file marks a seat or names a section: check the sections and their names, or draw the seats']);
    // The venue's outline holds every shape: it is not a floor, so the two small blocks on it are blocks, not lettering.
    const centres = Array.from({ length: model.sectionCount }, (_, s) => [
      Math.round((model.sectionBounds[s * 4]! + model.sectionBounds[s * 4 + 2]!) / 2),
      Math.round((model.sectionBounds[s * 4 + 1]! + model.sectionBounds[s * 4 + 3]!) / 2)]);
    expect(centres).toEqual(expect.arrayContaining([[250, 250], [750, 750], [500, 283], [500, 717]]));
    // Nothing on the field (340-660) is a section: the infield, the mound and home plate are part of it.
    expect(centres.filter(([x, y]) => x! > 340 && x! < 660 && y! > 340 && y! < 660)).toEqual([]);
    expect(report.tally.notRead).toEqual(expect.arrayContaining([
      expect.objectContaining({ count: 1, reason: 'shape standing on the field or floor (a marking, the infield), not a block round it' }),
      expect.objectContaining({ count: 1, reason: 'line or outline enclosing next to no area in a map of sections drawn as blocks (a divider)' }),
    ]));
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('small equal shapes standing in two blocks stay seats, and the one section they fall in is warned about', () => {
    const { model, report } = parseVenueSvg(pdfExport());
    expect(report.seats).toBe(74);
    expect(report.sections.map((s) => s.name)).toEqual(['Main']);
    expect(report.warnings.map((w) => w.message)).toContain('All 74 seats are in one section ("Main"): the file names '
      + 'no sections, but the seats stand in 2 separate blocks (50, 24 seats). Name the sections, or split the map, '
      + 'before pricing it');
    const at = report.warnings.find((w) => w.message.startsWith('All 74'))!.at!;
    expect([at.minY, at.maxY]).toEqual([254, 290]);
    expect(report.confidence.map).toBe('guessed');
    expectInvariants(model, expect);
  });

  it('one block of seats in one section raises no block warning', () => {
    const { report } = parseVenueSvg(pdfExport().replace(/<path d="M(40|52|64|76|88|100) (250|262|274|286)h8v8h-8z"\/>/g, ''));
    expect(report.seats).toBe(50);
    expect(report.warnings.some((w) => w.message.includes('separate blocks'))).toBe(false);
  });

  it('shapes whose ids name sections ("Prime A East 2", "VIP 12", "GA-GSW") are sections; the court and icons are not', () => {
    const { model, report } = parseFixture('named-section-shapes.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(['Prime A East 1', 'Prime A East 2', 'Prime A West 1',
      'Prime A West 2', 'GS West Lower 5', 'GS East Lower 1', 'VIP 12', 'GA-GSW']);
    expect(report.sections.every((s) => s.confidence.section === 'inferred')).toBe(true);
    expect(report.notes).toContain('8 unmarked shapes whose ids read as section names (first: "Prime A East 1") read '
      + 'as sections without seats: the map marks no seats');
    // The two circles of the accessible sign, the background, the court and the columns: too few to be seats.
    expect(report.tally.notRead).toContainEqual(expect.objectContaining({ reason: 'too few shapes of one size to be '
      + 'seats (decoration)', count: 6 }));
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('an id reads as a section name only when it is words with a space or a GA/VIP code', () => {
    expect(['Prime A East 2', 'GS West Lower 5', 'VIP 12', 'GA-GSW', 'GA-UE', 'Upper_Tier_North']
      .map(sectionNameOfId)).toEqual(['Prime A East 2', 'GS West Lower 5', 'VIP 12', 'GA-GSW', 'GA-UE', 'Upper Tier North']);
    for (const id of ['Column', 'COLUMN001', 'Layer 1', 'path123', 'COURT_00000135665908925203785950000016325562847911712442',
      'Text003', '_14948030', 'LEVEL 2', 'LEVEL 2 TRAY', 'Seat 12', 'Row A', 'wall north', 'field 1', 'INACTIVE',
      'Main Entrance', 'Sound Desk', 'First Aid', 'Bar 2']) {
      expect(sectionNameOfId(id)).toBeNull();
    }
  });

  it('a map of bare seats with a few shapes named like sections keeps its seats; the named shapes are not sections', () => {
    const seats = Array.from({ length: 40 }, (_, k) => `<circle cx="${20 + (k % 10) * 20}" cy="${40 + Math.floor(k / 10) * 20}" r="8"/>`);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">' + seats.join('')
      + '<rect id="Upper Deck North" x="20" y="200" width="60" height="50"/><rect id="Upper Deck South" x="120" y="200" width="60" height="50"/></svg>';
    const { report } = parseVenueSvg(svg);
    expect(report.seats).toBe(40);
    expect(report.sections.map((s) => s.name)).toEqual(['Main']);
  });

  it('the pitch named as a section (data-section="field_") is not a section, and is listed as not read', () => {
    const { model, report } = parseFixture('playing-area-group.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(['category-1_501', 'category-1_502', 'category-1_503',
      'category-1_504', 'category-1_505', 'category-1_506']);
    expect(report.tally.sectionsNotRead).toEqual([expect.objectContaining({ kind: 'playing area', count: 1 })]);
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('blocks far larger than the common block are sections when they stand in the ring; the pitch, the background and a car park are not', () => {
    const { model, report } = parseFixture('section-block-ring.svg');
    expect(report.seats).toBe(0);
    expect(report.sections).toHaveLength(25);
    expect(report.warnings.map((w) => w.message)).toEqual([
      '25 unmarked shapes read as sections without seats, drawn as blocks (each about 1/17 of the drawing\'s width, and '
        + 'only 22: too large and too few for seats), 1 of them long and narrow, 3 of them far larger than the common '
        + 'block but standing in the ring among the blocks (they hold no other shape, nor the middle of the map); not '
        + 'read: 1 smaller shape (lettering), 3 far larger ones or the pitch. Nothing in the file marks a seat or names a '
        + 'section: check the sections and their names, or draw the seats']);
    // The band along the top stand, the corner block (named by the lettering on it) and the one round it, which
    // touches only the corner block.
    const boxes = Array.from({ length: model.sectionCount }, (_, s) => [model.strings[model.sectionName[s]!],
      ...Array.from(model.sectionBounds.subarray(s * 4, s * 4 + 4), Math.round)]);
    expect(boxes.slice(22)).toEqual([['East Corner', 616, 584, 900, 860], ['Block 24', 616, 584, 960, 920],
      ['Block 25', 296, 250, 676, 292]]);
    // The background, the pitch and the car park are ringed on the import screen (and the marking on the pitch).
    expect(rings(report).map(([x, y, r]) => [x, y, r])).toEqual([[500, 500, 500], [500, 500, 130], [500, 500, 5],
      [135, 135, 125]]);
    expect(report.tally.notRead).toEqual(expect.arrayContaining([
      expect.objectContaining({ count: 3, reason: 'shape far larger than the blocks (the field, floor or background)' }),
      expect.objectContaining({ count: 2, reason: expect.stringMatching(/^unmarked shape far larger than the common block read as a section/) }),
    ]));
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('a far larger shape touching the blocks is still the pitch when it holds the middle of the ring', () => {
    const svg = fixtureText('section-block-ring.svg').replace('M370 380h260v240h-260z', 'M296 360h380v280h-380z');
    const { report } = parseVenueSvg(svg);
    expect(report.sections).toHaveLength(25);
    expect(report.sections.map((s) => s.name)).not.toContain('PITCH');
    expect(report.warnings[0]!.message).toContain('not read: 1 smaller shape (lettering), 3 far larger ones or the pitch.');
  });

  it('a far larger shape holding a block is a floor, not a block; the one beyond it, touching only it, is not either', () => {
    // A small block drawn on the corner block: the corner block is then a floor with a shape standing on it.
    const svg = fixtureText('section-block-ring.svg').replace('<text x="820" y="790">',
      '<path fill="#727b89" d="M760 740h40v40h-40z"/><text x="820" y="790">');
    const { model, report } = parseVenueSvg(svg);
    // The 22 blocks and the band; the two corner blocks join the pitch, the background and the car park.
    expect(report.sections).toHaveLength(23);
    expect(report.sections.map((s) => s.name)).not.toContain('East Corner');
    expect(report.warnings[0]!.message).toContain('1 of them far larger than the common block');
    expect(report.warnings[0]!.message).toContain('1 standing on the field or floor, 5 far larger ones or the pitch.');
    expect(tallied(report)).toBe(report.tally.seatLike);
    expectInvariants(model, expect);
  });

  it('seats drawn as circles are never taken for blocks, however large against the drawing', () => {
    const circles = Array.from({ length: 8 }, (_, k) => `<circle cx="${40 + k * 45}" cy="100" r="18"/>`).join('');
    const { model, report } = parseVenueSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">${circles}</svg>`);
    expect(report.seats).toBe(8);
    expect(seatingPlan(model)).toEqual(['Main/1: 1 2 3 4 5 6 7 8']);
  });
});

/** The import screen's dashed rings: [x, y, r] of each element not read, in map units. */
const rings = (report: ReturnType<typeof parseVenueSvg>['report']): number[][] =>
  Array.from({ length: report.unreadMarks.length / 3 }, (_, k) => report.unreadMarks.slice(k * 3, k * 3 + 3));

describe('the import screen rings only what was really not read', () => {
  it('on a map drawn as blocks, the blocks and the outlines drawn over them are sections, not rings: only the pitch is ringed', () => {
    const { report } = parseFixture('section-block-pairs.svg');
    expect(report.sections).toHaveLength(24);
    // All 49 shapes are still accounted for in the tally: 24 blocks and 24 outlines read as sections, the pitch not.
    expect(report.tally.notRead.map((e) => e.count).reduce((a, n) => a + n, 0)).toBe(49);
    expect(rings(report)).toEqual([[500, 500, 200]]);
  });

  it('blocks of many sizes: the lettering on the floor and the floor are ringed, the 40 blocks are not', () => {
    const { report } = parseFixture('section-block-sizes.svg');
    expect(report.sections).toHaveLength(40);
    expect(rings(report).map(([x, y]) => [Math.round(x!), Math.round(y!)])).toEqual([[600, 600], [567, 600],
      [587, 600], [607, 600]]);
  });

  it('zones, seat markers and shapes named as sections are sections, not rings; the decoration beside them is ringed', () => {
    expect(parseFixture('zone-map.svg').report.unreadMarks).toEqual([]);
    expect(parseFixture('seat-marker-sections.svg').report.unreadMarks).toEqual([]);
    const named = parseFixture('named-section-shapes.svg').report;
    expect(named.sections).toHaveLength(8);
    // The six shapes too few to be seats (the accessible sign, the background, the court, the columns).
    expect(rings(named)).toHaveLength(6);
  });
});
