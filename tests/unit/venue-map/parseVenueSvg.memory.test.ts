import { describe, expect, it } from 'vitest';
import { sharedReaders } from '../../../workers/venue-map/NumberReader';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
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
