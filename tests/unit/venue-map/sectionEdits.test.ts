import { describe, expect, it } from 'vitest';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { applySectionEdits, readSectionEdits, sectionEditsComment } from '../../../workers/venue-map/sectionEdits';
import { SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED } from '../../../workers/venue-map/venueModel';
import { expectInvariants, fixtureText, parseFixture, sectionsOf } from './venueFixtures';

describe('section edits before saving', () => {
  it('renames a section and sets a seated one to standing: its seats and rows go, its outline stays, places = seats', () => {
    const parsed = parseFixture('canonical.svg');
    const { model, report } = applySectionEdits(parsed, [
      { section: 'Stalls', name: 'Parkett', kind: 'general_admission' },
      { section: 'Balcony', name: 'Läktare' },
    ]);
    expectInvariants(model, expect);
    expect(sectionsOf(model).map((s) => [s.name, s.kind, s.capacity, s.rows.length]))
      .toEqual([['Parkett', SECTION_KIND_GENERAL_ADMISSION, 6, 0], ['Läktare', SECTION_KIND_SEATED, 0, 1],
        ['Floor (standing)', SECTION_KIND_GENERAL_ADMISSION, 500, 0]]);
    expect(model.seatCount).toBe(2);
    expect(model.sectionOutlineStart[1]! - model.sectionOutlineStart[0]!).toBeGreaterThan(0);
    expect(report).toMatchObject({ seats: 2, rows: 1, generalAdmissionAreas: 2 });
    expect(report.sections.map((s) => [s.name, s.kind, s.seats, s.rows, s.capacity])).toEqual([
      ['Parkett', 'general_admission', 0, 0, 6], ['Läktare', 'seated', 2, 1, 0], ['Floor (standing)', 'general_admission', 0, 0, 500]]);
    expect(report.notes).toContain('Section "Stalls" renamed "Parkett" before the import');
    // The parse it started from is untouched.
    expect(parsed.report.sections[0]!.name).toBe('Stalls');
    expect(parsed.model.seatCount).toBe(8);
  });

  it('keeps a warning\'s seats on the same seats when an earlier section is set to standing, and drops its own', () => {
    const balcony = '<g id="balcony"><circle r="15" cx="100" cy="460"/><circle r="15" cx="140" cy="460"/>'
      + '<circle r="15" cx="180" cy="460"/></g>';
    const parsed = parseVenueSvg(fixtureText('row-groups-not-rows.svg').replace('<g id="stalls">', `${balcony}<g id="stalls">`));
    const warned = (result: typeof parsed) => {
      const seats = result.report.warnings.find((w) => w.seats)!.seats!;
      return seats.map((i) => `${result.model.seatX[i]},${result.model.seatY[i]}`);
    };
    expect(parsed.report.warnings.find((w) => w.seats)!.seats![0]).toBe(23);
    const balconyStanding = applySectionEdits(parsed, [{ section: 'balcony', kind: 'general_admission' }]);
    expect(balconyStanding.report.warnings.find((w) => w.seats)!.seats![0]).toBe(20);
    expect(warned(balconyStanding)).toEqual(warned(parsed));
    const stallsStanding = applySectionEdits(parsed, [{ section: 'stalls', kind: 'general_admission' }]);
    expect(stallsStanding.report.warnings.find((w) => w.seats)!.seats).toEqual([]);
  });

  it('sets a standing area to seated (no seats) and renames the section a warning points at', () => {
    const parsed = parseFixture('seat-marker-big.svg');
    const warned = parsed.report.warnings.find((w) => w.section)!;
    const { report } = applySectionEdits(parsed, [{ section: warned.section!, name: 'Renamed' }]);
    expect(report.warnings.find((w) => w.at === warned.at)!.section).toBe('Renamed');
    const floor = applySectionEdits(parseFixture('canonical.svg'), [{ section: 'Floor (standing)', kind: 'seated' }]);
    expect(floor.report.sections[2]).toMatchObject({ kind: 'seated', seats: 0, capacity: 0 });
  });

  it('refuses invalid edits with the section and the rule', () => {
    const parsed = parseFixture('canonical.svg');
    expect(() => applySectionEdits(parsed, [{ section: 'Stalls', name: 'balcony' }]))
      .toThrow('Section edit refused (section "Stalls"): Another section of this map has this name');
    expect(() => applySectionEdits(parsed, [{ section: 'Nowhere', name: 'X' }])).toThrow(/no section with this name/);
  });

  it('kept after the root element, the edits give the same model on every later parse, in order', () => {
    const text = fixtureText('canonical.svg');
    const first = [{ section: 'Stalls', name: 'A--B <!-- x -->' }];
    const second = [{ section: 'A--B <!-- x -->', name: 'Parkett-vänster' }, { section: 'Balcony', kind: 'general_admission' as const }];
    const stored = text + sectionEditsComment(first) + sectionEditsComment(second);
    // XML allows no "--" inside a comment: the JSON's dashes are escaped.
    expect(sectionEditsComment(first).trim().slice(4, -3)).not.toContain('--');
    expect(readSectionEdits(stored)).toEqual([first, second]);
    const direct = applySectionEdits(applySectionEdits(parseVenueSvg(text), first), second);
    const reparsed = parseVenueSvg(stored);
    expect(reparsed.report).toEqual(direct.report);
    expect(sectionsOf(reparsed.model)).toEqual(sectionsOf(direct.model));
    // A marker inside the map is not an edit; a broken one after it is a clear error.
    expect(readSectionEdits(text.replace('<title>', `${sectionEditsComment(first)}<title>`))).toEqual([]);
    expect(() => parseVenueSvg(`${text}\n<!-- arena-section-edits {oops} -->`)).toThrow('not valid JSON');
  });
});
