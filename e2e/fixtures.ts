import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import {
  test as base, expect,
  type BrowserContextOptions, type CDPSession, type Locator, type Page, type PlaywrightTestArgs, type PlaywrightTestOptions,
  type PlaywrightWorkerArgs, type PlaywrightWorkerOptions, type TestType,
} from '@playwright/test';
import { openTab, resetTab, shareable, usable, type FlowTab } from './flowTab';

/**
 * Screens already found accessible in this worker, by their structure. An axe run costs 1–3 s on 2 cores, and without
 * this cache it was more than half of the browser suite's time (measured: people.spec 51 s with axe, 25 s without):
 * most runs met a screen seen before with other data in it (the sign-in screen at the start of every test, a list
 * with one more row, the same form with other names).
 */
const checkedScreens = new Set<string>();

/**
 * E2E_AXE_CACHE (runE2e.ts sets it for both shards of a run): a file of the screens found accessible in this run by
 * any shard, one key a line. Both shards serve the same build, and the key is the screen's structure (below), so a
 * screen the other shard checked is the same screen: about 1 CPU s of axe each time it is met again.
 */
const SHARED_CACHE = process.env.E2E_AXE_CACHE;
function checkedInThisRun(screen: string): boolean {
  if (!SHARED_CACHE) return false;
  try {
    return readFileSync(SHARED_CACHE, 'utf8').split('\n').includes(screen);
  } catch {
    return false; // no shard has written it yet
  }
}

/**
 * Fails on serious or critical accessibility violations of the page as it stands. Page objects call it when a
 * screen is ready, and every test calls it once more on the page it ends on, so every screen visited is checked.
 *
 * A screen is analysed again only when its structure is new: the key is the route (ids as #) and the set of the
 * distinct kinds of element on the page, a kind being tag, classes, role, type, inline colours and visibility, the aria and labelling
 * attributes present (states such as aria-expanded with their value) and whether the element holds text of its own.
 * What axe judges (names, labels, roles, colours from classes and styles, states) is in that key; the texts and the
 * number of rows are not, so a list with other rows is the same screen, while an opened dialog, an error state, an
 * empty button or an input without a label is a new one.
 */
export async function expectAccessible(page: Page, context = page.url()): Promise<void> {
  // A dialog or toast still fading in is half-transparent, and axe measures its text against what shows through
  // (a CI failure: the File size dialog's title "lacked contrast" mid-transition). Wait until every finite CSS
  // transition and animation has ended: that is the state a person reads. Spinners loop forever and are ignored.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const screen = await page.evaluate(() => {
    const STATE = /^aria-(expanded|hidden|checked|selected|pressed|disabled|invalid|current|modal|required)$/;
    const LABELLING = /^(aria-|alt$|title$|for$|id$|href$|tabindex$|disabled$|placeholder$|name$)/;
    const kinds = new Set<string>();
    for (const el of document.querySelectorAll('*')) {
      let kind = el.tagName;
      for (const a of el.attributes) {
        if (a.name === 'class') kind += `.${a.value.trim().split(/\s+/).sort().join('.')}`;
        else if (a.name === 'role' || a.name === 'type' || STATE.test(a.name)) kind += `[${a.name}=${a.value}]`;
        else if (a.name === 'style') {
          // Only what changes what axe sees: colours and visibility, not the positions of virtual rows or popovers.
          const { color, backgroundColor, opacity, display, visibility } = (el as HTMLElement).style;
          kind += `[style=${color};${backgroundColor};${opacity};${display};${visibility}]`;
        }
        else if (LABELLING.test(a.name)) kind += `[${a.name}${a.value === '' ? '=' : ''}]`;
      }
      if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')) kind += '+text';
      kinds.add(kind);
    }
    const text = location.pathname.replace(/\d+/g, '#') + [...kinds].sort().join('\n');
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return `${location.pathname.replace(/\d+/g, '#')}:${kinds.size}:${h >>> 0}`;
  });
  if (checkedScreens.has(screen) || checkedInThisRun(screen)) return;
  // axe-core runs in the page itself, put there once per document (a page keeps its document across the console's
  // routes). The Playwright wrapper injected its 550 kB source twice per check (once more in a blank page to merge the
  // frames' results) and gathered passes too: 26 % of a flow's time in a traced run; the console has no frames.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  const summary = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    // Toasts fading in or out are half-transparent for a moment: not a state anyone reads, so not checked.
    const results = await inPage.run({ exclude: [['.bp6-toast-enter'], ['.bp6-toast-exit']] }, { resultTypes: ['violations'] });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    return bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  });
  expect(summary, `accessibility violations on ${context}`).toEqual([]);
  checkedScreens.add(screen);
  if (SHARED_CACHE) appendFileSync(SHARED_CACHE, `${screen}\n`);
  if (process.env.E2E_AXE_LOG) console.log(`axe ran on ${screen}`);
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
