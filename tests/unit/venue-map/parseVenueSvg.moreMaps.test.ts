import { describe, expect, it } from 'vitest';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { expectInvariants, fixtureText, parseFixture, seatAtKey, seatingPlan } from './venueFixtures';

/**
 * Conventions of the maps added to the real-map corpus after issue 36 (docs/venue-import.md, #23 on): each was read
 * wrong, each fixture is drawn here in that convention.
 */
describe('parseVenueSvg: more maps promoters really have', () => {
  it('blocks of a section named in a plain attribute (g[data-seccion]) are sections without seats; the legend, its swatches, the stage and an entrance are not sections', () => {
    const { report } = parseFixture('section-attribute-blocks.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(['Oro Bloque 1', 'Oro Bloque 2', 'Oro Bloque 3',
      'Plata Bloque 1', 'Plata B.2']);
    expect(report.tally.sectionsNotRead).toEqual([
      expect.objectContaining({ kind: 'legend group', count: 1, sampleId: 'tabla_colores' }),
      expect.objectContaining({ kind: 'legend swatch', count: 2, sampleId: 'zona-oro' }),
      expect.objectContaining({ kind: 'playing area', count: 1, sampleId: 'escenario' }),
      expect.objectContaining({ kind: 'facility', count: 1, sampleId: 'acceso-1' })]);
    expect(report.conventions).toContain('zone-groups');
  });
});

describe('parseVenueSvg: seats as links with prefixed data attributes (a Sketch export)', () => {
  it('reads xlink:data-seccion and xlink:data-asiento as the data attributes they name', () => {
    const { model, report } = parseFixture('link-seats.svg');
    expect(report.sections.map((s) => [s.name, s.seats])).toEqual([['B', 6], ['A', 6]]);
    expect(seatingPlan(model)).toEqual(['B/1: 1 2 3 4 5 6', 'A/1: 1 2 3 4 5 6']);
    expect(report.warnings).toEqual([]);
    expectInvariants(model, expect);
  });
});

describe('parseVenueSvg: a seat whose id cannot be read (a Sketch export edited by hand)', () => {
  it('is not imported, and a warning names it with its line instead of leaving it to the tally', () => {
    const { report } = parseFixture('sketch-seat-groups.svg');
    expect(report.seats).toBe(5);
    expect(report.tally.notRead).toEqual([expect.objectContaining({ kind: 'seat group', count: 1,
      reason: 'malformed seat id', sampleId: 'p-2--3' })]);
    expect(report.warnings.map((w) => w.message)).toEqual(['1 seat could not be read: its id is malformed (first: '
      + '"p-2--3", line 14), so it was not imported. Correct the ids, or accept the map without them']);
  });
});

describe('parseVenueSvg: a zone map whose lettering was converted to curves (CorelDRAW)', () => {
  it('reads each zone group as a section without seats; the glyphs on it and the legend are not seats', () => {
    const { report } = parseFixture('zone-outlined-lettering.svg');
    expect(report.seats).toBe(0);
    expect(report.sections.map((s) => s.name)).toEqual(['plata1', 'plata2', 'vip']);
    expect(report.tally.notRead).toEqual(expect.arrayContaining([expect.objectContaining({ count: 3,
      reason: 'a glyph of the lettering outlined on a zone\'s shape (its name drawn as curves)' })]));
    expect(report.tally.sectionsNotRead.map((e) => [e.kind, e.count])).toEqual([['legend group', 1],
      ['playing area', 1]]);
    expect(report.warnings).toEqual([]);
  });
});

describe('parseVenueSvg: tables whose top is drawn nearly the chairs\' size', () => {
  it('reads the chairs round each table as its seats and the shape they stand round as the table top', () => {
    const { model, report } = parseFixture('tables-chairs-alike.svg');
    expect(report.seats).toBe(24);
    expect(report.rows).toBe(6);
    expect(seatingPlan(model)[0]).toBe('salon/mesa 1: 1 2 3 4');
    expect(report.tally.notRead).toEqual([expect.objectContaining({ count: 6,
      reason: 'the table top of a table drawn with its chairs (the chairs stand all round it)' })]);
    expectInvariants(model, expect);
  });
});

describe('parseVenueSvg: groups of a section lettered only with their numbers (boxes, or seats)', () => {
  it('reads them as seats with those numbers, warns that they may be boxes, and the seats are guessed', () => {
    const { report } = parseFixture('numbered-boxes.svg');
    expect(report.seats).toBe(8);
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^8 groups of section "Palcos" each hold one shape lettered only with a number: read as seats/)]);
    expect(report.sections[0]!.confidence.seats).toBe('guessed');
  });

  it('a row of seats drawn that way reads the same, with the same warning', () => {
    const seats = Array.from({ length: 12 }, (_, k) => `<g data-sector="B"><circle cx="${20 + k * 24}" cy="20" r="10"/>`
      + `<text x="${16 + k * 24}" y="24">${k + 1}</text></g>`).join('');
    const { report } = parseVenueSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 60">${seats}</svg>`);
    expect(report.sections.map((s) => [s.name, s.seats])).toEqual([['B', 12]]);
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^12 groups of section "B"/)]);
  });
});

