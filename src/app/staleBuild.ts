/**
 * A page's code that no longer exists on the server (a deploy since this console was opened: its index.html named
 * chunks the new build replaced) fails to load as "Failed to fetch dynamically imported module" (or, for a chunk's CSS,
 * "Unable to preload CSS": Vite's preload helper fires `vite:preloadError` and, as nothing here cancels that event,
 * throws the error on, so it reaches the route's error element like any other). Retrying the import cannot help; a
 * reload can (the new index.html names the new chunks). The route's error element (RouteError) decides: a listener that
 * cancelled the event would let the import resolve to nothing, and the page then failed with "Cannot read properties of
 * undefined" before the reload. The console reloads once by itself, and not again for the same URL and build: a
 * sessionStorage mark per URL holds the build that reloaded, so a chunk still missing after the reload shows the error
 * panel (whose Retry reloads), never a loop; a later deploy (another build) reloads once more.
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
type MarkStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether `url` may still reload for a stale chunk: this build (`build`) has not done so (read only). */
export function staleReloadDue(url: string, build: string, storage: MarkStorage): boolean {
  try {
    return storage.getItem(MARK + url) !== build;
  } catch {
    return false; // No storage (private mode): no mark could stop a loop, so the person reloads.
  }
}

/**
 * Marks `url` as reloaded by this build, just before the reload; whether the mark was kept (if not, the caller must
 * not reload: nothing would stop the next load reloading again).
 */
export function markStaleReload(url: string, build: string, storage: MarkStorage): boolean {
  try {
    storage.setItem(MARK + url, build);
    return storage.getItem(MARK + url) === build;
  } catch {
    return false;
  }
}

/** This build's name: the URL of the console's first module, hashed per build. */
export const BUILD = import.meta.url;

/** The page's own: whether this page may reload for a stale chunk, and the reload (once its mark is kept). */
export const staleReload = {
  due: () => staleReloadDue(window.location.href, BUILD, window.sessionStorage),
  run: () => {
    if (markStaleReload(window.location.href, BUILD, window.sessionStorage)) window.location.reload();
  },
};
