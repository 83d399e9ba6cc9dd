/**
 * The map page's largest scripts asked for as a page load at a map's URL begins (issue 39, docs/venue-map-journal.md,
 * eighth session). The meta tag's name is read by vite.config.ts (mapPageCode) too: no imports here.
 */

/** The meta tag of index.html that lists the map page's largest scripts, space-separated, as the build wrote them. */
export const MAP_PAGE_CODE_META = 'map-page-code';

let asked = false;

/**
 * On the console's first page load at a map's URL (a reload, a link opened in a new tab), the largest scripts of the
 * map's page (PixiJS's renderer, the map's component: the build's list, MAP_PAGE_CODE_META) are fetched and parsed as
 * the venue-map worker starts, one `<link rel="modulepreload">` each, instead of once the model has been read. Not run:
 * the page's code runs when the route renders it, as before, and its import finds them in the module map. Only these
 * few: the seventh session's preload of all the page's ~28 scripts at the entry's start made a reload with the
 * service worker slower (their parses beside the entry's evaluation). Once per document; returns the scripts asked.
 */
export function fetchMapPageCode(doc: Document = document): number {
  if (asked) return 0;
  asked = true;
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${MAP_PAGE_CODE_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.appendChild(link);
  }
  return files.length;
}

/** Tests only: as on a new document. */
export function resetMapPageCodeForTests(): void {
  asked = false;
}
