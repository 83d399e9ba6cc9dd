import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import { venueMapApi } from '../../api/venueMapApi';
import { eventMapSource } from './eventMapSource';

/**
 * Starts an event map's download and parse in the venue-map worker as soon as navigation to its page begins (the
 * route's loader, src/app/router.tsx), not once the profile check and the page's code (PixiJS) are done; the page's
 * own load takes it over (venueMapLoader.prefetch). Signed out, or with no valid event id, it does nothing.
 *
 * The sections call waits for the map's response: asked together, it reached the one-threaded server first and the
 * map's redirect waited behind it, so the worker started parsing later (docs/venue-map.md "Opening the map page").
 * Once the map's response is in, the sections are asked at once rather than when the page's code has arrived (a
 * reopen: ~400 ms earlier). On a reopen (the model comes from the browser's cache, no parse to share the cores with)
 * the page's code is fetched then too.
 */
export function prefetchVenueMap(eventId: number, token: string | null, dispatch?: ThunkDispatch<unknown, unknown, UnknownAction>): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  venueMapLoader.prefetch(eventMapSource(eventId, token), (cached) => {
    void dispatch?.(venueMapApi.util.prefetch('getEventSections', eventId, {}));
    if (cached) void import('./VenueMapPage').catch(() => {});
  });
}
