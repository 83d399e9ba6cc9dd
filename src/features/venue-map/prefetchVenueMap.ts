import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { venueMapLoader, WARM_KEEP_MS } from '../../../workers/venue-map/venueMapClient';
import { eventsApi } from '../../api/eventsApi';
import { seatLeasesApi } from '../../api/seatLeasesApi';
import { venueMapApi } from '../../api/venueMapApi';
import { eventMapSource, mapStoredHint, noteMapStored } from './eventMapSource';
import { mapPageShown } from './mapPageShown';

/**
 * Starts an event map's download and parse in the venue-map worker as soon as navigation to its page begins (the
 * route's loader, src/app/router.tsx), not once the profile check and the page's code (PixiJS) are done; the page's
 * own load takes it over (venueMapLoader.prefetch). Signed out, or with no valid event id, it does nothing.
 *
 * The sections call waits for the map's response: asked together, it reached the one-threaded server first and the
 * map's redirect waited behind it, so the worker started parsing later (docs/venue-map-journal.md "Opening the map page").
 * Once the map's response is in, the sections are asked at once rather than when the page's code has arrived (a
 * reopen: ~400 ms earlier). On a reopen (the model comes from the browser's cache, no parse to share the cores with)
 * the page's code is fetched then too. A stored model is served without the redirect (`storedFirst`, eventMapSource:
 * the page checks its file against the sections'), so on a reload "the response" is the stored model's read.
 * `since`: when the navigation began; a page that has loaded the map since (its code and a warmed model were
 * already there) needs no prefetch.
 */
export function prefetchVenueMap(eventId: number, token: string | null, dispatch?: ThunkDispatch<unknown, unknown, UnknownAction>, since?: number): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  const askSections = () => void dispatch?.(venueMapApi.util.prefetch('getEventSections', eventId, {}));
  // A map loaded here lately (a reload of its URL, another tab): its model is stored and read without a request, so
  // no redirect waits behind the sections, which are asked now rather than once the worker has started and read
  // the model (on a busy machine that answer reached the page 300-600 ms after navigation had begun).
  const stored = mapStoredHint(eventId);
  if (stored) {
    askSections();
    // The event's frame (EventLayout) renders the page only once the event is in: asked now, not once the profile
    // has let the shell render (on a reload that answer came last and held the page back). A first visit keeps the
    // map's request ahead of it on the one-threaded server.
    void dispatch?.(eventsApi.util.prefetch('getEvent', eventId, {}));
  }
  venueMapLoader.prefetch(eventMapSource(eventId, token, true), (cached) => {
    if (!stored) askSections();
    if (cached) readyMapPage(undefined, true);
  }, since);
}

/**
 * Warms an event's map while the event's other pages are open (the route's loader, src/app/router.tsx, once the page
 * is idle): the worker downloads and parses it (or reads the stored model) and keeps it for the map's page
 * (venueMapLoader.warm, WARM_KEEP_MS). Once the model is in, the rest of what the map page's first frame waits for
 * is readied too, the dashboard being idle: the sections and the seat leases are asked (RTK Query keeps them for
 * the page as it keeps them between two visits of the map), the map page's code is fetched, and the renderer (WebGL
 * context and shaders) is prepared off-screen for the map's engine. "Pricing venue map" then opens without a
 * download, a parse, a request or a shader compile to wait for (docs/venue-map-journal.md "The click, made instant"). The
 * page checks the model's file against the sections' (checkSameMap): an event whose map changed meanwhile loads it
 * again.
 */
export function warmVenueMap(eventId: number, token: string | null, dispatch?: ThunkDispatch<unknown, unknown, UnknownAction>, since?: number): void {
  if (!token || !Number.isInteger(eventId) || eventId <= 0) return;
  venueMapLoader.warm(eventMapSource(eventId, token), () => {
    noteMapStored(eventId);
    void dispatch?.(venueMapApi.util.prefetch('getEventSections', eventId, {}));
    void dispatch?.(seatLeasesApi.util.prefetch('getSeatLeases', eventId, {}));
    readyMapPage(WARM_KEEP_MS);
  }, undefined, since);
}

/**
 * The map page's code, then a renderer prepared for its engine (kept `keepMs`): once the page's code has run, not
 * during its evaluation, so the WebGL context and shader compiles (the GPU process's threads) run beside the page's
 * first render instead of after it.
 *
 * `whenIdle` (a stored model read on a reload, or an event's map opened again): the page renders as soon as its code
 * has run, so the renderer is prepared only in an idle moment after that, when the page has not mounted meanwhile.
 * Prepared at once, it took the main thread for 100-400 ms (load 15-25: the context, then the first frame's
 * programs) just when the page's render was due, and the page mounted after it (docs/venue-map-journal.md, fifth session);
 * when the page has mounted, its engine makes its own renderer as it would have.
 */
function readyMapPage(keepMs?: number, whenIdle = false): void {
  void import('./VenueMapPage')
    .then(() => import('../../seatmap/rendererAhead'))
    .then((m) => {
      // A map page already on screen has made its engine's renderer (or starts one itself while it waits): a second
      // one prepared now would only be compiled after the first frame and thrown away.
      const prepare = () => void (!mapPageShown() && m.prepareRendererAhead({}, keepMs));
      if (!whenIdle) prepare();
      else if (typeof requestIdleCallback === 'function') requestIdleCallback(prepare);
    })
    .catch(() => {});
}
