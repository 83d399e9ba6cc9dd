/**
 * A renderer prepared before the map has a place on the page, for the next engine to take (useSeatMapEngine).
 * A page that has part of what its map needs (the venue, or its other data) while the rest is still loading starts
 * one here, off-screen, so the WebGL context and the shader compiles run during that wait instead of after it; the
 * engine then moves the canvas into its container. One nobody took within KEEP_MS is destroyed.
 */
import { prepareSeatMapRenderer, type PrepareOptions } from './prepareSeatMapRenderer';
import type { SeatMapRenderer } from './SeatMapRenderer';

/** How long a renderer prepared ahead waits for its engine. */
export const KEEP_MS = 30_000;

let ahead: { renderer: Promise<SeatMapRenderer>; options: PrepareOptions; expiry: ReturnType<typeof setTimeout> } | null = null;

/**
 * Starts preparing a renderer unless one is waiting already; it waits `keepMs` for its engine (a page warming a map
 * the user may open minutes later keeps it longer than a page whose map is on its way). A caller that knows the
 * venue's seat count while one prepared without it is still making its context tells it, so its first programs are
 * those of the first frame (the navigation prepares blind; the map page, a moment later, knows the size).
 */
export function prepareRendererAhead(options: PrepareOptions = {}, keepMs = KEEP_MS): void {
  if (ahead) {
    if (ahead.options.seats === undefined && options.seats !== undefined) ahead.options.seats = options.seats;
    return;
  }
  options = { ...options };
  const renderer = prepareSeatMapRenderer(document.createElement('div'), options);
  renderer.catch(() => undefined); // the engine that takes it reports the failure
  // A taker clears this timer, so when it fires the renderer is still ours.
  const expiry = setTimeout(() => {
    ahead = null;
    renderer.then((r) => r.destroy(), () => undefined);
  }, keepMs);
  ahead = { renderer, options, expiry };
}

/** The renderer prepared ahead, now the caller's (its engine owns and destroys it), or null. */
export function takeRendererAhead(): Promise<SeatMapRenderer> | null {
  if (!ahead) return null;
  clearTimeout(ahead.expiry);
  const { renderer } = ahead;
  ahead = null;
  return renderer;
}
