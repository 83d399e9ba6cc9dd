/**
 * "Open a 200k-seat event map: navigation → first full frame (API data warm)", measured on the harness:
 * a fresh page navigates to index.html?seats=N; the page loads its scripts, generates the venue's SVG (the
 * stand-in for the warm API download, subtracted), starts the venue-map worker, parses and indexes in it, hands
 * the model over, builds the engine and draws; the figure ends when the pixels are on screen (frames stop
 * stalling). Timestamps are the page's own, from navigationStart (performance.timeOrigin).
 * All runs share one browser context: the first navigation loads the scripts cold, later ones from the HTTP
 * cache, as a returning user's browser would.
 */
import type { Browser } from 'playwright-core';
import { VIEWPORT } from './benchBrowser';
import type { OpenResult } from '../../harness/benchApi';
import { ProbedPage, withTimeout } from './pageProbe';
import type { NavigationRun } from './results';

export async function measureNavigation(browser: Browser, harnessUrl: string, seats: number, runs: number, timeoutMs: number): Promise<NavigationRun[]> {
  const out: NavigationRun[] = [];
  const context = await browser.newContext({ viewport: VIEWPORT });
  for (let k = 0; k < runs; k++) {
    const page = await ProbedPage.open(context, `${harnessUrl}index.html?seats=${seats}`);
    try {
      await withTimeout(
        page.page.waitForFunction(() => window.__benchOpen !== undefined || window.__benchError !== undefined, null, { timeout: 0, polling: 100 }),
        timeoutMs,
        'navigation open',
      );
      const r = await page.page.evaluate(() => {
        const open = window.__benchOpen as OpenResult | undefined;
        if (!open) throw new Error(window.__benchError ?? 'no open result');
        // No named inner functions here: tsx compiles them with a __name() helper the page does not have.
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return {
          open,
          engineStart: performance.getEntriesByName('seatmap:init-start')[0]?.startTime ?? NaN,
          firstRender: performance.getEntriesByName('seatmap:first-render')[0]?.startTime ?? NaN,
          dcl: nav?.domContentLoadedEventEnd ?? NaN,
        };
      });
      // The engine starts right after the model arrives; its first-frame clock starts there too. The SVG
      // generation and the bench's repeated hand-over samples are not part of opening the map.
      const notOpening = r.open.generateMs + r.open.handoverSamplingMs;
      out.push({
        navToPixelsMs: r.engineStart + r.open.firstFrameMs - notOpening,
        navToFirstRenderMs: r.firstRender - notOpening,
        domContentLoadedMs: r.dcl,
        generateMs: r.open.generateMs,
        parseMs: r.open.parseMs,
        transferMs: r.open.transferMs,
        firstFrameMs: r.open.firstFrameMs,
      });
    } finally {
      await page.close();
    }
  }
  await context.close();
  return out;
}
