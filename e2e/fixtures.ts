import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import {
  test as base, expect,
  type BrowserContextOptions, type CDPSession, type Locator, type Page, type PlaywrightTestArgs, type PlaywrightTestOptions,
  type PlaywrightWorkerArgs, type PlaywrightWorkerOptions, type TestType,
} from '@playwright/test';
import { openTab, resetTab, shareable, usable, type FlowTab } from './flowTab';

/**
 * What axe has found accessible, per route (the path, ids as #): the kinds of element (below) it checked there and
 * passed. An axe run costs 1–3 s on 2 cores, and without a cache it was more than half of the browser suite's time
 * (measured: people.spec 51 s with axe, 25 s without).
 */
const checkedKinds = new Map<string, Set<string>>();

/**
 * E2E_AXE_CACHE (runE2e.ts sets it for both shards of a run): a file of what axe found accessible in this run by any
 * shard, one check a line (`route<TAB>kind kind …`). Both shards serve the same build, so a kind the other shard
 * checked on a route is the same kind there. Read from where this worker last stopped, up to the last whole line (the
 * other shard may be appending).
 */
const SHARED_CACHE = process.env.E2E_AXE_CACHE;
let sharedRead = 0;
function readSharedChecks(): void {
  if (!SHARED_CACHE) return;
  let fd: number;
  try {
    fd = openSync(SHARED_CACHE, 'r');
  } catch {
    return; // no shard has written it yet
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= sharedRead) return;
    const bytes = Buffer.alloc(size - sharedRead);
    readSync(fd, bytes, 0, bytes.length, sharedRead);
    const whole = bytes.lastIndexOf(0x0a) + 1;
    sharedRead += whole;
    for (const line of bytes.subarray(0, whole).toString('utf8').split('\n')) {
      const [route, kinds] = line.split('\t');
      if (route && kinds) addChecked(route, kinds.split(' '));
    }
  } finally {
    closeSync(fd);
  }
}
function addChecked(route: string, kinds: Iterable<string>): void {
  const known = checkedKinds.get(route) ?? new Set<string>();
  for (const k of kinds) known.add(k);
  checkedKinds.set(route, known);
}

/**
 * Fails on serious or critical accessibility violations of the page as it stands. Page objects call it when a
 * screen is ready, and every test calls it once more on the page it ends on, so every screen visited is checked.
 *
 * The first visit of a route in a run is analysed whole. A later visit is analysed again only when the page shows an
 * element whose kind axe has not yet passed on that route, and then only where such elements are: each with its parent
 * (a list and its items, a control and what holds it) and everything inside. A kind is the element's tag, classes,
 * role, type, inline colours and visibility, the aria and labelling attributes present (states such as aria-expanded
 * with their value) and whether it holds text of its own. What axe judges (names, labels, roles, colours from classes
 * and styles, states) is in the kind; the texts and the number of rows are not, so a list with other rows, or rows of
 * statuses the route has already shown, is not analysed again, while an opened dialog, an error state, an empty button
 * or an input without a label is. Before (tests/README.md), the key was the page's whole set of kinds, which changed
 * with the data shown: 257 axe runs on 77 routes in a full run, /events 16 of them.
 */
