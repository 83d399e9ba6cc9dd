/** What whenShellIdle needs from the page (the browser's by default; tests pass their own). */
export interface IdleHost {
  loaded: () => boolean;
  onLoad: (listener: () => void) => () => void;
  setTimeout: (task: () => void, ms: number) => () => void;
  /** Runs `task` when the main thread is idle, `timeout` ms at the latest; absent: a plain timeout. */
  requestIdle?: (task: () => void, timeout: number) => () => void;
}

/** How long after the page's load the shell's deferred parts wait before looking for an idle moment (ms). */
export const SHELL_IDLE_AFTER_LOAD_MS = 1500;
/** An idle moment is waited for this long at most (ms). */
export const SHELL_IDLE_TIMEOUT_MS = 2000;
/** When the task declines (returns false), it is asked again this much later, at the next idle moment (ms). */
export const SHELL_IDLE_RETRY_MS = 250;

const browserHost = (): IdleHost => ({
  loaded: () => document.readyState === 'complete',
  onLoad: (listener) => {
    window.addEventListener('load', listener, { once: true });
    return () => window.removeEventListener('load', listener);
  },
  setTimeout: (task, ms) => {
    const id = window.setTimeout(task, ms);
    return () => window.clearTimeout(id);
  },
  requestIdle: typeof window.requestIdleCallback === 'function'
    ? (task, timeout) => {
      const id = window.requestIdleCallback(() => task(), { timeout });
      return () => window.cancelIdleCallback(id);
    }
    : undefined,
});

/**
 * Runs `task` for the shell's parts that nobody needs while a page first draws (the header's profile menu's popover):
 * once the page has loaded, SHELL_IDLE_AFTER_LOAD_MS have passed and the main thread is idle. On a reload of a map's
 * URL the load event fires before the map's code has even been asked for, and the main thread's first idle moments
 * come while the worker reads the stored model, so "idle" alone would still land before the map's first frame. `task`
 * returns false to be asked again at the next idle moment (SHELL_IDLE_RETRY_MS later). Returns a cancel.
 */
export function whenShellIdle(task: () => boolean, host: IdleHost = browserHost()): () => void {
  let cancel: () => void = () => {};
  let done = false;
  const idle = () => {
    cancel = host.requestIdle ? host.requestIdle(run, SHELL_IDLE_TIMEOUT_MS) : host.setTimeout(run, 0);
  };
  const run = () => {
    if (done) return;
    if (task()) done = true;
    else cancel = host.setTimeout(idle, SHELL_IDLE_RETRY_MS);
  };
  const afterLoad = () => {
    cancel = host.setTimeout(idle, SHELL_IDLE_AFTER_LOAD_MS);
  };
  if (host.loaded()) afterLoad();
  else cancel = host.onLoad(afterLoad);
  return () => {
    done = true;
    cancel();
  };
}
