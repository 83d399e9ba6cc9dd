/**
 * The harness page's entry: starts the venue-map worker before anything else, then loads the page (main.ts).
 * A dedicated worker only runs once its parent's main thread has handled the arrival of its script. Started from
 * main.ts, that waited for the whole page bundle to be evaluated: at 200k seats the SVG's generation and the
 * renderer's start held the main thread, and the worker began to run 0.2-1 s after the SVG was ready
 * (bench/map/probes/harnessNavigation.ts, docs/venue-map.md). From this small module the worker's script is fetched
 * and compiled while the page's own bundle still loads, as the console's shell can start it before its routes.
 */
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';

venueMapLoader.start();
void import('./main');
