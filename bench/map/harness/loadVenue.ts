/**
 * Where the harness gets a venue: the canonical generator (bench/venues/generateVenue.ts) writes the SVG,
 * the venue-map worker parses and indexes it (workers/venue-map/venueMapClient.ts), the model comes back
 * with its buffers transferred, and the same client answers the engine's hit-tests from the worker.
 */
import { generateVenue } from '../../venues/generateVenue';
import { createVenueMapClient, type VenueMapClient } from '../../../workers/venue-map/venueMapClient';
import { venueModelBuffers, type VenueModel } from '../../../workers/venue-map/venueModel';

export interface LoadedVenue {
  model: VenueModel;
  client: VenueMapClient;
  /** Generating the SVG (stands in for the API download; not part of "open"). */
  generateMs: number;
  svgBytes: number;
  /** SVG → model + index in the worker, model back on the main thread: the client's load() round trip. */
  parseMs: number;
  /** Handing the model's buffers across a MessageChannel with transfer, as the worker does. */
  transferMs: number;
  inWorker: boolean;
  release(): void;
}

export async function loadVenue(seats: number, seed = 1): Promise<LoadedVenue> {
  const t0 = performance.now();
  const { svg } = generateVenue({ seats, seed });
  const generateMs = performance.now() - t0;
  const client = createVenueMapClient();
  const t1 = performance.now();
  const { model } = await client.load(svg);
  const parseMs = performance.now() - t1;
  const transferMs = await measureTransfer(model);
  return { model, client, generateMs, svgBytes: svg.length, parseMs, transferMs, inWorker: client.inWorker, release: () => client.dispose() };
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
