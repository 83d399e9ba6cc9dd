import { matchPath } from 'react-router-dom';
import { MAP_PAGE_CODE_META, VENUE_MAP_ROUTE } from './mapPageCode';

/**
 * On a page load at a map's URL (a reload, a link opened), the map page's scripts are fetched at once: a
 * `<link rel="modulepreload">` for each script the build listed in index.html (MAP_PAGE_CODE_META), so they are in
 * the memory cache when the route imports the page. Fetched and parsed, not run: the page's code runs when the route
 * renders it, as before. Without it the page's ~20 chunks were asked only once the stored model had been read, the
 * last of them 40–180 ms after that on a reload (docs/venue-map-journal.md, seventh session). Other URLs: nothing.
 * Returns the number of scripts asked.
 */
export function fetchMapPageCodeAhead(doc: Document = document, pathname: string = doc.location.pathname): number {
  if (!matchPath(`/${VENUE_MAP_ROUTE}`, pathname)) return 0;
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${MAP_PAGE_CODE_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.appendChild(link);
  }
  return files.length;
}
