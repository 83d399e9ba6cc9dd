import { beforeEach, describe, expect, it } from 'vitest';
import { fetchMapPageCode, MAP_PAGE_CODE_META, resetMapPageCodeForTests } from './mapPageCode';

/** The few parts of a document used: the meta tag written at build time and the head. */
function page(content: string | null) {
  const head: { rel: string; href: string }[] = [];
  const doc = {
    querySelector: (selector: string) => (selector === `meta[name="${MAP_PAGE_CODE_META}"]` && content !== null ? { content } : null),
    createElement: (tag: string) => (tag === 'link' ? { rel: '', href: '' } : null),
    head: { appendChild: (link: { rel: string; href: string }) => head.push({ ...link }) },
  };
  return { doc: doc as unknown as Document, head };
}

const LISTED = '/assets/rendererAhead-i.js /assets/dates-j.js /assets/SeatMap-f.js';

describe('the map page\'s largest scripts asked as the worker starts', () => {
  beforeEach(() => resetMapPageCodeForTests());

  it('asks each listed script as a module preload, in order, once per document', () => {
    const { doc, head } = page(LISTED);
    expect(fetchMapPageCode(doc)).toBe(3);
    expect(head).toEqual(LISTED.split(' ').map((href) => ({ rel: 'modulepreload', href })));
    expect(fetchMapPageCode(doc)).toBe(0);
    expect(head).toHaveLength(3);
  });

  it('with no list in the page (the dev server\'s), asks nothing', () => {
    const { doc, head } = page(null);
    expect(fetchMapPageCode(doc)).toBe(0);
    expect(head).toEqual([]);
  });
});
