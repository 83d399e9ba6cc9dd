import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { createSharedVenueMapLoader, createVenueMapClient, type VenueMapClient } from '../../../workers/venue-map/venueMapClient';
import { createVenueIndex, type DeferredVenueIndex } from '../../../workers/venue-map/venueIndex';
import { createVenueMapWorkerApi, type IndexedVenue, type VenueMapWorkerApi } from '../../../workers/venue-map/venueMapWorkerApi';
import { VenueSvgError } from '../../../workers/venue-map/VenueSvgError';
import { fixtureText, seatAtKey, seatingPlan } from './venueFixtures';

describe('venue map worker API over Comlink (a MessageChannel standing in for the worker)', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => { c.port1.close(); c.port2.close(); }));

  function connect(): { remote: Comlink.Remote<VenueMapWorkerApi>; sent: IndexedVenue[] } {
    const channel = new MessageChannel();
    channels.push(channel);
    const sent: IndexedVenue[] = [];
    Comlink.expose(createVenueMapWorkerApi((value, buffers) => {
      if ((value as IndexedVenue).model) sent.push(value as IndexedVenue);
      return Comlink.transfer(value, buffers);
    }), channel.port1);
    return { remote: Comlink.wrap<VenueMapWorkerApi>(channel.port2), sent };
  }

  it('transfers the model and the packed seat index (the worker keeps no copy); the index opens on this side', async () => {
    const { remote, sent } = connect();
    const { model, report, seatIndex } = await remote.parse(fixtureText('canonical.svg'));
    expect(seatingPlan(model)).toEqual(['Stalls/A: 1 2 3', 'Stalls/B: 8 9 10', 'Balcony/A: 1 2']);
    expect(report.seats).toBe(8);
    expect(sent[0]!.model.seatX.byteLength).toBe(0);
    expect(sent[0]!.seatIndex.runBoxes.byteLength).toBe(0);
    const index = createVenueIndex(model, seatIndex);
    const seat = seatAtKey(model, 'Stalls', 'A', '3');
    expect(index.seatAt(120, 100)).toBe(seat.index);
    expect(Array.from(index.seatsInRect(70, 90, 110, 130))).toEqual([0, 1, 3, 4]);
    expect(index.sectionAt(250, 100)).toBe(1);
  });

  it('hands the model over before the seat index, which follows once per load and is the one parse packs', async () => {
    const { remote } = connect();
    const svg = fixtureText('canonical.svg');
    const first = await remote.parseModelFirst(svg);
    expect(seatingPlan(first.model)).toEqual(['Stalls/A: 1 2 3', 'Stalls/B: 8 9 10', 'Balcony/A: 1 2']);
    const packed = await remote.packedIndex(first.ticket);
    const whole = await remote.parse(svg);
    expect(JSON.stringify(first.model)).toBe(JSON.stringify(whole.model));
    expect(JSON.stringify(first.report)).toBe(JSON.stringify(whole.report));
    expect(JSON.stringify(packed)).toBe(JSON.stringify(whole.seatIndex));
    await expect(remote.packedIndex(first.ticket)).rejects.toThrow(/No seat index/);
  });

  it('parses UTF-8 bytes', async () => {
    const { remote } = connect();
    const bytes = new TextEncoder().encode(fixtureText('canonical.svg').replace('Canonical Hall', 'Salle Été'));
    const { model } = await remote.parse(bytes.buffer);
    expect(model.name).toBe('Salle Été');
  });
});

