import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { MAP_PAGE_CODE_META } from '../../src/app/mapPageCode';
import { pageChunks } from '../../vite.config';

/**
 * The map page's scripts listed in index.html at build time (vite.config.ts mapPageCode): the page's chunk and what it
 * imports, from the build's own bundle, less what the entry loads.
 */
const ROOT = '/repo';
const PAGE = 'src/features/venue-map/VenueMapPage.tsx';

function chunk(fileName: string, opts: { facade?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }): Rollup.OutputChunk {
  return {
    type: 'chunk', fileName, facadeModuleId: opts.facade ? `${ROOT}/${opts.facade}` : null, imports: opts.imports ?? [],
    dynamicImports: opts.dynamicImports ?? [], isEntry: opts.isEntry ?? false,
  } as unknown as Rollup.OutputChunk;
}

/** A build shaped as the console's: the entry and its vendor chunks, the map page and its imports, another page. */
const bundle = (): Rollup.OutputBundle => Object.fromEntries([
  chunk('assets/index-a.js', { facade: 'index.html', isEntry: true, imports: ['assets/react-b.js', 'assets/runtime-c.js'], dynamicImports: ['assets/VenueMapPage-d.js', 'assets/LoginPage-e.js'] }),
  chunk('assets/react-b.js', { imports: ['assets/runtime-c.js'] }),
  chunk('assets/runtime-c.js', {}),
  chunk('assets/VenueMapPage-d.js', { facade: PAGE, imports: ['assets/react-b.js', 'assets/SeatMap-f.js', 'assets/callout-g.js'], dynamicImports: ['assets/report-h.js'] }),
  chunk('assets/SeatMap-f.js', { facade: 'src/seatmap/SeatMap.tsx', imports: ['assets/pixi-i.js', 'assets/runtime-c.js'] }),
  chunk('assets/pixi-i.js', {}),
  chunk('assets/callout-g.js', { imports: ['assets/pixi-i.js'] }),
  chunk('assets/report-h.js', {}),
  chunk('assets/LoginPage-e.js', { facade: 'src/features/auth/LoginPage.tsx', imports: ['assets/react-b.js'] }),
  { type: 'asset', fileName: 'assets/VenueMapPage-j.css' } as Rollup.OutputAsset,
].map((c) => [c.fileName, c]));

describe('the map page\'s scripts listed at build time', () => {
  it('lists the page\'s chunk last, after every chunk it imports at any depth, each once, without the entry\'s, its dynamic imports, other pages or styles', () => {
    expect(pageChunks(bundle(), PAGE)).toEqual(['assets/pixi-i.js', 'assets/SeatMap-f.js', 'assets/callout-g.js', 'assets/VenueMapPage-d.js']);
  });

  it('lists nothing when the page is not in the build', () => {
    expect(pageChunks(bundle(), 'src/features/venue-map/OtherPage.tsx')).toEqual([]);
  });

  it('writes them into index.html as one meta tag under the build\'s base, and refuses a build without the page', async () => {
    const config = (await import('../../vite.config')).default as { plugins: Plugin[] };
    const plugin = config.plugins.flat().find((p) => p && (p as Plugin).name === 'map-page-code') as Plugin;
    (plugin.configResolved as (c: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as { order: string; handler: (html: string, ctx: Partial<IndexHtmlTransformContext>) => unknown };
    expect(hook.order).toBe('post');
    expect(hook.handler('<html></html>', { bundle: bundle() })).toEqual([{
      tag: 'meta', injectTo: 'head-prepend',
      attrs: { name: MAP_PAGE_CODE_META, content: '/assets/pixi-i.js /assets/SeatMap-f.js /assets/callout-g.js /assets/VenueMapPage-d.js' },
    }]);
    const withoutPage = bundle();
    delete withoutPage['assets/VenueMapPage-d.js'];
    expect(() => hook.handler('<html></html>', { bundle: withoutPage })).toThrow(/no chunk of src\/features\/venue-map\/VenueMapPage\.tsx/);
    // The dev server's page (no bundle): nothing added, the dev server loads modules as asked.
    expect(hook.handler('<html></html>', {})).toBeUndefined();
  });
});
