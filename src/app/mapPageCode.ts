/**
 * The map page's code fetched as navigation to a map's URL begins (issue 39, docs/venue-map-journal.md "The map
 * page's code fetched at navigation", seventh session). No imports: vite.config.ts (mapPageCode) reads these names
 * too.
 */

/** The map page's route, under the console's root (src/app/router.tsx). */
export const VENUE_MAP_ROUTE = 'events/:id/venue-map/:section?/:mode?';

/**
 * The meta tag of index.html that lists the map page's scripts (its chunk and the chunks it imports, outside the
 * entry's own), space-separated, as the build wrote them.
 */
export const MAP_PAGE_CODE_META = 'map-page-code';
