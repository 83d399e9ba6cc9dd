import { describe, expect, it } from 'vitest';
import { MAP_PAGE_CODE_META } from './mapPageCode';
import { fetchMapPageCodeAhead } from './pageCodeAhead';

/** The few parts of a document the entry's first module uses: the meta tag written at build time and the head. */
function page(pathname: string, content: string | null) {
  const head: { rel: string; href: string }[] = [];
  const doc = {
    location: { pathname },
    querySelector: (selector: string) => (selector === `meta[name="${MAP_PAGE_CODE_META}"]` && content !== null ? { content } : null),
    createElement: (tag: string) => (tag === 'link' ? { rel: '', href: '' } : null),
    head: { appendChild: (link: { rel: string; href: string }) => head.push({ ...link }) },
  };
  return { doc: doc as unknown as Document, head };
}

const LISTED = '/assets/pixi-i.js /assets/SeatMap-f.js /assets/VenueMapPage-d.js';

describe('the map page\'s scripts asked as the console loads', () => {
  it.each(['/events/7/venue-map', '/events/7/venue-map/', '/events/7/venue-map/12', '/events/7/venue-map/12/sales'])('at a map\'s URL (%s), asks each listed script as a module preload, in order', (pathname) => {
    const { doc, head } = page(pathname, LISTED);
    expect(fetchMapPageCodeAhead(doc)).toBe(3);
    expect(head).toEqual(LISTED.split(' ').map((href) => ({ rel: 'modulepreload', href })));
  });

  it.each(['/', '/events/7', '/events/7/prices', '/events/7/venue-maps', '/venues', '/login'])('elsewhere (%s), asks nothing', (pathname) => {
    const { doc, head } = page(pathname, LISTED);
    expect(fetchMapPageCodeAhead(doc)).toBe(0);
    expect(head).toEqual([]);
  });

  it('with no list in the page (the dev server\'s), asks nothing', () => {
    const { doc, head } = page('/events/7/venue-map', null);
    expect(fetchMapPageCodeAhead(doc)).toBe(0);
    expect(head).toEqual([]);
  });
});
