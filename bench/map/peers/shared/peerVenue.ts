/**
 * The venue a peer page draws: the same canonical generator and the same UTF-8 bytes as our map's harness (untimed:
 * they stand in for the download, bench/map/harness/venueBytes.ts), decoded and parsed by the same
 * importer as our map, on the main thread (a peer has no worker; the decode and the parse are timed as part of its
 * open, as ours are in its worker), and the harness's colours, so every page draws the same seats in the same colours.
 */
import { demoColors } from '../../harness/demoColors';
import { generateVenueBytes } from '../../harness/venueBytes';
import { parseVenueSvg } from '../../../../workers/venue-map/parseVenueSvg';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';

export interface PeerVenue {
  model: VenueModel;
  seatColors: Uint32Array;
  selectable: Uint8Array;
  /** The SVG's bytes → text (TextDecoder, as a page reading a fetch's body as text) → model, on the main thread. */
  parseMs: number;
  /** The colours (the API's seat states): not part of any figure. */
  colorsMs: number;
}

/** The SVG's UTF-8 bytes, as a download hands them over: the same bytes our harness transfers to its worker. */
export function generatePeerSvg(seats: number, seed = 1): ArrayBuffer {
  return generateVenueBytes(seats, seed);
}

export function parsePeerVenue(bytes: ArrayBuffer): PeerVenue {
  const t0 = performance.now();
  const { model } = parseVenueSvg(new TextDecoder('utf-8').decode(new Uint8Array(bytes)));
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
