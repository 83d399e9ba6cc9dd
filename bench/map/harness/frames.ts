/** Frame-cadence helpers for the harness's measures. */

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
