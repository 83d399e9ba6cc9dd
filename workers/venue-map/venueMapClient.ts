import * as Comlink from 'comlink';
import type { ParseVenueSvgOptions } from './parseVenueSvg';
import { createVenueIndex, deferredVenueIndex } from './venueIndex';
import { notifyResponse, type OnMapResponse } from './notifyResponse';
import type { IndexedVenue, ModelFirstVenue, VenueMapWorkerApi } from './venueMapWorkerApi';
import type { ParseResult, VenueIndexQueries } from './venueModel';
import { VenueSvgError } from './VenueSvgError';
import { storedFirstWorkerName } from './venueModelCache';

/** A map to download: the worker fetches it, so the SVG text never exists on the main thread. */
export interface VenueMapUrlSource {
  url: string | URL;
  headers?: Record<string, string>;
  /**
   * Serve the model this URL last led to, if one is stored, without asking the server first: for a caller that
   * checks the file the loaded model names (`url`) and loads again without this when it is not the current one.
   */
  storedFirst?: boolean;
}

/** What a map is loaded from: SVG text, its UTF-8 bytes, or where to download it. */
export type VenueMapSource = string | URL | VenueMapUrlSource | ArrayBuffer;

/** A loaded map: the model, its import report and its spatial index, queried on the calling thread. */
export interface LoadedVenueMap extends ParseResult {
  index: VenueIndexQueries;
  /** The model came from the browser's model cache (a reopen: no SVG body read, no parse). */
  cached?: boolean;
  /** The server could not be reached: the model is the one stored when this URL was last opened (venueModelCache.ts). */
  offline?: boolean;
  /** A download's final URL (after redirects): the file and version the model was read from. */
  url?: string;
}

/** What the console calls: download, parse and pack the seat index off the main thread. */
export interface VenueMapClient {
  /**
   * Loads a map from SVG text (a string starting with "<"), its UTF-8 bytes (an ArrayBuffer, e.g. a picked file's
   * contents: transferred to the worker, so the caller loses it), a URL (string or URL) or a URL with headers (e.g.
   * the bearer token). Resolves with the model, the import report and the index, opened here from the half the
   * worker packed (buffers transferred, nothing copied). Text and bytes resolve as soon as the model is in: the worker
   * packs the index once this thread is idle, and it opens here when it arrives and the thread is idle again (a query
   * before that packs it here, with the same answers); a download's index comes with its model. Rejects with VenueSvgError when the file cannot be imported.
   * The worker has nothing left to do afterwards: dispose of the client once the map is loaded. A download tells
   * `onResponse` as soon as the map's response is in, and whether the model cache serves it (see parseFromUrl).
   * `options.onProgress` hears the parse's percent (text and bytes; a URL's download is not counted).
   */
  load(source: VenueMapSource, options?: ParseVenueSvgOptions, onResponse?: OnMapResponse): Promise<LoadedVenueMap>;
  /**
   * Releases the Comlink proxy and terminates the worker (once it has handed over the seat indexes of loads that had
   * not asked for theirs yet); later calls reject.
   */
  dispose(): void;
  /** False when the work runs on the main thread because no worker could start. */
  readonly inWorker: boolean;
}

type Api = VenueMapWorkerApi | Comlink.Remote<VenueMapWorkerApi>;

class WorkerStartFailed extends Error {}

/**
 * Starts the venue-map worker (Vite bundles it from the URL below). Where a worker cannot start (no Worker, a
 * refused script, a load error before its first answer) the same code runs on the main thread instead. `first`: the
 * load the worker is created for; a stored-first download names the worker after its URL, so the worker reads the
 * stored model as its script starts rather than once the message reaches it (storedFirstWorkerName).
 */
