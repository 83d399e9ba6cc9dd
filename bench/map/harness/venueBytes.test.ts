import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../venues/generateVenue';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { createVenueMapWorkerApi } from '../../../workers/venue-map/venueMapWorkerApi';
import { parsePeerVenue } from '../peers/shared/peerVenue';
import { generateVenueBytes } from './venueBytes';

describe('the venue bytes every bench page opens from', () => {
  it('are the generated SVG in UTF-8, and our worker and the peers read the same venue from them', () => {
    const svg = generateVenue({ seats: 1000, seed: 3 }).svg;
    const bytes = generateVenueBytes(1000, 3);
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(bytes)).toBe(svg);
    const fromText = parseVenueSvg(svg).model;
    // Ours: the bytes as the worker takes them (transferred, decoded there, model first).
    const ours = createVenueMapWorkerApi().parseModelFirst(generateVenueBytes(1000, 3)).model;
    // A peer: decoded and parsed on its page.
    const peer = parsePeerVenue(generateVenueBytes(1000, 3)).model;
    for (const model of [ours, peer]) {
      expect(model.seatCount).toBe(fromText.seatCount);
      expect(model.sectionCount).toBe(fromText.sectionCount);
      expect(model.seatX).toEqual(fromText.seatX);
      expect(model.seatY).toEqual(fromText.seatY);
    }
  });
});
