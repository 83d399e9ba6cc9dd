import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { parseVenueSvg, progressReporter } from '../../../workers/venue-map/parseVenueSvg';
import { createVenueMapWorkerApi } from '../../../workers/venue-map/venueMapWorkerApi';
import { fixtureText } from './venueFixtures';

describe('parse progress', () => {
  it('reports whole percents that only grow, reading up to 90 and 100 once the model is built', () => {
    const { svg } = generateVenue({ seats: 20000 });
    const heard: number[] = [];
    const { model } = parseVenueSvg(svg, { onProgress: (p) => heard.push(p) });
    expect(model.seatCount).toBe(20000);
    expect(heard.at(-1)).toBe(100);
    expect(heard.at(-2)).toBe(90);
    // A 20k-seat file is read in many steps, each a whole percent above the last.
    expect(heard.length).toBeGreaterThan(10);
    heard.forEach((p, i) => {
      expect(Number.isInteger(p)).toBe(true);
      if (i > 0) expect(p).toBeGreaterThan(heard[i - 1]!);
    });
    expect(heard.filter((p) => p < 90).every((p) => p >= 0)).toBe(true);
  });

  it('a small file still ends at 100, and the parse is the same with or without a listener', () => {
    const text = fixtureText('plain-attributes.svg');
    const heard: number[] = [];
    const withListener = parseVenueSvg(text, { onProgress: (p) => heard.push(p) });
    expect(heard).toEqual([90, 100]);
    expect(withListener.report).toEqual(parseVenueSvg(text).report);
  });

  it('the worker API passes its own progress argument to the parser', () => {
    const heard: number[] = [];
    const result = createVenueMapWorkerApi().parse(fixtureText('plain-attributes.svg'), {}, (p) => heard.push(p));
    expect(result.model.seatCount).toBeGreaterThan(0);
    expect(heard.at(-1)).toBe(100);
  });

  it('progressReporter clamps, floors and drops repeats', () => {
    const heard: number[] = [];
    const report = progressReporter((p) => heard.push(p))!;
    [-5, 0, 0.4, 12.7, 12.9, 11, 55, 250].forEach(report);
    expect(heard).toEqual([0, 12, 55, 100]);
    expect(progressReporter(undefined)).toBeNull();
  });
});