describe('createVenueMapClient without a Worker (main-thread fallback)', () => {
  let client: VenueMapClient | null = null;
  afterEach(() => client?.dispose());

  it('loads SVG text and opens its index', async () => {
    client = createVenueMapClient();
    expect(client.inWorker).toBe(false);
    const { model, index } = await client.load(fixtureText('canonical.svg'));
    expect(model.seatCount).toBe(8);
    expect(index.seatAt(80, 100)).toBe(seatAtKey(model, 'Stalls', 'A', '1').index);
    expect(index.sectionAt(-40, 190)).toBe(2);
    expect(index.seatsInRect(0, 0, 1, 1)).toHaveLength(0);
  });

  it('loads from a URL (fetched where the parser runs) and enforces the size limit while downloading', async () => {
    client = createVenueMapClient();
    const url = `data:image/svg+xml,${encodeURIComponent(fixtureText('bare-circles.svg'))}`;
    expect((await client.load(url)).report.seats).toBe(10);
    expect((await client.load({ url, headers: { authorization: 'Bearer x' } })).report.seats).toBe(10);
    await expect(client.load(url, { maxBytes: 100 })).rejects.toThrow(/over the 0\.0 MB limit/);
  });

  it('loads UTF-8 bytes (a picked file)', async () => {
    client = createVenueMapClient();
    const bytes = new TextEncoder().encode(fixtureText('class-grammar.svg'));
    expect(seatingPlan((await client.load(bytes.buffer)).model)).toEqual(['101/9: 11 12', '102/1: 1']);
  });

  it('rejects with a VenueSvgError carrying the line', async () => {
    client = createVenueMapClient();
    const error = await client.load(fixtureText('error-malformed.svg')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueSvgError);
    expect((error as VenueSvgError).line).toBe(7);
  });

  it('answers queries before the packed index has arrived, the same as once it is open', async () => {
    client = createVenueMapClient();
    const early = await client.load(fixtureText('canonical.svg'));
    const seat = seatAtKey(early.model, 'Stalls', 'A', '3').index;
    // Asked at once, before the packed runs are in: packed here from the model.
    expect(early.index.seatAt(120, 100)).toBe(seat);
    const later = await client.load(fixtureText('canonical.svg'));
    // Not asked: opened over the packed runs the worker half sent after the model.
    await vi.waitFor(() => expect((later.index as DeferredVenueIndex).opened).toBe(true));
    for (const { index } of [early, later]) {
      expect(index.seatAt(120, 100)).toBe(seat);
      expect(Array.from(index.seatsInRect(70, 90, 110, 130))).toEqual([0, 1, 3, 4]);
      expect(index.sectionAt(250, 100)).toBe(1);
    }
  });

  it('when the client is disposed of right after a load, then the index still opens over the runs packed by the worker half', async () => {
    client = createVenueMapClient();
    const { model, index } = await client.load(fixtureText('canonical.svg'));
    client.dispose();
    await vi.waitFor(() => expect((index as DeferredVenueIndex).opened).toBe(true));
    expect(index.seatAt(120, 100)).toBe(seatAtKey(model, 'Stalls', 'A', '3').index);
    await expect(client.load('<svg/>')).rejects.toThrow(/disposed/);
  });

  it('refuses work after dispose', async () => {
    client = createVenueMapClient();
    client.dispose();
    await expect(client.load('<svg/>')).rejects.toThrow(/disposed/);
  });
});

