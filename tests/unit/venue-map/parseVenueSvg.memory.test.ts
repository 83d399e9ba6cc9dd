import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sharedReaders } from '../../../workers/venue-map/NumberReader';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { fixtureText } from './venueFixtures';

/**
 * The worker keeps running after an import (it answers hit-tests), so nothing of the import may keep the SVG text:
 * the module-level number readers held the last text they read, which kept a 100k-seat file (6.5 MB) alive.
 */
describe('parseVenueSvg: lets go of the source text', () => {
  it('after an import no shared reader holds the text', () => {
    const text = fixtureText('transforms.svg');
    parseVenueSvg(text);
    expect(sharedReaders.length).toBeGreaterThanOrEqual(5);
    expect(sharedReaders.map((r) => r.src)).toEqual(sharedReaders.map(() => ''));
  });

  it('nor after an import that fails', () => {
    expect(() => parseVenueSvg('<svg viewBox="0 0 10 10"><g transform="translate(1 2)"><path d="M0 0L1 1"/></g><g>')).toThrow();
    expect(sharedReaders.every((r) => r.src === '')).toBe(true);
  });
});

/**
 * The model outlives its parse wherever it was parsed on the thread that keeps it (the console's main-thread fallback,
 * the bench's canvas 2D peer): a name cut from the text (13 characters or more) was a view into the whole SVG text.
 */
describe('parseVenueSvg: the model holds no view into the source text', () => {
  const gc = (() => {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();

  /** A 16 MB map whose every string the model keeps is 13 characters or more. */
  function parseLargeMap(): VenueModel {
    const text = '<svg viewBox="0 0 100 100" data-name="The Grand Arena of Somewhere">'
      + '<g class="section" data-section="North Upper Tier">'
      + '<g class="row" data-row="Row Number Twelve"><circle class="seat" data-seat="Seat Number One" cx="10" cy="10" r="2"/></g>'
      + '</g>' + `<!--${'x'.repeat(16 * 1024 * 1024)}-->` + '</svg>';
    return parseVenueSvg(text).model;
  }

  it('keeps the map name and its section, row and seat labels in memory of their own', () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const model = parseLargeMap();
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(model.name).toBe('The Grand Arena of Somewhere');
    expect(model.strings).toEqual(expect.arrayContaining(['North Upper Tier', 'Row Number Twelve', 'Seat Number One']));
    // The text is 16 MB; the model itself a few kilobytes.
    expect(held).toBeLessThan(4 * 1024 * 1024);
  });
});
