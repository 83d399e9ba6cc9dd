/**
 * A page's code that no longer exists on the server (a deploy since this console was opened: its index.html named
 * chunks the new build replaced) fails to load as "Failed to fetch dynamically imported module" (or Vite's
 * `vite:preloadError` for a chunk's dependencies). Retrying the import cannot help; a reload can (the new index.html
 * names the new chunks). The console reloads once by itself, and not again for the same URL and build: a sessionStorage
 * mark per URL holds the build that reloaded, so a chunk still missing after the reload shows the error panel (whose
 * Retry reloads), never a loop; a later deploy (another build) reloads once more.
 */

/** What the route's error panel says while the reload happens. */
export const STALE_BUILD_TEXT = 'The console was updated; reloading…';

const STALE_CHUNK = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a chunk's CSS
];

/** Whether `error` is a route's code that failed to load (not an error of the page itself). */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_CHUNK.some((re) => re.test(message));
}

const MARK = 'console-stale-reload:';

/**
 * Whether the console should reload `url` for a stale chunk, this build (`build`) not having done so yet; when yes,
 * the mark is set, so the same build never reloads the same URL twice.
 */
export function reloadOnce(url: string, build: string, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const key = MARK + url;
  try {
    if (storage.getItem(key) === build) return false;
    storage.setItem(key, build);
    return true;
  } catch {
    return false; // No storage (private mode, full): no mark could stop a loop, so the person reloads.
  }
}

/** This build's name: the URL of the console's first module, hashed per build. */
export const BUILD = import.meta.url;

/** Reloads the page for a stale chunk if this build has not already; whether it does. */
export function reloadForStaleChunk(): boolean {
  if (!reloadOnce(window.location.href, BUILD, window.sessionStorage)) return false;
  window.location.reload();
  return true;
}
