import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, parseVenueSvg, VenueSvgError } from '../../../workers/venue-map/parseVenueSvg';
import { fixtureText, parseFixture, seatingPlan } from './venueFixtures';

function errorOf(run: () => unknown): VenueSvgError {
  try {
    run();
  } catch (error) {
    if (error instanceof VenueSvgError) return error;
    throw error;
  }
  throw new Error('expected a VenueSvgError');
}

describe('parseVenueSvg: errors people can act on', () => {
  it('malformed XML (an extra </g>) fails with its line and imports nothing', () => {
    const error = errorOf(() => parseFixture('error-malformed.svg'));
    expect(error.line).toBe(7);
    expect(error.message).toMatch(/closing tag <\/g>.*\(line 7\)$/);
  });

  it('an element left open names the element and the line it opened on', () => {
    const error = errorOf(() => parseVenueSvg('<svg viewBox="0 0 10 10">\n<g>\n<circle r="1"/>\n</svg>'));
    expect(error.message).toMatch(/<\/svg> does not match <g> opened on line 2/);
    expect(error.line).toBe(4);
    expect(errorOf(() => parseVenueSvg('<svg>\n<g>')).message).toMatch(/ends before <g> \(opened on line 2\)/);
  });

  it('unquoted attributes and stray markup are malformed XML', () => {
    expect(errorOf(() => parseVenueSvg('<svg>\n<circle r=5/></svg>')).line).toBe(2);
    expect(errorOf(() => parseVenueSvg('<svg><circle r="5" cx></svg>')).message).toMatch(/Malformed attribute "cx"/);
  });

  it('a file with no seats and no sections is refused with a clear message', () => {
    expect(errorOf(() => parseFixture('error-no-seats.svg')).message).toMatch(/no seats and no sections/);
  });

  it('refuses DTD internal subsets and entity declarations (billion laughs)', () => {
    const error = errorOf(() => parseFixture('error-entity.svg'));
    expect(error.message).toMatch(/DTD|entity/);
    expect(error.line).toBe(2);
    expect(errorOf(() => parseVenueSvg('<!ENTITY x "y"><svg/>')).message).toMatch(/<!ENTITY declaration/);
  });

  it('refuses files over the byte limit, default 100 MB', () => {
    const text = fixtureText('canonical.svg');
    expect(errorOf(() => parseVenueSvg(text, { maxBytes: 1000 })).message).toMatch(/over the 0\.0 MB limit/);
    const huge = ' '.repeat(DEFAULT_MAX_BYTES + 1);
    expect(errorOf(() => parseVenueSvg(huge)).message).toMatch(/100\.0 MB, over the 100\.0 MB limit/);
    // Multi-byte characters count as their UTF-8 size.
    expect(() => parseVenueSvg(`<svg><!--${'é'.repeat(600)}--></svg>`, { maxBytes: 1000 })).toThrow(VenueSvgError);
  });

  it('refuses files with more elements than the cap', () => {
    const error = errorOf(() => parseFixture('canonical.svg', { maxElements: 10 }));
    expect(error.message).toMatch(/more than 10 elements/);
    expect(parseFixture('canonical.svg', { maxElements: 30 }).model.seatCount).toBe(8);
  });

  it('refuses a root that is not <svg>', () => {
    expect(errorOf(() => parseVenueSvg('<html><body/></html>')).message).toMatch(/root element is <html>/);
    expect(errorOf(() => parseVenueSvg('   ')).message).toMatch(/no <svg> element/);
  });
});

describe('parseVenueSvg: safety', () => {
  const { model, report } = parseFixture('safety.svg');

  it('imports the seats and ignores scripts, event handlers, foreignObject and external references', () => {
    expect(seatingPlan(model)).toEqual(['Safe/A: 1']);
    const reasons = report.skipped.map((s) => `${s.element}: ${s.reason}`);
    expect(reasons).toEqual([
      'svg: event attribute (on...): never run',
      'script: script: never run (2 elements, first on line 2)',
      'foreignObject: foreignObject: HTML content is never read',
      'circle: event attribute (on...): never run',
      'use: external reference: never fetched',
      'image: image: pictures are not read (embedded data or links ignored)',
    ]);
  });

  it('never carries script text or handler code into the model', () => {
    expect(model.strings.join(' ')).not.toMatch(/alert|steal|evil/);
  });
});

describe('parseVenueSvg: dirt from real files', () => {
  const { model, report } = parseFixture('dirt.svg');

  it('keeps the first of duplicate seat keys and reports the duplicate', () => {
    expect(seatingPlan(model)).toEqual(['Main Floor/A: 1 2']);
    expect(model.seatX[0]).toBe(10);
    expect(report.duplicates).toEqual(['Main Floor/A/1']);
  });

  it('counts thousands of leftover clip paths into one report line, skips images and hidden variants', () => {
    expect(report.skipped).toEqual([
      { element: 'clipPath', line: 4, reason: 'clip path: not part of the map geometry (2000 elements, first on line 4)' },
      { element: 'image', line: 2009, reason: 'image: pictures are not read (embedded data or links ignored)' },
      { element: 'path', line: 2010, reason: 'shape is neither a seat nor a section (decoration) (2 elements, first on line 2010)' },
      { element: 'g', line: 2018, reason: 'hidden (display:none or visibility:hidden): not part of the map' },
    ]);
  });

  it('reads a byte-order mark, entities and character references in attributes', () => {
    const svg = '\uFEFF<svg><g class="section" data-section="Caf&#233; &amp; Bar"><g class="row" data-row="&quot;A&quot;">' +
      '<circle class="seat" data-seat="1" cx="1" cy="1" r="1"/></g></g></svg>';
    expect(seatingPlan(parseVenueSvg(svg).model)).toEqual(['Café & Bar/"A": 1']);
  });
});
