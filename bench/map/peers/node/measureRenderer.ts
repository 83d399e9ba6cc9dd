/**
 * Drives one renderer's page (our harness or a peer) through the same session: several fresh-page opens, then on
 * the last one an idle second, the heap, hover, shift-click rows, re-colours, pan/zoom zoomed in and over the
 * whole venue. The pages expose the same `window.__bench` subset, so one driver serves all of them.
 * Every call has a time limit: a renderer that cannot keep up is recorded as a timeout, never waited for.
 */
import type { Browser } from 'playwright-core';
import type { FlagProfile } from './benchBrowser';
import { openMarks, ProbedPage, TimeoutError, tasksIn, withTimeout } from './pageProbe';
import type { ClickRun, OpenRun, PanRun, RendererRun } from './results';
import { userSession } from './userSession';

export interface RendererPlan {
  opens: number;
  openTimeoutMs: number;
  /** Limit for each later call; after a timeout the page is closed and the remaining cases are skipped. */
  caseTimeoutMs: number;
  panFrames: number;
  /** Peers: stop a pan/zoom run after this long (slow frames); the frame count is reported. */
  panMaxMs?: number;
  /** Ours: frames of the all-seats (no level of detail) whole-venue run; 0 skips it. */
  allSeatsFrames?: number;
  /** Ours: a session of real input (wheel, drag, hover, shift-click) for the long-task budget. */
  userSession?: boolean;
  hoverN: number;
  hoverMaxMs?: number;
  selects: number;
  /** Shift-clicks with the driver's mouse (`click_row`): the same count, so the same rows, for every renderer. */
  clicks: number;
  recolors: number;
  idleMs: number;
}

export interface RendererTarget {
  renderer: string;
  profile: FlagProfile;
  /** The page, opened with `?open=0`. */
  url: string;
  /** The start cameras to use (ours, measured first), so every renderer shows the same views. */
  cameras?: { whole?: PanRun['camera']; zoomed?: PanRun['camera'] };
}

type Camera = PanRun['camera'];

/** The `window.__bench` members both kinds of page have (ours answers some synchronously). */
interface AnyBench {
  /** Peers only: the untimed preparation, done before open() so the time limit applies to open() alone. */
  prepare?(seats: number): Promise<number>;
  open(seats: number): Promise<Record<string, unknown>>;
  /** Ours only: the open as the console downloads a map, model cache and all. */
  openFromUrl?(seats: number): Promise<Record<string, unknown>>;
  panZoom(o: { zoomedIn: boolean; frames: number; forceSeats?: boolean; maxMs?: number; camera?: Camera }): Promise<number[]>;
  lastPanZoom: PanRun | null;
  hoverTest(n: number, maxMs?: number): Promise<{ n: number; hits: number; ms: number[]; isolated: boolean }>;
  selectRow(seat: number): Promise<number>;
  lastSelectRow: { ms: number; jsMs: number; selected: number } | null;
  prepareClick(seat: number): Promise<{ x: number; y: number }>;
  clickResult(): Promise<ClickRun>;
  recolorAll(): number | Promise<number>;
  lastRecolor: { jsMs: number; nextRenderJsMs: number } | null;
}
/** How page functions reach the API: written out in each (page functions cannot close over Node-side helpers). */
type BenchWindow = { __bench: AnyBench };

function toOpenRun(r: Record<string, unknown>): OpenRun {
  const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : undefined);
  const frames = r.settleFrames;
  const firstFrameMs = num('firstFrameMs') ?? NaN;
  return {
    firstFrameMainMs: num('firstFrameMainMs') ?? NaN,
    firstFrameMs,
    totalMs: num('totalMs') ?? firstFrameMs,
    settleFrames: Array.isArray(frames) ? frames.length : 0,
    parseMs: num('parseMs'),
    transferMs: num('transferMs'),
    transferSamplesMs: Array.isArray(r.transferSamplesMs) ? (r.transferSamplesMs as number[]) : undefined,
    firstFramePixelsMs: num('firstFramePixelsMs'),
    settleTimedOut: r.settleTimedOut === true,
    cached: r.cached === true,
  };
}

/**
 * Ours, reopened with the model cached: one page opens the venue from the bench server's URL (parse, model stored in
 * IndexedDB), then `n` more times (each a new engine, the model read back from the cache, no parse), as the console
 * reopens a map inside the app. Returns those `n` opens.
 */
export async function measureCachedOpens(browser: Browser, harnessUrl: string, seats: number, n: number, timeoutMs: number): Promise<OpenRun[]> {
  const page = await ProbedPage.open(browser, `${harnessUrl}index.html?open=0`);
  try {
    await page.benchReady();
    const openFromUrl = async () => toOpenRun(await withTimeout(page.page.evaluate((k) => (window as unknown as BenchWindow).__bench.openFromUrl!(k), seats), timeoutMs, 'open from URL'));
    await openFromUrl();
    const out: OpenRun[] = [];
    for (let k = 0; k < n; k++) {
      await page.collectGarbage();
      out.push(await openFromUrl());
    }
    return out;
  } finally {
    await page.close();
  }
}

