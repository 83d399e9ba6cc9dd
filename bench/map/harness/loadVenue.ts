/**
 * Where the harness gets a venue, as the console does (src/features/venue-map/useVenueModel.ts): the canonical
 * generator (bench/venues/generateVenue.ts) writes the SVG and encodes it to UTF-8 bytes (both untimed: they stand in
 * for the download, which gives the console's worker the file's bytes, never text), the bytes are transferred to the
 * page's shared venue-map worker, which decodes and parses them and packs the seat index (workers/venue-map/
 * venueMapClient.ts, venueMapLoader), model and index come back with their buffers transferred, and the index is
 * opened here for the engine's hit-tests. The peers' pages start from the same bytes (peers/shared/peerVenue.ts). The worker stays alive for the next map, as
 * in the console, so its heap is part of the page's; the bench opens each venue in a fresh page (a first open).
 */
import { generateVenueBytes } from './venueBytes';
import { venueMapLoader, type LoadedVenueMap } from '../../../workers/venue-map/venueMapClient';
import { venueModelBuffers, type VenueIndexQueries, type VenueModel } from '../../../workers/venue-map/venueModel';

export interface LoadedVenue {
  model: VenueModel;
  index: VenueIndexQueries;
  /** Generating the SVG and encoding it to bytes (stands in for the API download; not part of "open"). */
  generateMs: number;
  svgBytes: number;
  /** The SVG's bytes → decoded, model + packed index in the worker, both back on the main thread, index opened: the client's load(). */
  parseMs: number;
  /** Handing the model's buffers across a MessageChannel with transfer, as the worker does: the first sample. */
  transferMs: number;
  /** The same hand-over timed TRANSFER_SAMPLES times (one slow task on the main thread is one sample, not the figure). */
  transferSamplesMs: number[];
  /** Wall time of the samples: the bench's own, not part of "open". */
  handoverSamplingMs: number;
  inWorker: boolean;
  /** From a URL: the model came from the browser's model cache. */
  cached: boolean;
}

/**
 * Samples an open: the bench's p95 rests on 3-4 opens a size, and with 7 an open it was the second-worst of 21-28, so one
 * message that waited behind another task, or on a loaded machine's scheduler, decided the figure (0.2 ms medians,
 * 2.9-7.2 ms p95 outliers: bench/map/probes/handoverSamples.ts, docs/venue-map-journal.md). 30 an open make it the fourth- to
 * sixth-worst of 90-120, and cost ~0.25 ms each, outside the open's figure.
 */
const TRANSFER_SAMPLES = 30;

/**
 * `mainThreadReady`: work of the open's own that may still hold the main thread (the renderer being prepared); the
 * hand-over is timed once it is done, so its figure is the transfer's cost, not the wait behind a shader compile.
 */
export async function loadVenue(seats: number, seed = 1, mainThreadReady?: Promise<unknown>, prepared?: ArrayBuffer): Promise<LoadedVenue> {
  return finishVenueLoad(startVenueLoad(seats, seed, prepared), mainThreadReady);
}

/** A generated venue on its way through the worker: started by the page's entry (boot.ts) or by loadVenue. */
export interface VenueLoad {
  seats: number;
  seed: number;
  /** performance.now() when the generation began. */
  startedAt: number;
  generateMs: number;
  svgBytes: number;
  /** performance.now() when the SVG was handed to the worker. */
  postedAt: number;
  loaded: Promise<LoadedVenueMap>;
  /** performance.now() when `loaded` settled, once it has. */
  loadedAt?: number;
}

/**
 * Generates the SVG's bytes (the stand-in for the download; `prepared`: made before, generateMs 0) and transfers them
 * to the worker, which decodes and parses them; finishVenueLoad takes the result.
 */
export function startVenueLoad(seats: number, seed = 1, prepared?: ArrayBuffer): VenueLoad {
  const startedAt = performance.now();
  const bytes = prepared ?? generateVenueBytes(seats, seed);
  const generateMs = performance.now() - startedAt;
  const svgBytes = bytes.byteLength;
  // When the bytes exist (the stand-in download is over): the worker's decode and parse can start from here.
  performance.mark('harness:svg-ready');
  const postedAt = performance.now();
  // Transferred, not copied: the page keeps nothing of the file, as with the console's download.
  const load: VenueLoad = { seats, seed, startedAt, generateMs, svgBytes, postedAt, loaded: venueMapLoader.load(bytes) };
  load.loaded.then(() => (load.loadedAt = performance.now()), () => undefined);
  return load;
}

export async function finishVenueLoad(load: VenueLoad, mainThreadReady?: Promise<unknown>): Promise<LoadedVenue> {
  const loaded = await load.loaded;
  return handedOver(loaded, (load.loadedAt ?? performance.now()) - load.postedAt, { generateMs: load.generateMs, svgBytes: load.svgBytes }, mainThreadReady);
}

/**
 * The same venue downloaded as the console downloads a map (the bench's server answers /venues/<seats>.svg with an
 * ETag): the worker parses it and stores the model the first time, and reads it back from the browser's model
 * cache afterwards (workers/venue-map/venueModelCache.ts). The download is part of the open here (a loopback
 * request; a cached open reads only its headers).
 */
export async function loadVenueFromUrl(seats: number, mainThreadReady?: Promise<unknown>): Promise<LoadedVenue> {
  const t1 = performance.now();
  const loaded = await venueMapLoader.load(new URL(`../venues/${seats}.svg`, location.href).href);
  return handedOver(loaded, performance.now() - t1, { generateMs: 0, svgBytes: 0 }, mainThreadReady);
}

async function handedOver(loaded: LoadedVenueMap, parseMs: number, source: { generateMs: number; svgBytes: number }, mainThreadReady?: Promise<unknown>): Promise<LoadedVenue> {
  const inWorker = venueMapLoader.inWorker;
  await mainThreadReady?.catch(() => undefined);
  const t2 = performance.now();
  const transferSamplesMs: number[] = [];
  while (transferSamplesMs.length < TRANSFER_SAMPLES) transferSamplesMs.push(await measureTransfer(loaded.model));
  const handoverSamplingMs = performance.now() - t2;
  return {
    model: loaded.model, index: loaded.index, ...source, parseMs, transferMs: transferSamplesMs[0]!, transferSamplesMs, handoverSamplingMs,
    inWorker, cached: loaded.cached === true,
  };
}

/**
 * The main-thread cost of receiving a transferred model: the same buffers posted through a MessageChannel
 * with a transfer list, timed until they arrive. The buffers move back, so the model stays usable.
 */
async function measureTransfer(model: VenueModel): Promise<number> {
  const channel = new MessageChannel();
  const arrived = new Promise<VenueModel>((resolve) => {
    channel.port2.onmessage = (e: MessageEvent<VenueModel>) => resolve(e.data);
  });
  const t0 = performance.now();
  channel.port1.postMessage(model, venueModelBuffers(model));
  const moved = await arrived;
  const ms = performance.now() - t0;
  channel.port1.close();
  channel.port2.close();
  Object.assign(model, moved);
  return ms;
}