describe('parseVenueSvg: seat numbers outlined on chairs drawn over a block (an Illustrator export)', () => {
  it('takes each glyph as the label of the chair around it, not of the block behind both; row numbers are not seats', () => {
    const { report } = parseFixture('glyphs-in-a-block.svg');
    expect(report.seats).toBe(16);
    expect(report.warnings.map((w) => w.message)).toContain('Two candidate seat shapes: 23 small shapes (digit glyphs) '
      + 'sit on 16 larger ones of one size; the enclosing shapes were taken as seats and the glyphs as their labels');
  });
});

describe('parseVenueSvg: chair-sized shapes carrying no glyph in a map whose chairs carry their numbers as glyphs', () => {
  it('takes those drawn like the chairs as seats and not the row numbers drawn otherwise, and names them', () => {
    const { model, report } = parseFixture('glyphs-unlike-chairs.svg');
    expect(report.seats).toBe(16);
    expect(seatingPlan(model)).toEqual(['Main/1: 1 2 3 4 5 6 7 8', 'Main/2: 1 2 3 4 5 6 7 8']);
    expect(report.warnings.map((w) => w.message)).toEqual(['Two candidate seat shapes: 21 small shapes (digit glyphs) '
      + 'sit on 15 larger ones of one size; the enclosing shapes were taken as seats and the glyphs as their labels; 2 '
      + 'shapes of the chairs\' size carrying no glyph and drawn unlike the chairs (row numbers, lettering, '
      + 'signs; first: line 23) were not taken']);
    expect(report.tally.notRead).toContainEqual(expect.objectContaining({ count: 2, line: 23, reason: 'shape of the '
      + 'chairs\' size carrying no glyph, drawn unlike the chairs that carry one (a row number, lettering or a sign)' }));
  });

  it('keeps them as seats and warns with how many and where when nothing in their own tags tells them from the chairs', () => {
    const { report } = parseVenueSvg(fixtureText('glyphs-unlike-chairs.svg').replace(/ fill="(#[0-9A-F]{6}|white)"/g, ''));
    expect(report.seats).toBe(18);
    expect(report.warnings.map((w) => w.message)).toContain('3 shapes of the chairs\' size carry no glyph where 15 '
      + 'chairs carry one, and the file gives them and the chairs no class, fill or stroke of their own, so they cannot '
      + 'be told from the chairs: taken as seats (first: line 22). If they are row numbers or signs, remove them before '
      + 'saving');
  });
});

describe('parseVenueSvg: rows drawn as arcs round one centre of their own (a theatre round its stage, #32)', () => {
  const rowsOf = (model: Parameters<typeof seatingPlan>[0]) =>
    seatingPlan(model).map((line) => `${line.slice(0, line.indexOf(':'))} ×${line.split(' ').length - 1}`);

  it('reads each arc as a row (loose seats and the file\'s groups split at the aisles alike), named by its end labels', () => {
    const { model, report } = parseFixture('concentric-rows.svg');
    expect(rowsOf(model)).toEqual(['stalls/A ×25', 'stalls/B ×25', 'stalls/C ×27', 'stalls/D ×27', 'stalls/E ×29',
      'stalls/F ×29', 'stalls/G ×31', 'stalls/H ×31', 'stalls/J ×33', 'stalls/K ×33']);
    // Seats numbered along the arc: 1 at one end, the last at the other, across the aisles.
    const first = seatAtKey(model, 'stalls', 'G', '1'), last = seatAtKey(model, 'stalls', 'G', '31');
    expect(Math.abs(first.x - last.x)).toBeGreaterThan(600);
    expect(report.warnings).toEqual([]);
    expect(report.notes).toContain('Rows of section "stalls" inferred from geometry (10 arcs round one centre, each '
      + 'named by the label beside its ends; seats numbered along each arc)');
    expect(report.sections[0]!.confidence.rows).toBe('inferred');
    expectInvariants(model, expect);
  });

  it('numbers the rows from the centre outwards when no label stands beside them', () => {
    const { model, report } = parseVenueSvg(fixtureText('concentric-rows.svg').replace(/<text[^>]*>\w<\/text>/g, ''));
    expect(rowsOf(model)).toEqual(['stalls/1 ×25', 'stalls/2 ×25', 'stalls/3 ×27', 'stalls/4 ×27', 'stalls/5 ×29',
      'stalls/6 ×29', 'stalls/7 ×31', 'stalls/8 ×31', 'stalls/9 ×33', 'stalls/10 ×33']);
    expect(report.notes).toContain('Rows of section "stalls" inferred from geometry (10 arcs round one centre, '
      + 'numbered from it outwards; seats numbered along each arc)');
  });

  it('keeps the warning where the file cannot tell: rows as close together as the seats in a row', () => {
    const seats: string[] = [];
    for (let k = 0; k < 8; k++) {
      const radius = 2000 + k * 30;
      for (let s = -300; s <= 300; s += 30) {
        const x = 500 + radius * Math.sin(s / radius), y = -1900 + radius * Math.cos(s / radius);
        seats.push(`<circle r="12" cx="${x.toFixed(2)}" cy="${y.toFixed(2)}"/>`);
      }
    }
    const { report } = parseVenueSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700">'
      + `<g id="stalls">${seats.join('')}</g></svg>`);
    expect(report.warnings.map((w) => w.message)).toEqual([
      'Rows of section "stalls" could not be told apart from geometry: check the rows']);
  });
});
