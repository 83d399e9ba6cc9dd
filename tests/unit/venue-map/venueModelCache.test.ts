import { describe, expect, it } from 'vitest';
import { createVenueMapWorkerApi, type VenueMapWorkerApi } from '../../../workers/venue-map/venueMapWorkerApi';
import { memoryModelCache, modelCacheKey, readAheadFromName, storedFirstWorkerName, withModelCache, type ModelCache } from '../../../workers/venue-map/venueModelCache';
import { sectionEditsComment } from '../../../workers/venue-map/sectionEdits';
import { fixtureText, seatingPlan } from './venueFixtures';

/** A server answering with the SVG, its ETag and its final URL, counting what it sent and whether bodies were read. */
function mapServer(svg: string, etag: string | null) {
  const log = { requests: 0, bodiesCancelled: 0 };
  const fetchFn = (async (url: string | URL | Request) => {
    log.requests++;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(svg));
        c.close();
      },
      cancel() {
        log.bodiesCancelled++;
      },
    });
    const response = new Response(body, { headers: etag ? { etag } : {} });
    Object.defineProperty(response, 'url', { value: String(url).replace('/api/events/7/svg', '/api/venue-maps/3/svg') });
    return response;
  }) as typeof fetch;
  return { fetchFn, log };
}

function countingApi(): { api: VenueMapWorkerApi; parses: () => number } {
  const base = createVenueMapWorkerApi();
  let parses = 0;
  return {
    api: { ...base, parse: (input, options) => (parses++, base.parse(input, options)) },
    parses: () => parses,
  };
}

