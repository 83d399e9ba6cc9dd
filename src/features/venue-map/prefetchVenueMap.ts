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
 * the page's code is fetched then too. `since`: when the navigation began; a page that has loaded the map since (its
 * code and a warmed model were already there) needs no prefetch.
 */
export function prefetchVenueMap(eventId: number, token: string | null, dispatch?: ThunkDispatch<unknown, unknown, UnknownAction>, since?: number): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  venueMapLoader.prefetch(eventMapSource(eventId, token), (cached) => {
    void dispatch?.(venueMapApi.util.prefetch('getEventSections', eventId, {}));
    if (cached) void import('./VenueMapPage').catch(() => {});
  }, since);
}

/**
 * Warms an event's map while the event's other pages are open (the route's loader, src/app/router.tsx, once the page
 * is idle): the worker downloads and parses it (or reads the stored model) and keeps it for the map's page
 * (venueMapLoader.warm, WARM_KEEP_MS), and the map page's code is fetched once the model is in, so "Pricing venue
 * map" opens without a download, a parse or a script to wait for. The page checks the model's file against the
 * sections' (checkSameMap): an event whose map changed meanwhile loads it again.
 */
export function warmVenueMap(eventId: number, token: string | null, since?: number): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  venueMapLoader.warm(eventMapSource(eventId, token), () => void import('./VenueMapPage').catch(() => {}), undefined, since);
}
