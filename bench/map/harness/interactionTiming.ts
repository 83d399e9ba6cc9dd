/**
 * The browser's own measure of a click, the same whatever draws the page (SVG DOM, canvas 2D or WebGL): Event
 * Timing (PerformanceObserver "event") reports each input event's duration from the input's timestamp to the next
 * frame presented after its handlers ran. A click's latency is the longest of its events (pointerdown, pointerup,
 * click), as for Interaction to Next Paint. Chromium rounds durations to 8 ms and reports them from 16 ms up.
 */
export interface ClickTiming {
  /** Input → next frame presented, ms (16 when the browser reported nothing: the click took less). */
  ms: number;
  /** Time in the page's handlers for the click's events. */
  processingMs: number;
  /** False when no entry came (under the 16 ms reporting threshold). */
  reported: boolean;
}

/** interactionId groups the events of one click; TypeScript's DOM types do not have it yet. */
type EventEntry = PerformanceEventTiming & { interactionId: number };

const CLICK_EVENTS = new Set(['pointerdown', 'pointerup', 'click']);
const THRESHOLD_MS = 16;

let entries: EventEntry[] = [];
let observer: PerformanceObserver | null = null;

/** Starts collecting (once a page) and forgets what came so far: call it before the click. */
export function expectClick(): void {
  if (!observer) {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as EventEntry[]) if (CLICK_EVENTS.has(e.name) && e.interactionId > 0) entries.push(e);
    });
    observer.observe({ type: 'event', durationThreshold: THRESHOLD_MS } as PerformanceObserverInit);
  }
  entries = [];
}

/** The click since expectClick(), once its entries arrived (they come after the frame), or after `waitMs`. */
export async function clickTiming(waitMs = 1000): Promise<ClickTiming> {
  const began = performance.now();
  while (!entries.some((e) => e.name === 'click') && performance.now() - began < waitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (entries.length === 0) return { ms: THRESHOLD_MS, processingMs: 0, reported: false };
  const id = entries[entries.length - 1]!.interactionId;
  const mine = entries.filter((e) => e.interactionId === id);
  return {
    ms: Math.max(...mine.map((e) => e.duration)),
    processingMs: mine.reduce((sum, e) => sum + (e.processingEnd - e.processingStart), 0),
    reported: true,
  };
}