export function createVenueMapClient(first?: VenueMapSource): VenueMapClient {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<VenueMapWorkerApi> | null = null;
  let local: VenueMapWorkerApi | null = null;
  /**
   * The API on the main thread, where no worker could start: imported then, so the importer's code (about 100 kB)
   * is not in the page's bundle, nor compiled and kept in the page's heap, when the worker does the work.
   */
  let localLoad: Promise<VenueMapWorkerApi> | null = null;
  const onMainThread = (): Promise<VenueMapWorkerApi> =>
    (localLoad ??= import('./venueMapWorkerApi').then((m) => (local = m.createVenueMapWorkerApi())));
  let started = false;
  let disposed = false;
  let startFailure: Promise<never> = new Promise<never>(() => {});
  /** Loads whose seat index the worker still holds, not yet asked for (see load). */
  const indexesToAsk = new Set<(api: Api) => Promise<void>>();
  try {
    if (typeof Worker === 'undefined') throw new WorkerStartFailed('no Worker in this environment');
    if (typeof performance !== 'undefined') performance.mark('venue-map:worker-created');
    const readAhead = first && typeof first === 'object' && 'url' in first && first.storedFirst ? absoluteUrl(first.url) : undefined;
    const created = new Worker(new URL('./venueMap.worker.ts', import.meta.url), { type: 'module', name: readAhead ? storedFirstWorkerName(readAhead) : '' });
    worker = created;
    remote = Comlink.wrap<VenueMapWorkerApi>(created);
    startFailure = new Promise<never>((_, reject) => {
      created.addEventListener('error', (event) => {
        if (!started) reject(new WorkerStartFailed(event.message || 'the venue map worker failed to start'));
      }, { once: true });
    });
    startFailure.catch(() => {});
  } catch {
    onMainThread().catch(() => {}); // a failed import is the first call's error
  }

  const fallBack = (): Promise<VenueMapWorkerApi> => {
    remote?.[Comlink.releaseProxy]();
    worker?.terminate();
    remote = null;
    worker = null;
    return onMainThread();
  };

  async function call<T>(fn: (api: Api) => T | Promise<T>): Promise<T> {
    if (disposed) throw new Error('The venue map client was disposed; create a new one');
    try {
      if (localLoad) return await fn(local ?? (await localLoad));
      if (started) return await fn(remote!);
      const result = await Promise.race([fn(remote!), startFailure]);
      started = true;
      return result;
    } catch (error) {
      if (error instanceof WorkerStartFailed) return fn(await fallBack());
      throw VenueSvgError.revive(error);
    }
  }

  /** A listener as the API at hand takes it: a Comlink proxy for the worker (functions do not clone). */
  const listener = <F extends (...args: never[]) => unknown>(api: Api, fn: F | undefined) => (fn && api !== local ? Comlink.proxy(fn) : fn);

  /** Text and bytes come back model first (the index packed after it: parseModelFirst); a download as one piece. */
  function parse(source: VenueMapSource, options?: ParseVenueSvgOptions, onResponse?: OnMapResponse): Promise<IndexedVenue | ModelFirstVenue> {
    const { onProgress, ...rest } = options ?? {};
    const plain = options ? rest : undefined;
    if (source instanceof ArrayBuffer) {
      return call((api) => api.parseModelFirst(Comlink.transfer(source, [source]), plain, listener(api, onProgress)));
    }
    if (typeof source === 'string' && isSvgText(source)) return call((api) => api.parseModelFirst(source, plain, listener(api, onProgress)));
    const { url, headers, storedFirst } = typeof source === 'string' || source instanceof URL ? { url: source, headers: {}, storedFirst: undefined }
      : { url: source.url, headers: source.headers ?? {}, storedFirst: source.storedFirst };
    const absolute = absoluteUrl(url);
    return call((api) => api.parseFromUrl(absolute, headers, plain, listener(api, onResponse), storedFirst));
  }

  return {
    get inWorker() {
      return remote !== null;
    },
    async load(source, options, onResponse) {
      const parsed = await parse(source, options, onResponse);
      const { model, report, timings } = parsed;
      const { cached, offline, url } = 'seatIndex' in parsed ? parsed : {};
      if (typeof performance !== 'undefined') {
        for (const t of timings ?? []) performance.mark(`venue-map:${t.step}`, { startTime: Math.max(0, t.at - performance.timeOrigin) });
        performance.mark('venue-map:received');
        if (cached) performance.mark('venue-map:model-from-cache');
      }
      if ('seatIndex' in parsed) {
        const index = createVenueIndex(model, parsed.seatIndex);
        markIndexOpened();
        return { model, report, index, cached: cached === true, ...(offline ? { offline } : {}), ...(url ? { url } : {}) };
      }
      // The page's first frame needs no index: once this thread is idle, the worker packs the runs, and the index
      // opens when they are in and the thread is idle again. A query before that packs them here: the same answers
      // (venueIndex.ts deferredVenueIndex). A client disposed of before then asks at once and ends after the answer.
      const index = deferredVenueIndex(model);
      const ticket = parsed.ticket;
      const ask = (api: Api) => Promise.resolve(api.packedIndex(ticket)).then((packed) => {
        if (typeof performance !== 'undefined') performance.mark('venue-map:index-received');
        whenIdle(() => {
          if (index.opened) return;
          index.open(packed);
          markIndexOpened();
        });
      }, () => {
        // The worker failed after the parse: a query packs the runs here.
      });
      indexesToAsk.add(ask);
      whenIdle(() => {
        if (!indexesToAsk.delete(ask) || index.opened) return;
        void call(ask).catch(() => {});
      });
      return { model, report, index, cached: false };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      // Seat indexes not asked for yet (a caller that disposes right after its load): asked now, the worker let go
      // once they are answered.
      const api = local ?? remote;
      const asks = [...indexesToAsk];
      indexesToAsk.clear();
      if (api && asks.length > 0) {
        const [kept, keptWorker] = [remote, worker];
        remote = null;
        worker = null;
        local = null;
        void Promise.allSettled(asks.map((ask) => ask(api))).then(() => {
          kept?.[Comlink.releaseProxy]();
          keptWorker?.terminate();
        });
        return;
      }
      remote?.[Comlink.releaseProxy]();
      worker?.terminate();
      remote = null;
      worker = null;
      local = null;
    },
  };
}

