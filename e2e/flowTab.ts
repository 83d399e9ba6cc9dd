import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Disposable, Page } from '@playwright/test';

/**
 * One browser context and one page per Playwright worker, handed from flow to flow, reset in between (tests/README.md,
 * "One tab per worker"). A fresh context starts a new renderer process, whose V8 has compiled nothing yet: its first
 * page load of the console costs about three CPU seconds more than the same load in a renderer that has loaded it
 * before. The HTTP cache stays warm across flows on purpose (hashed assets, the venues' versioned map files; the API
 * answers `no-store`).
 *
 * Between two flows (`resetTab`): other pages closed; routes, init scripts and listeners the flow added removed; keys
 * and mouse buttons released, the mouse back at 0,0; viewport and emulated media as the context's options say; online;
 * no cookies, no permissions; the page's document replaced (so the console's streams, workers and timers are gone);
 * the origin's localStorage, sessionStorage, IndexedDB, CacheStorage and service workers emptied. What cannot be
 * undone spends the tab (the next flow gets a new one): a flow that failed, a closed or crashed page, the page's
 * clock, exposed functions, extra HTTP headers, geolocation, WebSocket routes, default timeouts.
 */
export interface FlowTab {
  context: BrowserContext;
  page: Page;
  /** The context options it was made with (JSON): a flow with other options gets a tab of its own. */
  key: string;
  origin: string;
  /** Why the tab cannot serve another flow (null while it can). */
  spent: string | null;
  flows: number;
  cdp: CDPSession;
  initScripts: Disposable[];
  heldKeys: Set<string>;
  heldButtons: Set<'left' | 'right' | 'middle'>;
  mediaChanged: boolean;
  /** Whether the page has left about:blank since the last reset (its tab then has sessionStorage to clear). */
  navigated: boolean;
  baseline: { page: Map<string | symbol, Set<unknown>>; context: Map<string | symbol, Set<unknown>> };
}

/** Per-flow clean-ups registered by helpers that keep state per page (signIn.ts: the session given to a page). */
const resetHooks: ((page: Page) => void)[] = [];
export function onTabReset(hook: (page: Page) => void): void {
  resetHooks.push(hook);
}

/**
 * Whether flows with these options may share a tab. A storage state is applied once, when a context is made (the
 * reset empties storage), and a service worker outlives its page: such flows get a context of their own.
 */
export function shareable(options: BrowserContextOptions): boolean {
  return options.storageState === undefined && options.serviceWorkers === 'block' && options.baseURL !== undefined;
}

type Emitter = { eventNames(): (string | symbol)[]; rawListeners(event: string | symbol): unknown[]; removeListener(event: string | symbol, listener: unknown): unknown };

function listenersOf(target: Emitter): Map<string | symbol, Set<unknown>> {
  return new Map(target.eventNames().map((e) => [e, new Set(target.rawListeners(e))]));
}

function removeAddedListeners(target: Emitter, baseline: Map<string | symbol, Set<unknown>>): void {
  for (const event of target.eventNames()) {
    const kept = baseline.get(event);
    for (const listener of target.rawListeners(event)) if (!kept?.has(listener)) target.removeListener(event, listener);
  }
}

/** Replaces `obj[name]` with a function that runs `before` and then the original. */
function wrap<T extends object>(obj: T, name: keyof T & string, before: (...args: unknown[]) => void, after?: (result: unknown, ...args: unknown[]) => void): void {
  const original = (obj[name] as (...args: unknown[]) => unknown).bind(obj);
  Object.assign(obj, {
    [name]: (...args: unknown[]) => {
      before(...args);
      const result = original(...args);
      if (after) return Promise.resolve(result).then((r) => (after(r, ...args), r));
      return result;
    },
  });
}