describe('createSharedVenueMapLoader', () => {
  /** Real (main-thread) clients, counted: which one served each load, and which were disposed of. */
  function counted() {
    const made: { disposed: boolean }[] = [];
    const create = () => {
      const client = createVenueMapClient();
      const entry = { disposed: false };
      made.push(entry);
      const dispose = client.dispose;
      client.dispose = () => {
        entry.disposed = true;
        dispose();
      };
      return client;
    };
    return { made, create };
  }
  afterEach(() => vi.useRealTimers());

  it('keeps one client for later maps and lets it go after the idle time', async () => {
    vi.useFakeTimers();
    const { made, create } = counted();
    const loader = createSharedVenueMapLoader(create, 60_000);
    expect((await loader.load(fixtureText('canonical.svg'))).report.seats).toBe(8);
    vi.advanceTimersByTime(59_000);
    expect((await loader.load(fixtureText('bare-circles.svg'))).report.seats).toBe(10);
    expect(made).toHaveLength(1);
    // The idle time counts from the last load.
    vi.advanceTimersByTime(59_000);
    expect(made[0]!.disposed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(made[0]!.disposed).toBe(true);
    expect((await loader.load(fixtureText('canonical.svg'))).report.seats).toBe(8);
    expect(made).toHaveLength(2);
  });

  it('when a page starts the worker ahead, then its first load uses that client; one never used is let go after the idle time', async () => {
    vi.useFakeTimers();
    const { made, create } = counted();
    const loader = createSharedVenueMapLoader(create, 60_000);
    loader.start();
    loader.start();
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect((await loader.load(fixtureText('canonical.svg'))).report.seats).toBe(8);
    expect(made).toHaveLength(1);
    loader.start();
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(made[0]!.disposed).toBe(true);
    loader.start();
    expect(made).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(made[1]!.disposed).toBe(true);
  });

  it('is not let go while loads are running, even past the idle time', async () => {
    vi.useFakeTimers();
    const { made, create } = counted();
    const loader = createSharedVenueMapLoader(create, 10);
    const both = Promise.all([loader.load(fixtureText('canonical.svg')), loader.load(fixtureText('bare-circles.svg'))]);
    const [a, b] = await both;
    expect([a.report.seats, b.report.seats]).toEqual([8, 10]);
    expect(made).toHaveLength(1);
    expect(made[0]!.disposed).toBe(false);
    vi.advanceTimersByTime(10);
    expect(made[0]!.disposed).toBe(true);
  });

  /** A main-thread client whose loads are counted: which loads reached a parser. */
  function countingLoads() {
    const sources: unknown[] = [];
    const create = () => {
      const client = createVenueMapClient();
      const load = client.load;
      client.load = (source, options) => {
        sources.push(source);
        return load(source, options);
      };
      return client;
    };
    return { sources, create };
  }
  const svgUrl = (fixture: string) => `data:image/svg+xml,${encodeURIComponent(fixtureText(fixture))}`;

  it('when a map is prefetched, then the next load of its URL takes that load over and a later one loads again', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    loader.prefetch({ url: new URL(svgUrl('bare-circles.svg')), headers: { authorization: 'Bearer t' } });
    expect(sources).toHaveLength(1);
    // Another map, or the same map asked with options, is not the prefetched load.
    expect((await loader.load(fixtureText('canonical.svg'))).report.seats).toBe(8);
    expect((await loader.load(svgUrl('bare-circles.svg'), { maxBytes: 1_000_000 })).report.seats).toBe(10);
    expect(sources).toHaveLength(3);
    expect((await loader.load({ url: svgUrl('bare-circles.svg') })).report.seats).toBe(10);
    expect(sources).toHaveLength(3);
    expect((await loader.load(svgUrl('bare-circles.svg'))).report.seats).toBe(10);
    expect(sources).toHaveLength(4);
  });

  it('when the page asked for the map before the prefetch came, then the prefetch starts nothing', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    const loading = loader.load({ url: svgUrl('canonical.svg') });
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    expect(sources).toHaveLength(1);
    expect((await loading).report.seats).toBe(8);
    // Once that load is done, a prefetch is for a later visit and starts again.
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    expect(sources).toHaveLength(2);
  });

  it('when the page has already loaded the map since the navigation began, then that navigation\'s late prefetch or warm starts nothing', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    const since = performance.now();
    expect((await loader.load({ url: svgUrl('canonical.svg') })).report.seats).toBe(8);
    loader.prefetch(new URL(svgUrl('canonical.svg')), undefined, since);
    loader.warm(new URL(svgUrl('canonical.svg')), undefined, undefined, since);
    expect(sources).toHaveLength(1);
    // A later navigation's prefetch loads again.
    loader.prefetch(new URL(svgUrl('canonical.svg')), undefined, performance.now() + 1);
    expect(sources).toHaveLength(2);
  });

  it('when a prefetched map has loaded, then it is offered before the page asks, and the page\'s load resolves with the same map', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    // Still under way: nothing to offer yet.
    expect(loader.loaded(new URL(svgUrl('canonical.svg')))).toBeUndefined();
    await vi.waitFor(() => expect(loader.loaded({ url: svgUrl('canonical.svg') })).toBeDefined());
    const offered = loader.loaded({ url: svgUrl('canonical.svg') })!;
    expect(offered.report.seats).toBe(8);
    const taken = await loader.load({ url: svgUrl('canonical.svg') });
    expect(taken.model).toBe(offered.model);
    expect(sources).toHaveLength(1);
    // Taken over: no longer offered.
    expect(loader.loaded({ url: svgUrl('canonical.svg') })).toBeUndefined();
  });

  it('when a prefetched map failed, then nothing is offered', async () => {
    const loader = createSharedVenueMapLoader(countingLoads().create);
    loader.prefetch(new URL(svgUrl('error-malformed.svg')));
    await expect(loader.load(svgUrl('error-malformed.svg'))).rejects.toBeInstanceOf(VenueSvgError);
    loader.prefetch(new URL(svgUrl('error-malformed.svg')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loader.loaded(new URL(svgUrl('error-malformed.svg')))).toBeUndefined();
    await expect(loader.load(svgUrl('error-malformed.svg'))).rejects.toBeInstanceOf(VenueSvgError);
  });

  it('when a prefetched map is not asked for in time, then it is dropped and the load starts afresh', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create, 60_000, 20);
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    expect(sources).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await loader.load(svgUrl('canonical.svg'))).report.seats).toBe(8);
    expect(sources).toHaveLength(2);
  });

  it('when a prefetched map fails, then nothing is reported until its page loads it, and the page gets the error', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      loader.prefetch(new URL(svgUrl('error-malformed.svg')));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(loader.load(svgUrl('error-malformed.svg'))).rejects.toBeInstanceOf(VenueSvgError);
      expect(sources).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('when an event\'s pages warm its map, then the map page takes the model over, even after the prefetch\'s keep time', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create, 60_000, 20);
    const ready = vi.fn();
    loader.warm(new URL(svgUrl('canonical.svg')), ready, 10_000);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    // Kept past the prefetch's short time: a person reads the dashboard before opening the map.
    await new Promise((resolve) => setTimeout(resolve, 60));
    loader.prefetch(new URL(svgUrl('canonical.svg')));
    expect((await loader.load(svgUrl('canonical.svg'))).report.seats).toBe(8);
    expect(sources).toHaveLength(1);
  });

  it('when a map is warmed, a prefetch of it starts nothing more and its listener hears the warm load\'s response', async () => {
    const loader = createSharedVenueMapLoader();
    const ready = vi.fn();
    loader.warm(new URL(svgUrl('bare-circles.svg')), ready);
    const heard: boolean[] = [];
    loader.prefetch(new URL(svgUrl('bare-circles.svg')), (cached) => heard.push(cached));
    expect((await loader.load(svgUrl('bare-circles.svg'))).report.seats).toBe(10);
    await vi.waitFor(() => expect(heard).toEqual([false]));
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('when another event\'s map is warmed, then the first warm is let go; a warm that failed is let go at once', async () => {
    const { sources, create } = countingLoads();
    const loader = createSharedVenueMapLoader(create);
    loader.warm(new URL(svgUrl('canonical.svg')));
    loader.warm(new URL(svgUrl('bare-circles.svg')));
    expect(sources).toHaveLength(2);
    expect((await loader.load(svgUrl('canonical.svg'))).report.seats).toBe(8);
    expect(sources).toHaveLength(3);
    expect((await loader.load(svgUrl('bare-circles.svg'))).report.seats).toBe(10);
    expect(sources).toHaveLength(3);
    loader.warm(new URL(svgUrl('error-malformed.svg')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(loader.load(svgUrl('error-malformed.svg'))).rejects.toBeInstanceOf(VenueSvgError);
    expect(sources).toHaveLength(5);
  });

  it('drops the client after a failed load; the next load starts a new one', async () => {
    const { made, create } = counted();
    const loader = createSharedVenueMapLoader(create);
    await expect(loader.load(fixtureText('error-malformed.svg'))).rejects.toBeInstanceOf(VenueSvgError);
    expect(made[0]!.disposed).toBe(true);
    expect((await loader.load(fixtureText('canonical.svg'))).report.seats).toBe(8);
    expect(made).toHaveLength(2);
    expect(loader.inWorker).toBe(false);
  });
});

describe('VenueSvgError.revive', () => {
  it('rebuilds the error and its line from what Comlink sends across', () => {
    const sent = Object.assign(new Error('Bad tag (line 12)'), { name: 'VenueSvgError' });
    const revived = VenueSvgError.revive(sent) as VenueSvgError;
    expect(revived).toBeInstanceOf(VenueSvgError);
    expect(revived.line).toBe(12);
    expect(revived.message).toBe('Bad tag (line 12)');
  });
});

describe('the model handed over first (parseModelFirst), its index after (packedIndex)', () => {
  // Every fixture map but those of import errors, and generated venues: what the page gets is what parse gives.
  const fixtures = readdirSync(fileURLToPath(new URL('../../fixtures/venues/', import.meta.url)))
    .filter((f) => f.endsWith('.svg') && !f.startsWith('error-'));
  const sources: [string, () => string][] = [
    ...fixtures.map((name): [string, () => string] => [name, () => fixtureText(name)]),
    ['a generated arena of 3,000 seats', () => generateVenue({ seats: 3000, seed: 3 }).svg],
    ['a generated stadium of 45,000 seats', () => generateVenue({ seats: 45_000, seed: 2 }).svg],
  ];

  it.each(sources)('%s: the same model, report and packed index as parse', (_, text) => {
    const api = createVenueMapWorkerApi();
    const svg = text();
    const whole = api.parse(svg);
    const first = api.parseModelFirst(svg);
    expect(JSON.stringify(first.model)).toBe(JSON.stringify(whole.model));
    expect(JSON.stringify(first.report)).toBe(JSON.stringify(whole.report));
    return api.packedIndex(first.ticket).then((packed) => expect(JSON.stringify(packed)).toBe(JSON.stringify(whole.seatIndex)));
  });
});
