import { generateVenue } from '../../venues/generateVenue';

/**
 * A generated venue as a download leaves it: the SVG's UTF-8 bytes in an ArrayBuffer. The console's worker reads a
 * response's body into one (workers/venue-map/venueMapWorkerApi.ts readCapped) and decodes it there, so the
 * harness's open (loadVenue.ts) and the peers' (peers/shared/peerVenue.ts) start from these same bytes: every page's
 * open starts from what a download hands it, and each decodes them where it would (ours in its worker, a peer on its
 * main thread). Made before any clock starts: it stands in for the download.
 */
export function generateVenueBytes(seats: number, seed = 1): ArrayBuffer {
  return new TextEncoder().encode(generateVenue({ seats, seed }).svg).buffer as ArrayBuffer;
}