export async function expectAccessible(page: Page, context = page.url()): Promise<void> {
  // A dialog or toast still fading in is half-transparent, and axe measures its text against what shows through
  // (a CI failure: the File size dialog's title "lacked contrast" mid-transition). Wait until every finite CSS
  // transition and animation has ended: that is the state a person reads. Spinners loop forever and are ignored.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { route, kinds } = await page.evaluate(() => {
    const STATE = /^aria-(expanded|hidden|checked|selected|pressed|disabled|invalid|current|modal|required)$/;
    const LABELLING = /^(aria-|alt$|title$|for$|id$|href$|tabindex$|disabled$|placeholder$|name$)/;
    const ICON_NAME = /^bp6-icon-(?!standard$|large$|muted$)/;
    const PHASE = /-(enter|exit|appear)(-active|-done)?$/;
    const FADING = '.bp6-toast-enter, .bp6-toast-exit';
    const kindOf = (el: Element): string => {
      let classes = '';
      const parts: string[] = [];
      for (const a of el.attributes) {
        // Not which icon is drawn (an icon is hidden from assistive technology and holds no text) nor the phase of a
        // transition (reduced motion: an overlay is shown or gone), so a menu with other icons is not a new kind.
        if (a.name === 'class') classes = `.${a.value.trim().split(/\s+/).filter((c) => !ICON_NAME.test(c) && !PHASE.test(c)).sort().join('.')}`;
        else if (a.name === 'role' || a.name === 'type' || STATE.test(a.name)) parts.push(`[${a.name}=${a.value}]`);
        else if (a.name === 'style') {
          // Only what changes what axe sees: colours and visibility, not the positions of virtual rows or popovers.
          const { color, backgroundColor, opacity, display, visibility } = (el as HTMLElement).style;
          parts.push(`[style=${color};${backgroundColor};${opacity};${display};${visibility}]`);
        }
        else if (LABELLING.test(a.name)) parts.push(`[${a.name}${a.value === '' ? '=' : ''}]`);
      }
      // The attributes in a fixed order: React sets some of them later than others, the same element twice differently.
      const kind = el.tagName + classes + parts.sort().join('');
      return [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '') ? `${kind}+text` : kind;
    };
    // Two 32-bit FNV-1a hashes of the kind: 16 hex digits a kind, short enough to share by file.
    const hash = (text: string): string => {
      let a = 0x811c9dc5;
      let b = 0x050c5d1f;
      for (let i = 0; i < text.length; i++) {
        a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
        b = Math.imul(b ^ text.charCodeAt(i), 0x01000193) ^ (b >>> 15);
      }
      return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
    };
    const kinds = new Set<string>();
    const ofElement = new Map<Element, string>();
    for (const el of document.querySelectorAll('*')) {
      // A toast fading in or out is left out of the check (below), so its elements are not kinds to check either.
      if (el.closest(FADING)) continue;
      const k = hash(kindOf(el));
      ofElement.set(el, k);
      kinds.add(k);
    }
    // Kept for the check below (the same document, settled): which elements are of which kind.
    (window as unknown as { __a11yKinds: Map<Element, string> }).__a11yKinds = ofElement;
    return { route: location.pathname.replace(/\d+/g, '#'), kinds: [...kinds] };
  });
  readSharedChecks();
  const known = checkedKinds.get(route);
  const unchecked = known ? kinds.filter((k) => !known.has(k)) : kinds;
  if (unchecked.length === 0) return;
  // axe-core runs in the page itself, put there once per document (a page keeps its document across the console's
  // routes). The Playwright wrapper injected its 550 kB source twice per check (once more in a blank page to merge the
  // frames' results) and gathered passes too: 26 % of a flow's time in a traced run; the console has no frames.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  const summary = await page.evaluate(async (scope) => {
    const { axe: inPage, __a11yKinds: kindOf } = window as unknown as { axe: typeof axe; __a11yKinds: Map<Element, string> };
    // Toasts fading in or out are half-transparent for a moment: not a state anyone reads, so not checked.
    const FADING = '.bp6-toast-enter, .bp6-toast-exit';
    const exclude = [['.bp6-toast-enter'], ['.bp6-toast-exit']];
    let include: Element[] | null = null;
    if (scope) {
      // The elements of the kinds not yet checked here, each with its parent (its kind is the pair: a list and its
      // items, a control and what holds it), and all they hold; an element inside another one taken is covered by it.
      // Not the whole body for what is put directly into it (an overlay's portal): the element itself.
      const fresh = new Set(scope);
      const roots = new Set<Element>();
      for (const [el, k] of kindOf) {
        if (!fresh.has(k)) continue;
        const parent = el.parentElement;
        roots.add(parent && parent !== document.body && parent !== document.documentElement ? parent : el);
      }
      // Only what is still there and not excluded: a menu closing or a toast leaving may have taken some away since.
      const there = [...roots].filter((el) => el.isConnected && !el.closest(FADING));
      include = there.filter((el) => !there.some((other) => other !== el && other.contains(el)));
      // None left: the page changed under the check, so the page as it is now is checked whole.
      if (include.length === 0) include = null;
    }
    const results = await inPage.run(include ? { include, exclude } : { exclude }, { resultTypes: ['violations'] });
    // The kinds this run judged: of the elements still there, inside what it took, not in a toast it left out.
    const covered = new Set<string>();
    for (const [el, k] of kindOf) {
      if (el.isConnected && !el.closest(FADING) && (!include || include.some((root) => root.contains(el)))) covered.add(k);
    }
    delete (window as { __a11yKinds?: unknown }).__a11yKinds;
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    return { bad: bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`), covered: [...covered] };
  }, known ? unchecked : null);
  expect(summary.bad, `accessibility violations on ${context}`).toEqual([]);
  addChecked(route, summary.covered);
  if (SHARED_CACHE) appendFileSync(SHARED_CACHE, `${route}\t${summary.covered.join(' ')}\n`);
  if (process.env.E2E_AXE_LOG) console.log(`axe ran on ${route} (${unchecked.length} of ${kinds.length} kinds new${known ? '' : ', first visit'})`);
}

/**
 * Ticks a Blueprint checkbox as a person does, by clicking its label. The input lies under the box Blueprint draws,
 * so check() on it needs force, and force also skips waiting for the element to stand still: in a dialog still
 * opening, the click landed beside the box and nothing was ticked (a flaky failure in the seasons flow).
 */
export async function tick(checkbox: Locator): Promise<void> {
  if (await checkbox.isChecked()) return;
  await checkbox.locator('xpath=ancestor::label[1]').click();
  await expect(checkbox).toBeChecked();
}

/**
 * E2E_PERF=<file>: where a flow's renderer time goes. Each page of the test's context gets a DevTools session with
 * the Performance domain on, and at the end of the flow its counters (main-thread CPU, script, compile, style, layout,
 * and the renderer process's CPU) are appended to the file, one JSON line per page. Off by default: a session per
 * page costs a little itself.
 */
const PERF_FILE = process.env.E2E_PERF;
/** E2E_PROFILE=<folder> (with E2E_PERF): a sampled JavaScript profile of each page too, one .cpuprofile per page. */
const PROFILE_DIR = process.env.E2E_PROFILE;
const PERF_METRICS = ['ProcessTime', 'ThreadTime', 'TaskDuration', 'ScriptDuration', 'V8CompileDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount', 'Documents', 'Nodes'];

/**
 * Playwright Test's own fixture with the flow's context options (the config's `use` and the file's test.use merged),
 * which it gives every context made during a flow. Not in its public types.
 */
const withContextOptions = base as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

export const test = withContextOptions.extend<{ freshContext: boolean; a11yAtEnd: void; perfMetrics: void }, { flowTabs: { tab: FlowTab | null } }>({
  /** The worker's reused context and page (flowTab.ts), made by the first flow that can use them. */
  flowTabs: [
    async ({ browser }, use) => {
      const holder: { tab: FlowTab | null } = { tab: null };
      await use(holder);
      if (holder.tab && browser.isConnected()) await holder.tab.context.close();
    },
    { scope: 'worker' },
  ],
  /**
   * `test.use({ freshContext: true })`: the file's flows get a context and page of their own, made for the flow and
   * closed after it, as Playwright makes them by default. For flows about a first visit (an empty HTTP cache, a new
   * renderer). Flows whose context options differ from the suite's get one anyway (flowTab.ts `shareable`).
   */
  // E2E_FRESH_CONTEXTS=1: every flow gets its own context, as before the tabs were shared (to compare, or to rule
  // the sharing out when a flow fails only in a full run).
  freshContext: [process.env.E2E_FRESH_CONTEXTS === '1', { option: true }],
  context: async ({ browser, freshContext, _combinedContextOptions: options, flowTabs }, use, testInfo) => {
    if (freshContext || !shareable(options)) {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    if (!usable(flowTabs.tab, options)) {
      await flowTabs.tab?.context.close().catch(() => undefined);
      flowTabs.tab = await openTab(browser, options);
    }
    const tab = flowTabs.tab!;
    tab.flows++;
    await use(tab.context);
    // A failed flow's page may be anywhere (a dialog open, a request hanging): its tab is not reset but thrown away,
    // after Playwright took its screenshot; so is a tab that could not be reset.
    if (testInfo.status !== 'passed') tab.spent ??= `the flow ended ${testInfo.status}`;
    if (tab.spent === null) {
      try {
        await resetTab(tab, options);
      }
      catch (error) {
        tab.spent ??= `the reset failed: ${String(error)}`;
      }
    }
    if (tab.spent !== null) {
      flowTabs.tab = null;
      await tab.context.close().catch(() => undefined);
    }
  },
  page: async ({ context, flowTabs }, use) => {
    const tab = flowTabs.tab;
    await use(tab?.context === context ? tab.page : await context.newPage());
  },
  perfMetrics: [
    async ({ context, page }, use, testInfo) => {
      if (!PERF_FILE) return use();
      const sessions: { page: Page; session: CDPSession }[] = [];
      const watch = async (p: Page) => {
        const session = await context.newCDPSession(p);
        await session.send('Performance.enable', { timeDomain: 'threadTicks' });
        if (PROFILE_DIR) {
          await session.send('Profiler.enable');
          await session.send('Profiler.setSamplingInterval', { interval: 1000 });
          await session.send('Profiler.start');
        }
        sessions.push({ page: p, session });
      };
      context.on('page', (p) => void watch(p));
      await watch(page);
      const started = Date.now();
      await use();
      for (const [k, { page: p, session }] of sessions.entries()) {
        if (p.isClosed()) continue;
        const { metrics } = await session.send('Performance.getMetrics');
        const m = Object.fromEntries(metrics.filter((x) => PERF_METRICS.includes(x.name)).map((x) => [x.name, Math.round(x.name.endsWith('Count') || x.name === 'Documents' || x.name === 'Nodes' ? x.value : x.value * 1000)]));
        if (PROFILE_DIR) {
          const { profile } = await session.send('Profiler.stop');
          mkdirSync(PROFILE_DIR, { recursive: true });
          writeFileSync(path.join(PROFILE_DIR, `${testInfo.titlePath.join(' ').replace(/[^\w]+/g, '-').slice(0, 120)}-${k}.cpuprofile`), JSON.stringify(profile));
        }
        appendFileSync(PERF_FILE, `${JSON.stringify({ flow: `${path.basename(testInfo.file)} ${testInfo.title}`, ms: Date.now() - started, status: testInfo.status, ...m })}\n`);
        // The page may serve the next flow (flowTab.ts): its counters are not left running.
        await session.detach();
      }
    },
    { auto: true },
  ],
  a11yAtEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === 'passed' && page.url().startsWith('http')) await expectAccessible(page, `end of "${testInfo.title}"`);
    },
    { auto: true },
  ],
});

export { expect };
