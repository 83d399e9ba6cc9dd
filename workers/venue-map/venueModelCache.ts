/**
 * Reopened at once: the parsed model (typed arrays), its import report and the packed seat index, kept in the browser
 * (IndexedDB, in the worker) under the map's URL and its ETag, so the second open of a map skips the SVG body and its
 * parse. The worker downloads as before; when the response's URL and ETag name a model it already holds, it cancels
 * the body, reads the model back (structured clone: typed arrays in, typed arrays out) and hands it over with its
 * buffers transferred, the index restored as packed. A map's URL and ETag carry its version (server/venues/
 * venueMapFile.ts: a re-import, a file changed in place or a database seeded anew is another version), so a stored
 * model never stands for a changed file; the worker script's own URL is part of the key, so a new build of the
 * importer never reads an older build's models. Wraps the worker API: the importer itself is untouched.
 *
 * With no server (the box-office counter offline, issue 35), the download fails before any URL or ETag is known: the
 * cache also remembers which stored model each asked URL last led to, and serves that one (`offline: true`). Only a
 * failed request does this; an answer from the server (a 401, a 404) is never replaced by a stored model.
 *
 * A caller that checks the file itself (`storedFirst`: the map page, which compares the model's URL with the
 * sections' `svg` and asks again without it when they differ) is served the model the asked URL last led to at
 * once, without the request: a reload of a map's URL waits for no redirect (docs/venue-map-journal.md "The reload (issue
 * 39, 29 Nov, second session)").
 */
import { packedSeatIndexBuffers } from './venueIndex';
import { DEFAULT_MAX_BYTES } from './parseVenueSvg';
import { notifyResponse } from './notifyResponse';
import { epochNow, readCapped, tooBig, type IndexedVenue, type TransferOut, type VenueMapWorkerApi } from './venueMapWorkerApi';
import { venueModelBuffers } from './venueModel';

export interface ModelCache {
  get(key: string): Promise<IndexedVenue | undefined>;
  /** Stores a copy (taken at once: the caller may transfer the buffers right after). */
  put(key: string, value: IndexedVenue): void;
  /** Notes that the URL asked for (`asked`: build and URL) last led to the model stored under `key`. */
  remember(asked: string, key: string): void;
  /** The key of the model `asked` last led to, if any. */
  recall(asked: string): Promise<string | undefined>;
}

/** How many maps the browser keeps (the oldest stored goes first); a 104k-seat model is about 6 MB. */
export const MODEL_CACHE_MAPS = 6;
const DB_NAME = 'arena-venue-models';
const STORE = 'models';
/** Asked URL → the key of the model it last led to (the offline fallback). */
const LATEST = 'latest';

/** The key of a downloaded map: its final URL (after redirects) and ETag, and the importer's build; null without an ETag. */
export function modelCacheKey(responseUrl: string, etag: string | null, build: string): string | null {
  if (!etag || !responseUrl) return null;
  return `${build}|${responseUrl}|${etag}`;
}

/** The final URL (the file and its version) a stored model's key names. */
const storedUrl = (key: string, build: string) => key.slice(build.length + 1, key.lastIndexOf('|'));

/** What an asked URL is remembered under: the importer's build and the URL as asked (before redirects). */
export const askedUrlKey = (url: string, build: string) => `${build}|${url}`;

/**
 * The worker's name when the page creates it for a stored-first load of `url` (an absolute URL): the worker reads
 * the stored model as its script starts (withModelCache's `readAhead`), not once the page's message has reached it.
 * A message posted before the worker's script has run is forwarded by the page's main thread, which on a reload is
 * busy with the console's bundle and the page's code; the name needs no main thread. No token: a stored model needs
 * no request.
 */
export const storedFirstWorkerName = (url: string) => `venue-map stored-first ${url}`;

/** The URL a worker named by storedFirstWorkerName reads ahead; undefined for any other name. */
export function readAheadFromName(name: string | undefined): string | undefined {
  const m = /^venue-map stored-first (\S+)$/.exec(name ?? '');
  return m?.[1];
}

