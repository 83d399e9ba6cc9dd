import { PREFETCH_KEEP_MS, venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import { loadStoredToken, TOKEN_REFRESH_MARGIN_SECONDS, tokenExpiry } from '../../api/session';
import { eventMapSource } from './eventMapSource';

/**
 * A load of the console at an event map's URL (a reload, a new tab, a bookmark) starts the venue-map worker and the
 * map's load here, from the console's first script (src/app/startMapEarly.ts), before the console's own bundle has
 * been evaluated and its router has run: the worker's script, the map's request and the stored model's read then
 * run beside the console's start instead of after it (docs/venue-map.md "The reload (issue 39, 29 Nov, second
 * session)"). The route's loader (prefetchVenueMap) finds this load under way and hears its response (the sections
 * are asked then, and on a stored model the page's code is fetched), and the page takes it over, as it takes over
 * any prefetch. Kept as a warm is (a failure lets it go at once, so the page tries afresh), for PREFETCH_KEEP_MS.
 * A stored model is taken without the event's redirect (storedFirst: the page checks its file).
 *
 * Only with a stored session whose token the API calls would send as it is (not about to expire: a refresh is the
 * store's work, and the route's own prefetch does it); signed out, nothing is asked. A model is drawn only with the
 * sections' answer, which the server gives only to a user who may read the event (and only where the session's
 * role may open the map page at all), whether the model came from the server or from this browser's store.
 */
export function loadVenueMapEarly(eventId: number): void {
  const token = loadStoredToken();
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  if (tokenExpiry(token) - Date.now() / 1000 < TOKEN_REFRESH_MARGIN_SECONDS + 5) return;
  performance.mark('venue-map:early-start');
  venueMapLoader.warm(eventMapSource(eventId, token, true), undefined, PREFETCH_KEEP_MS);
}
