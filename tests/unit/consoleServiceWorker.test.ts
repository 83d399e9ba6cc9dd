import { runInNewContext } from 'node:vm';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The console's service worker (vite.config.ts consoleServiceWorker): its source generated for a small build, run in
 * a made-up worker scope (its events, Cache Storage and the network as plain functions).
 */
type Listener = (e: Record<string, unknown>) => void;

async function swSource(): Promise<string> {
  const config = (await import('../../vite.config')).default as { plugins: Plugin[] };
  const plugin = config.plugins.flat().find((p) => p && (p as Plugin).name === 'console-service-worker') as Plugin;
  const hook = plugin.generateBundle as { handler: (this: unknown, o: unknown, b: Record<string, unknown>) => void };
  let source = '';
  hook.handler.call({ emitFile: (f: { fileName: string; source: string }) => void (f.fileName === 'sw.js' && (source = f.source)) }, {}, {
    'index.html': {}, 'assets/index-abc.js': {}, 'assets/index-abc.js.map': {}, 'assets/app-def.css': {},
  });
  return source;
}

function workerScope(source: string, opts: { addRoutes?: boolean; online: boolean }) {
  const listeners = new Map<string, Listener>();
  const stored = new Map<string, string>();
  const routes: unknown[] = [];
  let preloadEnabled = false;
  const cacheNames: string[] = [];
  const caches = {
    open: async (name: string) => {
      cacheNames.push(name);
      return { addAll: async (urls: string[]) => urls.forEach((u) => stored.set(u, `cached ${u}`)) };
    },
    keys: async () => ['console-old', ...cacheNames],
    delete: async () => true,
    match: async (req: string | { url: string }) => stored.get(typeof req === 'string' ? req : new URL(req.url).pathname),
  };
  const fetch = async (req: { url: string }) => {
    if (!opts.online) throw new TypeError('Failed to fetch');
    return `network ${new URL(req.url).pathname}`;
  };
  const self = {
    location: { origin: 'https://console.test' },
    addEventListener: (name: string, fn: Listener) => listeners.set(name, fn),
    clients: { claim: async () => undefined },
    registration: { navigationPreload: { enable: async () => void (preloadEnabled = true) } },
  };
  runInNewContext(source, { self, caches, fetch, URL, Promise });
  const run = async (name: string, extra: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<unknown> | undefined;
    listeners.get(name)!({ ...extra, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (p: Promise<unknown>) => void (answer = p) });
    await Promise.all(waits);
    return answer;
  };
  const install = () => run('install', opts.addRoutes ? { addRoutes: async (r: unknown[]) => void routes.push(...r) } : {});
  const activate = () => run('activate', {});
  const request = (path: string, mode = 'cors', preloadResponse?: Promise<unknown>) =>
    run('fetch', { request: { url: `https://console.test${path}`, method: 'GET', mode }, preloadResponse });
  return { install, activate, request, routes, stored, preload: () => preloadEnabled };
}

describe('the console service worker', () => {
  it('when installed, then the build is precached and the browser is given static routes: the build\'s files from that cache, the API from the network', async () => {
    const sw = workerScope(await swSource(), { addRoutes: true, online: true });
    await sw.install();
    expect([...sw.stored.keys()]).toEqual(['/index.html', '/assets/app-def.css', '/assets/index-abc.js']);
    const [assets, api] = sw.routes as { condition: { urlPattern: string }; source: unknown }[];
    expect(assets.condition.urlPattern).toBe('/assets/*');
    expect(assets.source).toEqual({ cacheName: expect.stringMatching(/^console-[0-9a-f]{16}$/) });
    expect(api).toEqual({ condition: { urlPattern: '/api/*' }, source: 'network' });
  });

  it('when the browser has no static routes, then it installs all the same and its fetch handler answers the build\'s files from the cache', async () => {
    const sw = workerScope(await swSource(), { online: true });
    await sw.install();
    expect(await sw.request('/assets/index-abc.js')).toBe('cached /assets/index-abc.js');
    expect(await sw.request('/api/me')).toBeUndefined();
  });

  it('when activated, then navigation preload is on and a page load takes the preloaded answer', async () => {
    const sw = workerScope(await swSource(), { addRoutes: true, online: true });
    await sw.install();
    await sw.activate();
    expect(sw.preload()).toBe(true);
    expect(await sw.request('/events/2/venue-map', 'navigate', Promise.resolve('preloaded page'))).toBe('preloaded page');
    // No preload (a browser without it): the network.
    expect(await sw.request('/events/2/venue-map', 'navigate', Promise.resolve(undefined))).toBe('network /events/2/venue-map');
  });

  it('when offline, then a page load gets the cached index.html, the preload having failed', async () => {
    const sw = workerScope(await swSource(), { addRoutes: true, online: false });
    await sw.install();
    await sw.activate();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    expect(await sw.request('/events/2/venue-map', 'navigate', failed)).toBe('cached /index.html');
  });
});