/**
 * A loader that keeps one client (one worker) between maps; see createSharedVenueMapLoader. `inWorker` is false
 * before the first load and after the client was let go.
 */
export interface SharedVenueMapLoader extends Pick<VenueMapClient, 'load' | 'inWorker'> {
  /**
   * Starts the worker now (its script and modules load and run) without loading a map, for a page that knows it
   * will load one: the first load then finds the worker running and its message is answered at once. Nothing when
   * a worker is already kept. Let go after `idleMs` without a load, like any kept worker.
   */
  start(): void;
  /**
   * Starts loading a map that is about to be asked for, e.g. as navigation to its page begins, before the page's
   * code has arrived. The next load() of the same URL (without options) within PREFETCH_KEEP_MS takes this load
   * over, its failure included, instead of starting another; one nobody took is dropped. `onResponse` as in load().
   * `since` (a performance.now() time, e.g. when the navigation began): when a page has asked for this URL since
   * then, the prefetch came too late to help that page and starts nothing (it would read the map a second time).
   */
  prefetch(source: URL | VenueMapUrlSource, onResponse?: OnMapResponse, since?: number): void;
  /**
   * Loads a map that may be asked for soon (an event's pages are open: its map is one click away), kept for the next
   * load() of the same URL for `keepMs` (WARM_KEEP_MS) rather than PREFETCH_KEEP_MS; otherwise as prefetch(). A warm
   * of another map lets the earlier one go. `onReady` hears when the model is in (not when it failed). `since` as in
   * prefetch().
   */
  warm(source: URL | VenueMapUrlSource, onReady?: () => void, keepMs?: number, since?: number): void;
  /**
   * The map a prefetch or warm of this URL has already loaded, waiting for its page, or undefined (none, still under
   * way, or failed): a page rendering with it draws the map in its first render. It stays for the page's load(),
   * which takes it over and resolves with the same object.
   */
  loaded(source: URL | VenueMapUrlSource): LoadedVenueMap | undefined;
}

/** How long the console's shared venue-map worker stays alive without a load. */
export const SHARED_WORKER_IDLE_MS = 5 * 60_000;

/** How long a prefetched map waits for its page (a page that never came: the user was sent or went elsewhere). */
export const PREFETCH_KEEP_MS = 30_000;

/** How long a warmed map (an event's pages are open) waits for its map page. */
export const WARM_KEEP_MS = 5 * 60_000;

/**
 * Loads maps with one client kept between them, so a later map is parsed by a worker that is already running and
 * whose importer the JIT has already compiled. Measured in the map harness (Chromium, software WebGL, 2 cores), worker
 * round trip of a second open: 20k seats 50-120 ms instead of 250-280, 100k 160-260 ms instead of 400-470; in the
 * console, leaving the 104k stadium's map and coming back: 450-580 ms to a ready map instead of 710-1080. The client
 * is made on the first load, disposed of after `idleMs` without a load, and dropped after a failed load (the next one
 * starts afresh). A load whose caller has gone still runs to its end; its result is discarded by the caller.
 * prefetch() starts a load early; the page's own load() of that URL takes it over (kept `prefetchKeepMs`).
 */
