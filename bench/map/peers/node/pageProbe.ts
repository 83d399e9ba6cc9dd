/**
 * The instrumentation the map bench puts on every page it drives (our harness and the peers alike): a fresh
 * page with a long-task observer installed before any script runs, garbage collection and heap figures through
 * the DevTools protocol (the page and its workers), phase marks, and time limits so a peer that cannot cope
 * is recorded as a timeout instead of hanging the bench.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { OPEN_PIXELS_MARK } from '../../harness/frames';
import { VIEWPORT } from './benchBrowser';

export interface LongTask {
  start: number;
  duration: number;
}

export interface HeapFigures {
  /** performance.memory.usedJSHeapSize after GC (V8 heap plus ArrayBuffer backing stores), MB. */
  pageMB: number | null;
  /** Blink's heap (DOM nodes and other engine objects the page holds), MB. */
  domMB: number;
  /** Used heap + ArrayBuffer backing stores of the page's workers, MB. */
  workersMB: number;
}

export class TimeoutError extends Error {
  constructor(readonly what: string, readonly ms: number) {
    super(`${what}: no answer within ${Math.round(ms / 1000)} s`);
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

const MB = 1048576;

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** A page under measurement. */
export class ProbedPage {
  private readonly workerSessions = new Set<string>();
  private readonly pending = new Map<number, (result: unknown) => void>();
  private nextId = 1;

  private constructor(readonly page: Page, private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type === 'worker') this.workerSessions.add(e.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (e: { sessionId: string }) => this.workerSessions.delete(e.sessionId));
    cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (m.id !== undefined) this.pending.get(m.id)?.(m.result ?? m.error);
    });
  }

  /** A page in a fresh context of `host`, or in `host` itself when it is a context (shared HTTP cache). */
  static async open(host: Browser | BrowserContext, url: string): Promise<ProbedPage> {
    const page = 'newContext' in host ? await host.newPage({ viewport: VIEWPORT }) : await host.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // No long-task timing in this browser: the figure stays empty.
      }
    });
    const cdp = await page.context().newCDPSession(page);
    const probed = new ProbedPage(page, cdp);
    // Workers are reached through the old (non-flat) target messaging: Playwright's own sessions stay untouched.
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    await page.goto(url);
    return probed;
  }

  /**
   * Waits for the page's `window.__bench`: the harness defines it from a module its entry imports once the venue-map
   * worker is started (bench/map/harness/boot.ts), so it may come after the page's load event; the peers at once.
   */
  async benchReady(timeoutMs = 30_000): Promise<void> {
    await this.page.waitForFunction(() => (window as unknown as { __bench?: unknown }).__bench !== undefined, null, { timeout: timeoutMs });
  }

  /** performance.now() in the page. */
  now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  longTasks(): Promise<LongTask[]> {
    return this.page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks.slice());
  }

  private workerCall(sessionId: string, method: string): Promise<unknown> {
    const id = this.nextId++;
    const answered = new Promise<unknown>((resolve) => this.pending.set(id, resolve));
    void this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => undefined);
    return withTimeout(answered, 10_000, `worker ${method}`).finally(() => this.pending.delete(id));
  }

  async collectGarbage(): Promise<void> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    for (const s of this.workerSessions) await this.workerCall(s, 'HeapProfiler.collectGarbage').catch(() => undefined);
  }

  async heap(): Promise<HeapFigures> {
    await this.collectGarbage();
    const page = (await this.cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    let workers = 0;
    for (const s of this.workerSessions) {
      const u = (await this.workerCall(s, 'Runtime.getHeapUsage').catch(() => null)) as HeapUsage | null;
      if (u) workers += u.usedSize + (u.backingStorageSize ?? 0);
    }
    const pageMB = await this.page.evaluate(() => {
      const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      return mem ? mem.usedJSHeapSize / 1048576 : null;
    });
    return { pageMB, domMB: (page.embedderHeapUsedSize ?? 0) / MB, workersMB: workers / MB };
  }

  async close(): Promise<void> {
    await this.page.close({ runBeforeUnload: false }).catch(() => undefined);
  }
}

/** Long tasks that started inside [from, to). */
export function tasksIn(tasks: readonly LongTask[], from: number, to: number): LongTask[] {
  return tasks.filter((t) => t.start >= from && t.start < to);
}

/**
 * Our map's open on the page's clock: its first render (the engine's mark) and its pixels on screen (the harness's
 * mark, where `open_to_pixels` ends); null on the peers' pages, which mark neither.
 */
export async function openMarks(p: Page): Promise<{ firstRender: number | null; pixels: number | null }> {
  return p.evaluate((pixelsMark) => ({
    firstRender: performance.getEntriesByName('seatmap:first-render')[0]?.startTime ?? null,
    pixels: performance.getEntriesByName(pixelsMark)[0]?.startTime ?? null,
  }), OPEN_PIXELS_MARK);
}
