import { describe, expect, it } from 'vitest';
import { SHELL_IDLE_AFTER_LOAD_MS, SHELL_IDLE_RETRY_MS, SHELL_IDLE_TIMEOUT_MS, whenShellIdle, type IdleHost } from './whenShellIdle';

/** A page whose load, timers and idle moments the test drives by hand. */
function fakeHost(loaded: boolean, withIdle = true) {
  const log: string[] = [];
  let onLoad: (() => void) | undefined;
  const timers = new Map<number, () => void>();
  const idles = new Map<number, () => void>();
  let next = 1;
  const host: IdleHost = {
    loaded: () => loaded,
    onLoad: (listener) => { onLoad = listener; return () => { onLoad = undefined; log.push('load listener removed'); }; },
    setTimeout: (task, ms) => { const id = next++; timers.set(id, task); log.push(`timeout ${ms}`); return () => void timers.delete(id); },
    requestIdle: withIdle ? (task, timeout) => { const id = next++; idles.set(id, task); log.push(`idle ${timeout}`); return () => void idles.delete(id); } : undefined,
  };
  const fire = (map: Map<number, () => void>) => { const [id, task] = [...map][0]!; map.delete(id); task(); };
  return {
    host, log,
    load: () => { loaded = true; onLoad?.(); },
    runTimer: () => fire(timers), runIdle: () => fire(idles),
    pending: () => timers.size + idles.size,
  };
}

describe('the shell\'s deferred parts run once the page has loaded and gone quiet', () => {
  it('waits for the load, then the delay, then an idle moment', () => {
    const page = fakeHost(false);
    let runs = 0;
    whenShellIdle(() => { runs++; return true; }, page.host);
    expect(page.log).toEqual([]);
    page.load();
    expect(page.log).toEqual([`timeout ${SHELL_IDLE_AFTER_LOAD_MS}`]);
    page.runTimer();
    expect(page.log.at(-1)).toBe(`idle ${SHELL_IDLE_TIMEOUT_MS}`);
    expect(runs).toBe(0);
    page.runIdle();
    expect(runs).toBe(1);
    expect(page.pending()).toBe(0);
  });

  it('on a page already loaded, starts with the delay', () => {
    const page = fakeHost(true);
    let runs = 0;
    whenShellIdle(() => { runs++; return true; }, page.host);
    expect(page.log).toEqual([`timeout ${SHELL_IDLE_AFTER_LOAD_MS}`]);
    page.runTimer();
    page.runIdle();
    expect(runs).toBe(1);
  });

  it('asks again at the next idle moment when the task declines', () => {
    const page = fakeHost(true);
    const answers = [false, true];
    let runs = 0;
    whenShellIdle(() => { runs++; return answers.shift()!; }, page.host);
    page.runTimer();
    page.runIdle();
    expect(runs).toBe(1);
    expect(page.log.at(-1)).toBe(`timeout ${SHELL_IDLE_RETRY_MS}`);
    page.runTimer();
    page.runIdle();
    expect(runs).toBe(2);
    expect(page.pending()).toBe(0);
  });

  it('without requestIdleCallback, runs in a task after the delay', () => {
    const page = fakeHost(true, false);
    let runs = 0;
    whenShellIdle(() => { runs++; return true; }, page.host);
    page.runTimer();
    expect(page.log).toEqual([`timeout ${SHELL_IDLE_AFTER_LOAD_MS}`, 'timeout 0']);
    page.runTimer();
    expect(runs).toBe(1);
  });

  it('cancelled, never runs: before the load, during the delay or while idle is awaited', () => {
    const before = fakeHost(false);
    whenShellIdle(() => { throw new Error('ran'); }, before.host)();
    expect(before.log).toEqual(['load listener removed']);
    const during = fakeHost(true);
    whenShellIdle(() => { throw new Error('ran'); }, during.host)();
    expect(during.pending()).toBe(0);
    const idle = fakeHost(true);
    const cancel = whenShellIdle(() => { throw new Error('ran'); }, idle.host);
    idle.runTimer();
    cancel();
    expect(idle.pending()).toBe(0);
  });
});