export async function openTab(browser: Browser, options: BrowserContextOptions): Promise<FlowTab> {
  // No options passed: Playwright Test gives the context the flow's own (config `use` and test.use), as it does to
  // the context it would have made for the flow.
  const context = await browser.newContext();
  const page = await context.newPage();
  const tab: FlowTab = {
    context,
    page,
    key: JSON.stringify(options),
    origin: new URL(options.baseURL!).origin,
    spent: null,
    flows: 0,
    cdp: await context.newCDPSession(page),
    initScripts: [],
    heldKeys: new Set(),
    heldButtons: new Set(),
    mediaChanged: false,
    navigated: false,
    baseline: { page: new Map(), context: new Map() },
  };
  const spend = (why: string) => () => {
    tab.spent ??= why;
  };
  page.on('crash', spend('the page crashed'));
  page.on('close', spend('the page was closed'));
  context.on('close', spend('the context was closed'));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url() !== 'about:blank') tab.navigated = true;
  });
  for (const target of [page, context]) {
    wrap(target, 'addInitScript', () => undefined, (d) => tab.initScripts.push(d as Disposable));
    for (const m of ['exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'routeWebSocket', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const) {
      wrap(target, m, spend(`${m} was called`));
    }
  }
  wrap(context, 'setGeolocation', spend('setGeolocation was called'));
  // The page's clock (page.clock is the context's) installs itself into every document and cannot be taken out.
  for (const m of ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const) {
    wrap(context.clock, m, spend('the clock was set'));
  }
  wrap(page, 'emulateMedia', () => (tab.mediaChanged = true));
  wrap(page.keyboard, 'down', (key) => tab.heldKeys.add(key as string));
  wrap(page.keyboard, 'up', (key) => tab.heldKeys.delete(key as string));
  wrap(page.mouse, 'down', (o) => tab.heldButtons.add((o as { button?: 'left' } | undefined)?.button ?? 'left'));
  wrap(page.mouse, 'up', (o) => tab.heldButtons.delete((o as { button?: 'left' } | undefined)?.button ?? 'left'));
  tab.baseline = { page: listenersOf(page as unknown as Emitter), context: listenersOf(context as unknown as Emitter) };
  return tab;
}

/** A tab that a flow with these options may use now: the worker's, unless it is spent or made for other options. */
export function usable(tab: FlowTab | null, options: BrowserContextOptions): boolean {
  return tab !== null && tab.spent === null && !tab.page.isClosed() && tab.key === JSON.stringify(options);
}

const RESET_PATH = '/__e2e-tab-reset';

/**
 * The origin's stored data in the context: localStorage, IndexedDB, CacheStorage, service workers, cookies. Not the
 * HTTP cache (it is not among these), nor the GPU's shader cache, which "all" would take too.
 */
const ORIGIN_DATA = 'cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,storage_buckets';
async function clearOrigin(tab: FlowTab): Promise<void> {
  await tab.cdp.send('Storage.clearDataForOrigin', { origin: tab.origin, storageTypes: ORIGIN_DATA });
}

/** Undoes what a flow did to the tab (see FlowTab); throws when something could not be undone. */
export async function resetTab(tab: FlowTab, options: BrowserContextOptions): Promise<void> {
  const { context, page } = tab;
  for (const other of context.pages()) if (other !== page) await other.close();
  // Nothing of the flow may act on what follows: its routes, init scripts and listeners go first.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const script of tab.initScripts.splice(0)) await script.dispose();
  removeAddedListeners(page as unknown as Emitter, tab.baseline.page);
  removeAddedListeners(context as unknown as Emitter, tab.baseline.context);
  for (const key of tab.heldKeys) await page.keyboard.up(key);
  for (const button of tab.heldButtons) await page.mouse.up({ button });
  await page.mouse.move(0, 0);
  await context.setOffline(false);
  await context.clearCookies();
  await context.clearPermissions();
  if (tab.navigated) {
    // A blank document of the console's origin (with its opener policy, so the renderer process stays the same)
    // replaces the flow's: its streams, workers and timers end, and the tab's sessionStorage can be emptied there.
    await page.route(`${tab.origin}${RESET_PATH}`, (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>reset</title>',
      headers: { 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1' },
    }));
    await page.goto(`${tab.origin}${RESET_PATH}`);
    await page.unrouteAll();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await clearOrigin(tab);
    // about:blank, as a fresh page shows, reached from the page itself: it keeps the origin and the process.
    await Promise.all([page.waitForURL('about:blank'), page.evaluate(() => void setTimeout(() => location.replace('about:blank')))]);
    tab.navigated = false;
  }
  else {
    await clearOrigin(tab);
  }
  const viewport = options.viewport ?? null;
  const size = page.viewportSize();
  if (viewport && (size?.width !== viewport.width || size.height !== viewport.height)) await page.setViewportSize(viewport);
  if (tab.mediaChanged) {
    await page.emulateMedia({
      media: null,
      colorScheme: options.colorScheme ?? 'light',
      reducedMotion: options.reducedMotion ?? 'no-preference',
      forcedColors: options.forcedColors ?? 'none',
      contrast: options.contrast ?? 'no-preference',
    });
    tab.mediaChanged = false;
  }
  for (const hook of resetHooks) hook(page);
  if (tab.spent) throw new Error(`the tab is spent: ${tab.spent}`);
}
