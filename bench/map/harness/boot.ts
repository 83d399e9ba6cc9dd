/**
 * The harness page's entry: starts the venue-map worker and, for the open at load (`?seats=N`), the venue's load,
 * then imports the page (main.ts), whose chunks the HTML preloads alongside this one (vite.config.ts).
 *
 * A dedicated worker only runs once its page's main thread has handled the arrival of its script. Started from
 * main.ts, that waited for the page's bundle to be evaluated, the SVG generated and the renderer started: at 200k
 * seats the worker began to run, and to parse, 0.2-1 s after the SVG was ready (bench/map/probes/harnessNavigation.ts,
 * docs/venue-map-journal.md). And the SVG's generation stands in for the download, which the console's worker starts as soon
 * as navigation to a map begins, while the page's code still loads: here too it comes before the page's bundle is
 * evaluated, and the worker parses while the page's code runs and prepares the renderer.
 */
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import { startVenueLoad, type VenueLoad } from './loadVenue';

declare global {
  interface Window {
    /** The open at load's venue, generated and handed to the worker by the page's entry; main.ts finishes it. */
    __harnessEarlyLoad?: VenueLoad;
  }
}

venueMapLoader.start();
const params = new URLSearchParams(location.search);
if (params.get('open') !== '0') {
  const seats = Number(params.get('seats') ?? 20000);
  const seed = Number(params.get('seed') ?? 1);
  // A worker still starting is handed the SVG once it runs; the page's chunks load meanwhile.
  window.__harnessEarlyLoad = startVenueLoad(Number.isFinite(seats) && seats > 0 ? Math.floor(seats) : 20000, Number.isFinite(seed) ? seed : 1);
}
void import('./main');
