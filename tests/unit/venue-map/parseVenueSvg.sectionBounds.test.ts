import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { fixtureText } from './venueFixtures';

/**
 * A section's bounds are the box of its seats' discs and its outline, whichever way buildModel got them: from the
 * builder's boxes (a file already in order, decoration shapes dropped) or from a pass over the seats (any other file).
 */
function expectedBounds(model: VenueModel, t: number): number[] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = model.sectionFirstSeat[t]!; k < model.sectionFirstSeat[t]! + model.sectionSeatCount[t]!; k++) {
    const x = model.seatX[k]!, y = model.seatY[k]!, r = model.seatRadius[k]!;
    minX = Math.min(minX, x - r); minY = Math.min(minY, y - r);
    maxX = Math.max(maxX, x + r); maxY = Math.max(maxY, y + r);
  }
  for (let p = model.sectionOutlineStart[t]!; p < model.sectionOutlineStart[t + 1]!; p++) {
    minX = Math.min(minX, model.outlinePoints[p * 2]!); maxX = Math.max(maxX, model.outlinePoints[p * 2]!);
    minY = Math.min(minY, model.outlinePoints[p * 2 + 1]!); maxY = Math.max(maxY, model.outlinePoints[p * 2 + 1]!);
  }
  return minX > maxX ? [0, 0, 0, 0] : [Math.fround(minX), Math.fround(minY), Math.fround(maxX), Math.fround(maxY)];
}

function expectBoundsOfSeatsAndOutlines(model: VenueModel): void {
  for (let t = 0; t < model.sectionCount; t++) {
    expect([...model.sectionBounds.subarray(t * 4, t * 4 + 4)]).toEqual(expectedBounds(model, t));
    // Rows are contiguous and cover the section's seats, in order.
    const firstRow = model.sectionFirstRow[t]!;
    for (let r = firstRow; r < firstRow + model.sectionRowCount[t]!; r++) {
      expect(model.rowSection[r]).toBe(t);
      for (let k = model.rowFirstSeat[r]!; k < model.rowFirstSeat[r]! + model.rowSeatCount[r]!; k++) expect(model.seatRow[k]).toBe(r);
    }
  }
}

describe('parseVenueSvg: section bounds and rows', () => {
  // Every fixture map but those of import errors (error-*.svg: parseVenueSvg.errors.test.ts).
  const fixtures = readdirSync(fileURLToPath(new URL('../../fixtures/venues/', import.meta.url)))
    .filter((f) => f.endsWith('.svg') && !f.startsWith('error-'));

  it.each(fixtures)('%s: each section is bounded by its seats and outline, its rows hold its seats', (name) => {
    expectBoundsOfSeatsAndOutlines(parseVenueSvg(fixtureText(name)).model);
  });

  it('a generated stadium, its pitch dropped among marked seats: the sections are bounded by their seats', () => {
    const { model, report } = parseVenueSvg(generateVenue({ seats: 5000, seed: 2 }).svg);
    expect(report.tally.seatLike).toBeGreaterThan(report.seats);
    expectBoundsOfSeatsAndOutlines(model);
  });
});