export async function measureRenderer(browser: Browser, target: RendererTarget, seats: number, plan: RendererPlan): Promise<RendererRun> {
  const run: RendererRun = {
    renderer: target.renderer, profile: target.profile, seats, opens: [], notes: [], selects: [], recolors: [], clicks: [], longTasks: [], phases: [],
  };
  let page: ProbedPage | null = null;
  try {
    for (let k = 0; k < plan.opens; k++) {
      await page?.close();
      page = await ProbedPage.open(browser, target.url);
      await page.benchReady();
      await withTimeout(page.page.evaluate((n) => (window as unknown as BenchWindow).__bench.prepare?.(n), seats), plan.caseTimeoutMs, 'prepare');
      await page.collectGarbage();
      try {
        const r = await withTimeout(page.page.evaluate((n) => (window as unknown as BenchWindow).__bench.open(n), seats), plan.openTimeoutMs, 'open');
        run.opens.push(toOpenRun(r));
      } catch (err) {
        if (err instanceof TimeoutError) {
          run.openTimeoutMs = plan.openTimeoutMs;
          run.notes.push(`could not open ${seats.toLocaleString('en')} seats within ${plan.openTimeoutMs / 1000} s (run ${k + 1})`);
        } else run.notes.push(`open failed: ${firstLine(err)}`);
        return run;
      }
    }
    if (page) await session(page, target, seats, plan, run);
  } finally {
    await page?.close();
  }
  return run;
}

async function session(page: ProbedPage, target: RendererTarget, seats: number, plan: RendererPlan, run: RendererRun): Promise<void> {
  const p = page.page;
  const readyAt = await page.now();
  // Our engine marks its first render, the harness the open's pixels on screen (where open_to_pixels ends). Between
  // the two the browser puts that render on screen (its first commit of the canvas): time the open's figure counts,
  // so its long tasks are reported apart. From the pixels the map is ready and a user may act (warm-up runs then).
  const { firstRender, pixels } = await openMarks(p);
  if (firstRender !== null) {
    const readyFrom = pixels !== null && pixels > firstRender ? pixels : firstRender;
    if (readyFrom > firstRender) run.phases.push({ name: 'first_presentation', from: firstRender, to: readyFrom });
    run.phases.push({ name: 'settle', from: readyFrom, to: readyAt });
  }
  /** Runs one case as a named phase; false when it timed out (the page is then not used again). */
  const phase = async (name: string, fn: () => Promise<void>): Promise<boolean> => {
    const from = await page.now();
    try {
      await withTimeout(fn(), plan.caseTimeoutMs, name);
    } catch (err) {
      run.notes.push(err instanceof TimeoutError ? `${name}: not finished within ${plan.caseTimeoutMs / 1000} s; later cases not run` : `${name} failed: ${firstLine(err)}`);
      if (err instanceof TimeoutError) return false;
    }
    run.phases.push({ name, from, to: await page.now() });
    return true;
  };
  const pan = (zoomedIn: boolean, frames: number, forceSeats: boolean, camera?: Camera) => p.evaluate(
    async ([o]) => {
      const b = (window as unknown as BenchWindow).__bench;
      await b.panZoom(o);
      return b.lastPanZoom!;
    },
    [{ zoomedIn, frames, forceSeats, maxMs: plan.panMaxMs, camera }] as const,
  );
  const ok =
    (await phase('idle', () => p.waitForTimeout(plan.idleMs))) &&
    (!plan.userSession || (await phase('user_session', () => userSession(p)))) &&
    (await phase('heap', async () => {
      run.heap = await page.heap();
    })) &&
    (await phase('hover', async () => {
      run.hover = await p.evaluate(([n, maxMs]) => (window as unknown as BenchWindow).__bench.hoverTest(n, maxMs), [plan.hoverN, plan.hoverMaxMs] as const);
    })) &&
    (await phase('select', async () => {
      for (let k = 0; k < plan.selects; k++) {
        const seat = Math.floor((seats * (k + 0.37)) / plan.selects);
        run.selects.push(await p.evaluate(async (s) => {
          const b = (window as unknown as BenchWindow).__bench;
          await b.selectRow(s);
          return b.lastSelectRow!;
        }, seat));
      }
    })) &&
    // The same rows shift-clicked with the driver's mouse and timed by the browser (Event Timing, input → next
    // frame presented): one measure for every renderer, whatever it draws with.
    (await phase('shift_click', async () => {
      for (let k = 0; k < plan.clicks; k++) {
        const seat = Math.floor((seats * (k + 0.37)) / plan.clicks);
        const at = await p.evaluate((s) => (window as unknown as BenchWindow).__bench.prepareClick(s), seat);
        await p.keyboard.down('Shift');
        await p.mouse.click(at.x, at.y);
        await p.keyboard.up('Shift');
        run.clicks.push(await p.evaluate(() => (window as unknown as BenchWindow).__bench.clickResult()));
      }
    })) &&
    (await phase('recolor', async () => {
      for (let k = 0; k < plan.recolors; k++) {
        run.recolors.push(await p.evaluate(async () => {
          const b = (window as unknown as BenchWindow).__bench;
          await b.recolorAll();
          return b.lastRecolor!;
        }));
      }
    })) &&
    (await phase('pan_zoomed', async () => {
      run.panZoomed = await pan(true, plan.panFrames, false, target.cameras?.zoomed);
    })) &&
    (await phase('pan_whole', async () => {
      run.panWhole = await pan(false, plan.panFrames, false, target.cameras?.whole);
    })) &&
    (!plan.allSeatsFrames ||
      (await phase('pan_whole_all_seats', async () => {
        run.panWholeAllSeats = await pan(false, plan.allSeatsFrames!, true);
      })));
  if (ok) {
    const end = await page.now();
    run.longTasks = tasksIn(await page.longTasks(), Math.min(readyAt, firstRender ?? readyAt), end);
  }
}

function firstLine(err: unknown): string {
  return String(err instanceof Error ? err.message : err).split('\n')[0]!;
}
