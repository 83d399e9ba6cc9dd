/**
 * Debounce for hover targets (spec §9: 300 ms on seats, 100 ms on sections). A new target waits for the
 * pointer to settle; leaving (null) or moving to another target hides at once, so a tooltip never outlives
 * its seat.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export const SEAT_HOVER_DELAY_MS = 300;
export const SECTION_HOVER_DELAY_MS = 100;

export interface HoverDebouncer<T> {
  push(value: T | null): void;
  cancel(): void;
}

export function createHoverDebouncer<T>(
  delayMs: number,
  onSettle: (value: T | null) => void,
  sameTarget: (a: T, b: T) => boolean = Object.is,
  timers: Timers = defaultTimers,
): HoverDebouncer<T> {
  let pending: unknown = null;
  let emitted: T | null = null;
  let latest: T | null = null;
  const cancelTimer = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  return {
    push(value) {
      latest = value;
      if (value === null) {
        cancelTimer();
        if (emitted !== null) {
          emitted = null;
          onSettle(null);
        }
        return;
      }
      if (emitted !== null && sameTarget(emitted, value)) {
        cancelTimer();
        return;
      }
      cancelTimer();
      if (emitted !== null) {
        // A different target: the old tooltip goes now, the new one waits for the pointer to settle.
        emitted = null;
        onSettle(null);
      }
      pending = timers.setTimeout(() => {
        pending = null;
        emitted = latest;
        onSettle(latest);
      }, delayMs);
    },
    cancel() {
      cancelTimer();
    },
  };
}
