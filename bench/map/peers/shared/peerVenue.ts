/**
 * The venue a peer page draws: the same canonical generator (untimed: it stands in for the download) and the same
 * importer as our map, run on the main thread (a peer has no worker; the parse is timed as part of its open), and
 * the harness's colours, so every page draws the same seats in the same colours.
 */
import { demoColors } from '../../harness/demoColors';
import { generateVenue } from '../../../venues/generateVenue';
import { parseVenueSvg } from '../../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';

export interface PeerVenue {
  model: VenueModel;
  seatColors: Uint32Array;
  selectable: Uint8Array;
  /** SVG → model on the main thread. */
  parseMs: number;
  /** The colours (the API's seat states): not part of any figure. */
  colorsMs: number;
}

export function generatePeerSvg(seats: number, seed = 1): string {
  return generateVenue({ seats, seed }).svg;
}

export function parsePeerVenue(svg: string): PeerVenue {
  const t0 = performance.now();
  const { model } = parseVenueSvg(svg);
  const t1 = performance.now();
  const { seatColors, selectable } = demoColors(model);
  return { model, seatColors, selectable, parseMs: t1 - t0, colorsMs: performance.now() - t1 };
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
