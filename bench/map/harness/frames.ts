/** Frame-cadence helpers for the harness's measures. */

/**
 * The user-timing mark of our open's pixels on screen (where `open_to_pixels` ends): the bench's long tasks "after
 * ready" are counted from it, and the ones between the first render and it belong to the open.
 */
export const OPEN_PIXELS_MARK = 'harness:open-pixels';

const raf = () => new Promise<number>((r) => requestAnimationFrame(r));

/**
 * Waits until animation frames return to normal cadence after a heavy frame (with software WebGL the
 * rasteriser finishes long after the main thread's render call): `run` consecutive intervals under
 * `normalMs`. Returns the time the cadence settled (performance.now()) and the intervals seen.
 */
export async function settleFrames(timeoutMs: number, normalMs = 25, run = 4): Promise<{ settledAt: number; intervals: number[] }> {
  const t0 = performance.now();
  const intervals: number[] = [];
  let last = await raf();
  let streak = 0;
  let streakStart = last;
  while (performance.now() - t0 < timeoutMs) {
    const now = await raf();
    const d = now - last;
    intervals.push(d);
    if (d < normalMs) {
      if (streak === 0) streakStart = last;
      streak++;
      if (streak >= run) return { settledAt: streakStart, intervals };
    } else {
      streak = 0;
    }
    last = now;
  }
  return { settledAt: performance.now(), intervals };
}

/**
 * What comes before a hover sweep's first timed move, on our page and the peers' alike:
 * - the pointer enters the map as a real one does: `pointerenter` is dispatched on an element before the first
 *   `pointermove` over it (untimed, as the browser's own would be: only the moves are timed);
 * - a short wait with frames: the sweep's own set-up (the candidates' screen positions, thousands of calls, and the
 *   camera's move) makes V8 compile what it calls on its background threads, and a finished compile is installed on
 *   the main thread at the next JS that runs there. Without the wait that was inside the first timed moves (40-190
 *   µs of `FinalizeMaglevConcurrentCompilation` in a move of ~60), the set-up's cost timed as a move's.
 */
export async function beforeHoverSweep(container: HTMLElement): Promise<void> {
  container.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
  await new Promise((r) => setTimeout(r, 150));
  await raf();
  await raf();
}
