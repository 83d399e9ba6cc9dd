import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import { eventMapSource } from './eventMapSource';

/**
 * Starts an event map's download and parse in the venue-map worker as soon as navigation to its page begins (the
 * route's loader, src/app/router.tsx), not once the profile check and the page's code (PixiJS) are done; the page's
 * own load takes it over (venueMapLoader.prefetch). Signed out, or with no valid event id, it does nothing.
 *
 * The sections call is left to the page on purpose: prefetched too, it reached the one-threaded server first and
 * the map's redirect waited behind it, so the worker started parsing later (docs/venue-map.md "Opening the map page").
 */
export function prefetchVenueMap(eventId: number, token: string | null): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  venueMapLoader.prefetch(eventMapSource(eventId, token));
}
