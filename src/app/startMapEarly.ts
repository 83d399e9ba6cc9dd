/**
 * The console's first script (its own entry, put ahead of the console's bundle by vite.config.ts): on a load at an
 * event map's URL (a reload, a new tab, a bookmark) it starts the map's worker and load at once (loadVenueMapEarly),
 * while the console's bundle is still being fetched, compiled and evaluated, rather than once its router has run.
 * Its imports are static: a dynamic import's module would run only after the bundle's evaluation (one long task),
 * which is what this script is here to get ahead of. The path is the map route's own (router.tsx:
 * events/:id/venue-map/…); any other URL costs the regular expression only (and the loader's module, unevaluated
 * beyond its definitions).
 */
import { loadVenueMapEarly } from '../features/venue-map/loadVenueMapEarly';

const mapPath = /^\/events\/(\d+)\/venue-map(?:\/|$)/.exec(window.location.pathname);
if (mapPath) loadVenueMapEarly(Number(mapPath[1]));
