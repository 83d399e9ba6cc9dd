import { describe, expect, it } from 'vitest';
import { createVenueMapWorkerApi, type VenueMapWorkerApi } from '../../../workers/venue-map/venueMapWorkerApi';
import { memoryModelCache, modelCacheKey, withModelCache } from '../../../workers/venue-map/venueModelCache';
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
