import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { MAP_PAGE_CODE_META } from '../../src/app/mapPageCode';
import { largestPageChunks } from '../../vite.config';

/**
 * The map page's largest scripts listed in index.html at build time (vite.config.ts mapPageCode): from the build's own
 * bundle, the page's chunk and what it imports, less what the entry and the map's prefetch load, largest first.
 */
const ROOT = '/repo';
const PAGE = 'src/features/venue-map/VenueMapPage.tsx';
const PREFETCH = 'src/features/venue-map/prefetchVenueMap.ts';

function chunk(fileName: string, size: number, opts: { facade?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }): Rollup.OutputChunk {
  return {
    type: 'chunk', fileName, code: 'x'.repeat(size), facadeModuleId: opts.facade ? `${ROOT}/${opts.facade}` : null, imports: opts.imports ?? [],
    dynamicImports: opts.dynamicImports ?? [], isEntry: opts.isEntry ?? false,
  } as unknown as Rollup.OutputChunk;
}

/** A build shaped as the console's: the entry and its vendor chunks, the map's prefetch, the map page and its imports. */
const bundle = (): Rollup.OutputBundle => Object.fromEntries([
  chunk('assets/index-a.js', 900, { facade: 'index.html', isEntry: true, imports: ['assets/react-b.js', 'assets/runtime-c.js'], dynamicImports: ['assets/VenueMapPage-d.js', 'assets/prefetch-k.js'] }),
  chunk('assets/react-b.js', 500, { imports: ['assets/runtime-c.js'] }),
  chunk('assets/runtime-c.js', 10, {}),
  chunk('assets/prefetch-k.js', 5, { facade: PREFETCH, imports: ['assets/client-l.js'] }),
  chunk('assets/client-l.js', 400, {}),
  chunk('assets/VenueMapPage-d.js', 30, { facade: PAGE, imports: ['assets/react-b.js', 'assets/SeatMap-f.js', 'assets/callout-g.js', 'assets/client-l.js'], dynamicImports: ['assets/report-h.js'] }),
  chunk('assets/SeatMap-f.js', 60, { facade: 'src/seatmap/SeatMap.tsx', imports: ['assets/pixi-i.js', 'assets/runtime-c.js'] }),
  chunk('assets/pixi-i.js', 320, {}),
  chunk('assets/callout-g.js', 20, { imports: ['assets/pixi-i.js'] }),
  chunk('assets/report-h.js', 800, {}),
  { type: 'asset', fileName: 'assets/VenueMapPage-j.css' } as Rollup.OutputAsset,
].map((c) => [c.fileName, c]));

describe('the map page\'s largest scripts listed at build time', () => {
  it('takes the largest of the page\'s chunk and its static imports at any depth, without the entry\'s, the prefetch\'s, dynamic imports or styles', () => {
    expect(largestPageChunks(bundle(), PAGE, [PREFETCH], 2)).toEqual(['assets/pixi-i.js', 'assets/SeatMap-f.js']);
    expect(largestPageChunks(bundle(), PAGE, [PREFETCH], 10)).toEqual(['assets/pixi-i.js', 'assets/SeatMap-f.js', 'assets/VenueMapPage-d.js', 'assets/callout-g.js']);
    // Without the prefetch counted as loaded, its client is the page's too.
    expect(largestPageChunks(bundle(), PAGE, [], 2)).toEqual(['assets/client-l.js', 'assets/pixi-i.js']);
  });

  it('lists nothing when the page is not in the build', () => {
    expect(largestPageChunks(bundle(), 'src/features/venue-map/OtherPage.tsx', [PREFETCH], 3)).toEqual([]);
  });

  it('writes three into index.html as one meta tag under the build\'s base, and refuses a build without the page', async () => {
    const config = (await import('../../vite.config')).default as { plugins: Plugin[] };
    const plugin = config.plugins.flat().find((p) => p && (p as Plugin).name === 'map-page-code') as Plugin;
    (plugin.configResolved as (c: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as { order: string; handler: (html: string, ctx: Partial<IndexHtmlTransformContext>) => unknown };
    expect(hook.order).toBe('post');
    expect(hook.handler('<html></html>', { bundle: bundle() })).toEqual([{
      tag: 'meta', injectTo: 'head-prepend',
      attrs: { name: MAP_PAGE_CODE_META, content: '/assets/pixi-i.js /assets/SeatMap-f.js /assets/VenueMapPage-d.js' },
    }]);
    const withoutPage = bundle();
    delete withoutPage['assets/VenueMapPage-d.js'];
    expect(() => hook.handler('<html></html>', { bundle: withoutPage })).toThrow(/no chunk of src\/features\/venue-map\/VenueMapPage\.tsx/);
    // The dev server's page (no bundle): nothing added.
    expect(hook.handler('<html></html>', {})).toBeUndefined();
  });
});
