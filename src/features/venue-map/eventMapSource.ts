import type { VenueMapUrlSource } from '../../../workers/venue-map/venueMapClient';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../contracts/common';

/**
 * Where the venue-map worker downloads an event's map: `api/events/{id}/svg`, which redirects to the map's immutable
 * URL (one cached copy per map), with the headers the API wants. The worker fetches it, so the SVG text never
 * exists on the main thread.
 */
export function eventMapSource(eventId: number, token: string | null): VenueMapUrlSource {
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
  if (token) headers.authorization = `Bearer ${token}`;
  return { url: new URL(`/api/events/${eventId}/svg`, window.location.origin), headers };
}