describe('the model cache in front of the worker (a reopened map is not parsed again)', () => {
  it('tells the caller when the map\'s response is in, and whether the cache serves it, before handing the model over', async () => {
    const { fetchFn } = mapServer(fixtureText('canonical.svg'), '"venue-map-3"');
    const { api } = countingApi();
    const cached = withModelCache(api, memoryModelCache(), (v) => v, 'build-1', fetchFn);
    const heard: boolean[] = [];
    const first = cached.parseFromUrl('http://x/api/events/7/svg', {}, {}, (c) => heard.push(c));
    await first;
    expect(heard).toEqual([false]);
    await cached.parseFromUrl('http://x/api/events/7/svg', {}, {}, (c) => heard.push(c));
    expect(heard).toEqual([false, true]);
    // A listener that throws costs nothing but its advice.
    const again = await cached.parseFromUrl('http://x/api/events/7/svg', {}, {}, () => {
      throw new Error('listener failed');
    });
    expect(again.cached).toBe(true);
  });

  it('parses the first open, then serves the same map version from the cache without reading its body', async () => {
    const { fetchFn, log } = mapServer(fixtureText('canonical.svg'), '"venue-map-3"');
    const { api, parses } = countingApi();
    const cached = withModelCache(api, memoryModelCache(), (v) => v, 'build-1', fetchFn);
    const first = await cached.parseFromUrl('http://x/api/events/7/svg');
    expect(first.cached).toBeUndefined();
    expect(parses()).toBe(1);
    const again = await cached.parseFromUrl('http://x/api/events/7/svg');
    expect(parses()).toBe(1);
    expect(again.cached).toBe(true);
    expect(log.bodiesCancelled).toBe(1);
    expect(seatingPlan(again.model)).toEqual(seatingPlan(first.model));
    expect(Array.from(again.seatIndex.runBoxes)).toEqual(Array.from(first.seatIndex.runBoxes));
    expect(again.model.seatX).toBeInstanceOf(Float32Array);
  });

  it('parses again for another map version (ETag), another build of the importer, or a response without an ETag', async () => {
    const { api, parses } = countingApi();
    const cache = memoryModelCache();
    const v1 = mapServer(fixtureText('canonical.svg'), '"venue-map-3"');
    await withModelCache(api, cache, (v) => v, 'build-1', v1.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const v2 = mapServer(fixtureText('canonical.svg'), '"venue-map-3b"');
    await withModelCache(api, cache, (v) => v, 'build-1', v2.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    await withModelCache(api, cache, (v) => v, 'build-2', v1.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const none = mapServer(fixtureText('canonical.svg'), null);
    await withModelCache(api, cache, (v) => v, 'build-1', none.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    await withModelCache(api, cache, (v) => v, 'build-1', none.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    expect(parses()).toBe(5);
    expect(modelCacheKey('http://x/api/venue-maps/3/svg', null, 'b')).toBeNull();
  });

  it('never serves a stored model for a changed venue: a renamed section (a new version of the file) is read anew', async () => {
    // The server's versioned URLs (server/venues/venueMapFile.ts): the event's redirect names the file at its version.
    const served = (svg: string, finalUrl: string, etag: string) => {
      const log = { bodiesCancelled: 0 };
      const fetchFn = (async () => {
        const body = new ReadableStream<Uint8Array>({
          start(c) { c.enqueue(new TextEncoder().encode(svg)); c.close(); },
          cancel() { log.bodiesCancelled++; },
        });
        const response = new Response(body, { headers: { etag } });
        Object.defineProperty(response, 'url', { value: finalUrl });
        return response;
      }) as typeof fetch;
      return { fetchFn, log };
    };
    const cache = memoryModelCache();
    const { api, parses } = countingApi();
    const names = (r: Awaited<ReturnType<VenueMapWorkerApi['parseFromUrl']>>) => r.report.sections.map((x) => x.name);
    const original = fixtureText('canonical.svg');
    const renamed = original + sectionEditsComment([{ section: 'Stalls', name: 'Parkett' }]);
    const open = (svg: string, finalUrl: string, etag: string) =>
      withModelCache(api, cache, (v) => v, 'build-1', served(svg, finalUrl, etag).fetchFn).parseFromUrl('http://x/api/events/7/svg');

    const first = await open(original, 'http://x/api/venue-maps/3/svg?v=A', '"A"');
    expect(names(first)).toContain('Stalls');
    expect(first.url).toBe('http://x/api/venue-maps/3/svg?v=A');
    // The same file again: the stored model.
    expect((await open(original, 'http://x/api/venue-maps/3/svg?v=A', '"A"')).cached).toBe(true);
    // Changed in place (same map id, new version): parsed, the new name read.
    const inPlace = await open(renamed, 'http://x/api/venue-maps/3/svg?v=B', '"B"');
    expect(inPlace.cached).toBeUndefined();
    expect(names(inPlace)).toContain('Parkett');
    expect(names(inPlace)).not.toContain('Stalls');
    expect(inPlace.url).toBe('http://x/api/venue-maps/3/svg?v=B');
    // Re-imported (a new map id), even were the ETag the same: parsed.
    const reimported = await open(renamed, 'http://x/api/venue-maps/9/svg?v=A', '"A"');
    expect(reimported.cached).toBeUndefined();
    expect(names(reimported)).toContain('Parkett');
    expect(parses()).toBe(3);
    // And the new version, opened again, is served from the cache with its own names.
    const again = await open(renamed, 'http://x/api/venue-maps/3/svg?v=B', '"B"');
    expect(again.cached).toBe(true);
    expect(names(again)).toContain('Parkett');
  });

  it('keeps a bounded number of maps', async () => {
    const cache = memoryModelCache(2);
    const { api } = countingApi();
    const venue = api.parse(fixtureText('canonical.svg'));
    cache.put('a', venue);
    cache.put('b', venue);
    cache.put('c', venue);
    expect(await cache.get('a')).toBeUndefined();
    expect((await cache.get('c'))?.model.seatCount).toBe(venue.model.seatCount);
  });
});

describe('the model cache with no server (the box-office counter offline, issue 35)', () => {
  const unreachable = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;

  it('serves the model the asked URL last led to when the request fails, and the failure when none was stored', async () => {
    const cache = memoryModelCache();
    const { api, parses } = countingApi();
    await expect(withModelCache(api, cache, (v) => v, 'build-1', unreachable).parseFromUrl('http://x/api/events/7/svg')).rejects.toThrow('Failed to fetch');
    const { fetchFn } = mapServer(fixtureText('canonical.svg'), '"venue-map-3"');
    const online = await withModelCache(api, cache, (v) => v, 'build-1', fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const heard: boolean[] = [];
    const offline = await withModelCache(api, cache, (v) => v, 'build-1', unreachable).parseFromUrl('http://x/api/events/7/svg', {}, {}, (c) => heard.push(c));
    expect(parses()).toBe(1);
    expect(offline).toMatchObject({ cached: true, offline: true, url: 'http://x/api/venue-maps/3/svg' });
    expect(heard).toEqual([true]);
    expect(seatingPlan(offline.model)).toEqual(seatingPlan(online.model));
    // Another map, or another build of the importer, has nothing stored to fall back on.
    await expect(withModelCache(api, cache, (v) => v, 'build-1', unreachable).parseFromUrl('http://x/api/events/8/svg')).rejects.toThrow('Failed to fetch');
    await expect(withModelCache(api, cache, (v) => v, 'build-2', unreachable).parseFromUrl('http://x/api/events/7/svg')).rejects.toThrow('Failed to fetch');
  });

  it('falls back on the version last opened, and never on an answer from the server (a refusal stays a refusal)', async () => {
    const cache = memoryModelCache();
    const { api } = countingApi();
    const original = fixtureText('canonical.svg');
    const renamed = original + sectionEditsComment([{ section: 'Stalls', name: 'Parkett' }]);
    await withModelCache(api, cache, (v) => v, 'build-1', mapServer(original, '"A"').fetchFn).parseFromUrl('http://x/api/events/7/svg');
    await withModelCache(api, cache, (v) => v, 'build-1', mapServer(renamed, '"B"').fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const offline = await withModelCache(api, cache, (v) => v, 'build-1', unreachable).parseFromUrl('http://x/api/events/7/svg');
    expect(offline.report.sections.map((x) => x.name)).toContain('Parkett');
    const refused = (async () => new Response('no', { status: 401, statusText: 'Unauthorized' })) as typeof fetch;
    await expect(withModelCache(api, cache, (v) => v, 'build-1', refused).parseFromUrl('http://x/api/events/7/svg')).rejects.toThrow('401');
  });
});

describe('the stored model first (a reload of a map\'s URL waits for no redirect, issue 39)', () => {
  it('serves the model the asked URL last led to without a request, and asks the server when none is stored or when not asked to', async () => {
    const cache = memoryModelCache();
    const { api, parses } = countingApi();
    const original = fixtureText('canonical.svg');
    const first = mapServer(original, '"A"');
    // Nothing stored yet: the server is asked, as without the option.
    const opened = await withModelCache(api, cache, (v) => v, 'build-1', first.fetchFn).parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(first.log.requests).toBe(1);
    expect(opened.cached).toBeUndefined();

    const heard: boolean[] = [];
    const again = await withModelCache(api, cache, (v) => v, 'build-1', first.fetchFn)
      .parseFromUrl('http://x/api/events/7/svg', {}, {}, (c) => heard.push(c), true);
    expect(first.log.requests).toBe(1);
    expect(parses()).toBe(1);
    expect(heard).toEqual([true]);
    // The file the model was read from, for the page to check against the sections' `svg`.
    expect(again).toMatchObject({ cached: true, url: 'http://x/api/venue-maps/3/svg' });
    expect(again.offline).toBeUndefined();
    expect(seatingPlan(again.model)).toEqual(seatingPlan(opened.model));
    // Another build of the importer has nothing stored: it asks.
    await withModelCache(api, cache, (v) => v, 'build-2', first.fetchFn).parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(first.log.requests).toBe(2);
  });

  it('when the worker is named for a stored-first load, then it reads the stored model as it starts, and that load takes the read over', async () => {
    const cache = memoryModelCache();
    const { api } = countingApi();
    const first = mapServer(fixtureText('canonical.svg'), '"A"');
    const opened = await withModelCache(api, cache, (v) => v, 'build-1', first.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const reads: string[] = [];
    const counting: ModelCache = { ...cache, recall: (asked) => (reads.push(asked), cache.recall(asked)) };
    const url = readAheadFromName(storedFirstWorkerName('http://x/api/events/7/svg'));
    expect(url).toBe('http://x/api/events/7/svg');
    const worker = withModelCache(api, counting, (v) => v, 'build-1', first.fetchFn, undefined, url);
    // Read at the start, before any message.
    expect(reads).toEqual(['build-1|http://x/api/events/7/svg']);
    const served = await worker.parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(reads).toHaveLength(1);
    expect(first.log.requests).toBe(1);
    expect(served).toMatchObject({ cached: true, url: 'http://x/api/venue-maps/3/svg' });
    expect(served.timings?.map((t) => t.step)).toContain('worker-read-ahead');
    expect(seatingPlan(served.model)).toEqual(seatingPlan(opened.model));
    // Only once: a later stored-first load reads again (the first one's buffers went to the page).
    await worker.parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(reads).toHaveLength(2);
  });

  it('when the worker was named for one map and asked for another, or asked without stored-first, then the server is asked', async () => {
    const cache = memoryModelCache();
    const { api } = countingApi();
    const server = mapServer(fixtureText('canonical.svg'), '"A"');
    await withModelCache(api, cache, (v) => v, 'build-1', server.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const other = await withModelCache(api, cache, (v) => v, 'build-1', server.fetchFn, undefined, 'http://x/api/events/7/svg')
      .parseFromUrl('http://x/api/events/8/svg', {}, {}, undefined, true);
    expect(server.log.requests).toBe(2);
    // Event 8's own answer, parsed, not event 7's stored model.
    expect(other.url).toBe('http://x/api/events/8/svg');
    expect(other.cached).toBeUndefined();
    const plain = await withModelCache(api, cache, (v) => v, 'build-1', server.fetchFn, undefined, 'http://x/api/events/7/svg')
      .parseFromUrl('http://x/api/events/7/svg');
    expect(server.log.requests).toBe(3);
    // The ETag names a stored model: served from the cache after the request, as without the name.
    expect(plain.cached).toBe(true);
    expect(readAheadFromName('')).toBeUndefined();
    expect(readAheadFromName('venue-map')).toBeUndefined();
  });

  it('asks the server without the option (the page\'s retry after a changed map), and serves the new version first from then on', async () => {
    const cache = memoryModelCache();
    const { api } = countingApi();
    const original = fixtureText('canonical.svg');
    const renamed = original + sectionEditsComment([{ section: 'Stalls', name: 'Parkett' }]);
    await withModelCache(api, cache, (v) => v, 'build-1', mapServer(original, '"A"').fetchFn).parseFromUrl('http://x/api/events/7/svg');
    const changed = mapServer(renamed, '"B"');
    const stale = await withModelCache(api, cache, (v) => v, 'build-1', changed.fetchFn).parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(changed.log.requests).toBe(0);
    expect(stale.report.sections.map((x) => x.name)).not.toContain('Parkett');
    const checked = await withModelCache(api, cache, (v) => v, 'build-1', changed.fetchFn).parseFromUrl('http://x/api/events/7/svg');
    expect(changed.log.requests).toBe(1);
    expect(checked.report.sections.map((x) => x.name)).toContain('Parkett');
    const next = await withModelCache(api, cache, (v) => v, 'build-1', changed.fetchFn).parseFromUrl('http://x/api/events/7/svg', {}, {}, undefined, true);
    expect(changed.log.requests).toBe(1);
    expect(next.report.sections.map((x) => x.name)).toContain('Parkett');
  });
});