export function createSharedVenueMapLoader(
  create: (first?: VenueMapSource) => VenueMapClient = createVenueMapClient,
  idleMs = SHARED_WORKER_IDLE_MS,
  prefetchKeepMs = PREFETCH_KEEP_MS,
): SharedVenueMapLoader {
  interface Entry { client: VenueMapClient; loads: number; failed: boolean; idle?: ReturnType<typeof setTimeout> }
  let current: Entry | null = null;
  interface Early {
    result: Promise<LoadedVenueMap>;
    expiry: ReturnType<typeof setTimeout>;
    /** The map's response is in (whether the model cache serves it); later prefetches of the same map hear it too. */
    responded: Promise<boolean>;
    warm: boolean;
    /** The loaded map, once `result` has resolved. */
    value?: LoadedVenueMap;
  }
  const prefetched = new Map<string, Early>();
  /** URLs a page is loading now: a prefetch arriving after the page asked has nothing left to do. */
  const asked = new Set<string>();
  /** When a page last asked for each URL (performance.now()), for a prefetch's `since`. */
  const lastAsked = new Map<string, number>();

  const release = (entry: Entry) => {
    if (entry.loads > 0) return;
    if (entry.failed) entry.client.dispose();
    else {
      entry.idle = setTimeout(() => {
        if (current === entry) current = null;
        entry.client.dispose();
      }, idleMs);
    }
  };

  const loadNow = async (source: VenueMapSource, options?: ParseVenueSvgOptions, onResponse?: OnMapResponse) => {
    const entry = current ?? (current = { client: create(source), loads: 0, failed: false });
    clearTimeout(entry.idle);
    entry.loads++;
    try {
      return await entry.client.load(source, options, onResponse);
    } catch (error) {
      entry.failed = true;
      if (current === entry) current = null;
      throw error;
    } finally {
      entry.loads--;
      release(entry);
    }
  };

  return {
    get inWorker() {
      return current?.client.inWorker ?? false;
    },
    start() {
      if (current) return;
      current = { client: create(), loads: 0, failed: false };
      release(current);
    },
    load(source, options) {
      const key = options === undefined ? urlKey(source) : null;
      if (key === null) return loadNow(source, options);
      const early = prefetched.get(key);
      prefetched.delete(key);
      clearTimeout(early?.expiry);
      const result = early?.result ?? loadNow(source);
      asked.add(key);
      lastAsked.set(key, performance.now());
      const settled = () => void asked.delete(key);
      result.then(settled, settled);
      return result;
    },
    prefetch(source, onResponse, since) {
      start(source, onResponse, prefetchKeepMs, false, since);
    },
    warm(source, onReady, keepMs = WARM_KEEP_MS, since) {
      const key = urlKey(source)!;
      for (const [other, early] of prefetched) {
        if (other !== key && early.warm) {
          clearTimeout(early.expiry);
          prefetched.delete(other);
        }
      }
      const early = start(source, undefined, keepMs, true, since);
      if (early && onReady) early.result.then(() => onReady(), () => {});
    },
    loaded(source) {
      return prefetched.get(urlKey(source)!)?.value;
    },
  };

  /**
   * Starts an early load of `source` kept `keepMs` for its page; one already under way only passes `onResponse` on;
   * none when a page is loading it, or has asked for it since `since`.
   */
  function start(source: URL | VenueMapUrlSource, onResponse: OnMapResponse | undefined, keepMs: number, warm: boolean, since?: number): Early | null {
    const key = urlKey(source)!;
    if (asked.has(key) || (since !== undefined && (lastAsked.get(key) ?? -Infinity) >= since)) return null;
    const known = prefetched.get(key);
    if (known) {
      if (onResponse) known.responded.then((cached) => notifyResponse(onResponse, cached), () => {});
      return known;
    }
    let heard: (cached: boolean) => void = () => {};
    const responded = new Promise<boolean>((resolve) => (heard = resolve));
    const result = loadNow(source, undefined, (cached) => {
      heard(cached);
      notifyResponse(onResponse, cached);
    });
    const early: Early = { result, responded, warm, expiry: setTimeout(() => prefetched.delete(key), keepMs) };
    result.then((value) => void (early.value = value), () => {});
    // A failure is reported to whoever takes the load over; one nobody takes fails silently. A warm that failed is let
    // go at once: its page, minutes later, tries afresh rather than inherit it.
    result.catch(() => {
      if (!warm || prefetched.get(key) !== early) return;
      clearTimeout(early.expiry);
      prefetched.delete(key);
    });
    prefetched.set(key, early);
    return early;
  }
}

function markIndexOpened(): void {
  if (typeof performance !== 'undefined') performance.mark('venue-map:index-opened');
}

/** Runs `task` when the thread is idle (within a second), or in a task of its own where there is no idle callback. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/** The absolute URL a load is asked for, or null when it is given the map itself (text or bytes). */
function urlKey(source: VenueMapSource): string | null {
  if (source instanceof ArrayBuffer || (typeof source === 'string' && isSvgText(source))) return null;
  const url = typeof source === 'string' || source instanceof URL ? source : source.url;
  return absoluteUrl(url);
}

/** A string source that is the SVG itself rather than its URL. */
function isSvgText(source: string): boolean {
  return /^\uFEFF?\s*</.test(source);
}

/** Resolved on the page: inside the worker a relative URL would resolve against the worker script. */
function absoluteUrl(url: string | URL): string {
  return new URL(String(url), typeof location === 'undefined' ? undefined : location.href).href;
}

/** The console's venue-map loader: one worker for the page, kept while maps are being opened. */
export const venueMapLoader: SharedVenueMapLoader = createSharedVenueMapLoader();
