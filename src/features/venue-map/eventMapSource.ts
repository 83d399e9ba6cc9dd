import type { VenueMapUrlSource } from '../../../workers/venue-map/venueMapClient';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../contracts/platform';

/**
 * Where the venue-map worker downloads an event's map: `api/events/{id}/svg`, which redirects to the map's immutable
 * URL (one cached copy per map), with the headers the API wants. The worker fetches it, so the SVG text never
 * exists on the main thread. `storedFirst`: the model this URL last led to, when one is stored, is served without
 * the redirect (venueModelCache.ts): for the map page's first load, which checks the model's file against the
 * sections' `svg` (checkSameMap) and loads again without it when the event's map has changed.
 */
export function eventMapSource(eventId: number, token: string | null, storedFirst = false): VenueMapUrlSource {
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
  if (token) headers.authorization = `Bearer ${token}`;
  return { url: new URL(`/api/events/${eventId}/svg`, window.location.origin), headers, ...(storedFirst ? { storedFirst } : {}) };
}
