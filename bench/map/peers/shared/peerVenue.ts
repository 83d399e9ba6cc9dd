/**
 * The venue a peer page draws: the same canonical generator and the same importer as our map, run on the main
 * thread before the clock starts (it stands in for the peer's own data arriving in its own format), and the
 * harness's colours, so every page draws the same seats in the same colours.
 */
import { demoColors } from '../../harness/demoColors';
import { generateVenue } from '../../../venues/generateVenue';
import { parseVenueSvg } from '../../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';

export interface PeerVenue {
  model: VenueModel;
  seatColors: Uint32Array;
  selectable: Uint8Array;
  /** Generate + parse + colours: not part of any figure. */
  prepareMs: number;
}

export function preparePeerVenue(seats: number, seed = 1): PeerVenue {
  const t0 = performance.now();
  const { svg } = generateVenue({ seats, seed });
  const { model } = parseVenueSvg(svg);
  const { seatColors, selectable } = demoColors(model);
  return { model, seatColors, selectable, prepareMs: performance.now() - t0 };
}

const cssCache = new Map<number, string>();

/** 0xRRGGBBAA → '#rrggbb' (alpha dropped: the peers draw opaque seats), cached: a venue has a dozen colours. */
export function cssColor(rgba: number): string {
  let css = cssCache.get(rgba);
  if (css === undefined) {
    css = `#${(rgba >>> 8).toString(16).padStart(6, '0')}`;
    cssCache.set(rgba, css);
  }
  return css;
}