/** Models in memory (tests, and where IndexedDB is missing). */
export function memoryModelCache(limit = MODEL_CACHE_MAPS): ModelCache {
  const entries = new Map<string, IndexedVenue>();
  const latest = new Map<string, string>();
  return {
    remember: (asked, key) => void latest.set(asked, key),
    recall: async (asked) => latest.get(asked),
    // A copy: the caller transfers the buffers it is given.
    get: async (key) => {
      const entry = entries.get(key);
      return entry && structuredClone(entry);
    },
    put(key, value) {
      entries.delete(key);
      entries.set(key, structuredClone(value));
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Models in IndexedDB; null where it is not available. Failures (quota, a private window) only cost the cache. */
export function indexedDbModelCache(limit = MODEL_CACHE_MAPS): ModelCache | null {
  if (typeof indexedDB === 'undefined') return null;
  let handle: IDBDatabase | null = null;
  let opened: Promise<IDBDatabase | null> | null = null;
  const db = () =>
    (opened ??= new Promise((resolve) => {
      try {
        const req = indexedDB.open(DB_NAME, 2);
        req.onupgradeneeded = () => {
          const names = req.result.objectStoreNames;
          if (!names.contains(STORE)) req.result.createObjectStore(STORE);
          if (!names.contains(LATEST)) req.result.createObjectStore(LATEST);
        };
        req.onsuccess = () => resolve((handle = req.result));
        req.onerror = () => resolve(null);
        req.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    }));
  void db();

  const store = (d: IDBDatabase, key: string, value: IndexedVenue) => {
    try {
      const os = d.transaction(STORE, 'readwrite').objectStore(STORE);
      os.put({ value, at: Date.now() }, key);
      const rows = os.getAllKeys();
      rows.onsuccess = () => {
        const keys = rows.result as string[];
        if (keys.length <= limit) return;
        const ages = os.getAll();
        ages.onsuccess = () => {
          const byAge = (ages.result as { at: number }[]).map((r, k) => ({ key: keys[k], at: r.at })).sort((a, b) => a.at - b.at);
          for (const r of byAge.slice(0, byAge.length - limit)) os.delete(r.key);
        };
      };
    } catch {
      // quota or a closed database: no cache this time
    }
  };

  return {
    async get(key) {
      const d = await db();
      if (!d) return undefined;
      return new Promise((resolve) => {
        try {
          const req = d.transaction(STORE, 'readonly').objectStore(STORE).get(key);
          req.onsuccess = () => resolve((req.result as { value?: IndexedVenue } | undefined)?.value);
          req.onerror = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      });
    },
    remember(asked, key) {
      void db().then((d) => {
        try {
          d?.transaction(LATEST, 'readwrite').objectStore(LATEST).put(key, asked);
        } catch {
          // a closed database: the offline fallback only
        }
      });
    },
    async recall(asked) {
      const d = await db();
      if (!d) return undefined;
      return new Promise((resolve) => {
        try {
          const req = d.transaction(LATEST, 'readonly').objectStore(LATEST).get(asked);
          req.onsuccess = () => resolve(typeof req.result === 'string' ? req.result : undefined);
          req.onerror = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      });
    },
    put(key, value) {
      // put() clones at once, before the caller transfers the buffers away; not open yet: clone now, store when open.
      if (handle) store(handle, key, value);
      else {
        const copy = structuredClone(value);
        void db().then((d) => d && store(d, key, copy));
      }
    },
  };
}

/**
 * The worker API with the model cache in front of parseFromUrl: download, and when the response's URL and ETag name
 * a stored model, cancel the body and return that model (buffers transferred, `cached: true`); else parse as before
 * and store a copy. Options other than the defaults bypass the cache (the model depends on them). When the request
 * itself fails (no network), the model the same URL last led to is served (`cached` and `offline`), else the failure.
 * `readAhead` (an asked URL, from the worker's name): the stored model it last led to is read now, and the first
 * stored-first load of that URL takes the read over instead of starting its own.
 */
export function withModelCache(
  api: VenueMapWorkerApi,
  cache: ModelCache | null,
  transferOut: TransferOut,
  build: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
  startedAt?: number,
  readAhead?: string,
): VenueMapWorkerApi {
  if (!cache) return api;
  /** The stored model an asked URL last led to, and its key; undefined when none is stored (or the store fails). */
  const lastStored = async (asked: string) => {
    const last = await cache.recall(asked).catch(() => undefined);
    const stored = last ? await cache.get(last).catch(() => undefined) : undefined;
    return stored ? { stored, url: storedUrl(last!, build) } : undefined;
  };
  /** The read started at the worker's boot (one consumer: its buffers are transferred to the page). */
  let early = readAhead ? { url: readAhead, read: lastStored(askedUrlKey(readAhead, build)), at: epochNow() } : null;
  /** A stored model handed to the page: marked as served from the cache, its buffers transferred. */
  const serveStored = (stored: IndexedVenue, url: string, timings: IndexedVenue['timings'], offline = false) => {
    stored.cached = true;
    if (offline) stored.offline = true;
    stored.url = url;
    stored.timings = timings;
    return transferOut(stored, [...venueModelBuffers(stored.model), ...packedSeatIndexBuffers(stored.seatIndex)]);
  };
  return {
    parse: api.parse,
    parseModelFirst: api.parseModelFirst,
    packedIndex: api.packedIndex,
    async parseFromUrl(url, headers = {}, options = {}, onResponse, storedFirst) {
      if (Object.keys(options).length > 0) return api.parseFromUrl(url, headers, options, onResponse);
      const timings = [...(startedAt ? [{ step: 'worker-started', at: startedAt }] : []), { step: 'worker-fetch', at: epochNow() }];
      const asked = askedUrlKey(url, build);
      const ahead = early?.url === url ? early : null;
      early = null;
      if (storedFirst) {
        if (ahead) timings.push({ step: 'worker-read-ahead', at: ahead.at });
        const last = await (ahead?.read ?? lastStored(asked));
        if (last) {
          timings.push({ step: 'worker-stored-first', at: epochNow() });
          notifyResponse(onResponse, true);
          return serveStored(last.stored, last.url, timings);
        }
      }
      let response: Response;
      try {
        response = await fetchFn(url, { headers });
      } catch (failure) {
        // No answer at all (offline): the model this URL last led to, else the failure as it was.
        const last = await lastStored(asked);
        if (!last) throw failure;
        notifyResponse(onResponse, true);
        return serveStored(last.stored, last.url, timings, true);
      }
      timings.push({ step: 'worker-headers', at: epochNow() });
      if (!response.ok) throw new Error(`Could not download the venue map (${response.status} ${response.statusText})`);
      const key = modelCacheKey(response.url || url, response.headers.get('etag'), build);
      const hit = key ? await cache.get(key).catch(() => undefined) : undefined;
      timings.push({ step: 'worker-cache-read', at: epochNow() });
      notifyResponse(onResponse, hit !== undefined);
      if (hit) {
        cache.remember(asked, key!);
        void response.body?.cancel().catch(() => {});
        return serveStored(hit, response.url || url, timings);
      }
      const declared = Number(response.headers.get('content-length'));
      if (declared > DEFAULT_MAX_BYTES) throw tooBig(declared, DEFAULT_MAX_BYTES);
      const body = await readCapped(response, DEFAULT_MAX_BYTES);
      timings.push({ step: 'worker-body', at: epochNow() });
      const result = api.parse(body);
      result.url = response.url || url;
      timings.push({ step: 'worker-parsed', at: epochNow() });
      if (key) {
        cache.put(key, result);
        cache.remember(asked, key);
      }
      result.timings = timings;
      return result;
    },
  };
}
