import type { Page } from '@playwright/test';

/**
 * Goes to a console URL the way the console's own links do, without loading the page again, when a page of the console
 * is already open in this tab; else loads it. A full load costs 2–3 CPU s of the browser on 2 cores (the bundle, the
 * styles, a new document: tests/README.md), a route change a fraction of it.
 *
 * What stays from the page before is what stays when a person clicks a link: the signed-in session, the open live
 * streams, and RTK Query's cache (a list seen less than a minute ago is shown from it and not asked for again, unless
 * a change made through the console marked it stale). So use it where the flow is not about a fresh load, and use
 * `page.goto` after changing data behind the console's back (through the API) when the next screen shows that data.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    return;
  }
  // React Router's browser history listens for popstate and renders the location it then reads.
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}
