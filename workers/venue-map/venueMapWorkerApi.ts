import { parseVenueSvg, type ParseVenueSvgOptions, DEFAULT_MAX_BYTES } from './parseVenueSvg';
import { packedSeatIndexBuffers, packSeatIndex, type PackedSeatIndex, type SeatIndexSource } from './venueIndex';
import { venueModelBuffers, type ParseResult } from './venueModel';
import { VenueSvgError } from './VenueSvgError';
import { notifyResponse, type OnMapResponse } from './notifyResponse';

/** A parsed map with the worker's half of its spatial index (open it with createVenueIndex(model, seatIndex)). */
export interface IndexedVenue extends ParseResult {
  seatIndex: PackedSeatIndex;
  /** Set when the model came from the browser's model cache (no download body, no parse): venueModelCache.ts. */
  cached?: boolean;
  /** Set when the server could not be reached and the model is the one this URL last led to (venueModelCache.ts). */
  offline?: boolean;
  /** A download's final URL (after redirects): which file, at which version, the model was read from. */
  url?: string;
  /**
   * When the worker reached each step of this load (ms since the epoch: performance.timeOrigin + now(), so the page
   * can place them on its own timeline as `venue-map:<step>` marks). Profiling only; absent when nothing was timed.
   */
  timings?: { step: string; at: number }[];
}

/**
 * A parsed map handed over before its seat index is packed (`parseModelFirst`): ask for the packed index with
 * `packedIndex(ticket)`. Timings as in IndexedVenue.
 */
export interface ModelFirstVenue extends ParseResult {
  ticket: number;
  timings?: { step: string; at: number }[];
}

/** Now, in ms since the epoch at sub-millisecond precision (comparable between the worker and the page). */
export function epochNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.timeOrigin + performance.now();
}

/**
 * What the venue-map worker does, as a plain object so it also runs on the main thread (the client's fallback when a
 * worker cannot start) and in tests: parse the SVG and pack the seat index, then hand both over with their buffers
 * transferred (the worker keeps nothing). Queries are answered where the model lives (createVenueIndex).
 */
export interface VenueMapWorkerApi {
  /**
   * Parses SVG text (or its UTF-8 bytes) and packs the seat index. `onProgress` is an argument of its own (not in
   * options) so the client can pass it as a Comlink proxy: each call posts the percent to the page.
   */
  parse(input: string | ArrayBuffer, options?: ParseVenueSvgOptions, onProgress?: (percent: number) => void): IndexedVenue;
  /**
   * As parse, but the model and report are handed over (buffers transferred) without the seat index: the page can
   * build its scene and draw its first frame, which needs no index, without waiting for the packing. The worker keeps
   * copies of the few arrays packing reads (seat centres and radii, rows: about 2.5 MB at 200k seats) and packs them
   * when `packedIndex(ticket)` asks (once the page is idle: packed at once, it took a core from the page's first
   * frame on a 2-core machine). The packed index is the one `parse` returns for the same file.
   */
  parseModelFirst(input: string | ArrayBuffer, options?: ParseVenueSvgOptions, onProgress?: (percent: number) => void): ModelFirstVenue;
  /**
   * The seat index of a model `parseModelFirst` handed over, packed now and transferred. Each ticket is answered
   * once; only the last PENDING_INDEXES tickets are kept (a page that never asked has gone).
   */
  packedIndex(ticket: number): Promise<PackedSeatIndex>;
  /**
   * Fetches the SVG here (no copy of a large string on the main thread), then as parse. `onResponse` hears as soon as
   * the map's response is in (before its body is read or parsed), and whether the model cache will serve it: the
   * page's next requests can start then without queueing in front of the map's on a one-threaded server.
   * `storedFirst`: the model this URL last led to, if one is stored, is served at once without asking the server
   * (the model cache's; the caller checks the file it names, e.g. against the sections' `svg`, and asks again
   * without it when the map has changed).
   */
  parseFromUrl(url: string, headers?: Record<string, string>, options?: ParseVenueSvgOptions, onResponse?: OnMapResponse, storedFirst?: boolean): Promise<IndexedVenue>;
}


/** Marks values whose buffers should move rather than be copied (Comlink.transfer in the worker). */
export type TransferOut = <T>(value: T, buffers: ArrayBuffer[]) => T;

const noTransfer: TransferOut = (value) => value;

/** Seat indexes packed after their model was handed over and not yet asked for, kept at most. */
export const PENDING_INDEXES = 2;

/** What packing the seat index reads, copied: the model's own buffers are transferred away before it runs. */
function seatIndexSource(model: SeatIndexSource): SeatIndexSource {
  return {
    rowCount: model.rowCount, rowFirstSeat: model.rowFirstSeat.slice(), rowSeatCount: model.rowSeatCount.slice(),
    seatX: model.seatX.slice(), seatY: model.seatY.slice(), seatRadius: model.seatRadius.slice(),
  };
}

export function createVenueMapWorkerApi(transferOut: TransferOut = noTransfer): VenueMapWorkerApi {
  const parseText = (input: string | ArrayBuffer, options: ParseVenueSvgOptions, onProgress?: (percent: number) => void): ParseResult => {
    const text = typeof input === 'string' ? input : decodeUtf8(input, options.maxBytes ?? DEFAULT_MAX_BYTES);
    return parseVenueSvg(text, onProgress ? { ...options, onProgress } : options);
  };
  const parse = (input: string | ArrayBuffer, options: ParseVenueSvgOptions = {},
    onProgress?: (percent: number) => void): IndexedVenue => {
    const result = parseText(input, options, onProgress);
    const seatIndex = packSeatIndex(result.model);
    return transferOut({ ...result, seatIndex }, [...venueModelBuffers(result.model), ...packedSeatIndexBuffers(seatIndex)]);
  };

  /** What packing reads of each model handed over first, until its page asks for the index. */
  const pending = new Map<number, SeatIndexSource>();
  let lastTicket = 0;

  return {
    parse,
    parseModelFirst(input, options = {}, onProgress) {
      const result = parseText(input, options, onProgress);
      const ticket = ++lastTicket;
      pending.set(ticket, seatIndexSource(result.model));
      for (const old of pending.keys()) if (pending.size > PENDING_INDEXES) pending.delete(old);
      return transferOut({ ...result, ticket }, venueModelBuffers(result.model));
    },
    async packedIndex(ticket) {
      const source = pending.get(ticket);
      pending.delete(ticket);
      if (!source) throw new Error(`No seat index is waiting for load ${ticket}`);
      const seatIndex = packSeatIndex(source);
      return transferOut(seatIndex, packedSeatIndexBuffers(seatIndex));
    },
    async parseFromUrl(url, headers = {}, options = {}, onResponse) {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`Could not download the venue map (${response.status} ${response.statusText})`);
      notifyResponse(onResponse, false);
      const result = parse(await readCapped(response, options.maxBytes ?? DEFAULT_MAX_BYTES), options);
      result.url = response.url || url;
      return result;
    },
  };
}

export function tooBig(bytes: number, limit: number): VenueSvgError {
  return new VenueSvgError(`The file is ${(bytes / 1_048_576).toFixed(1)} MB, over the ` +
    `${(limit / 1_048_576).toFixed(1)} MB limit for venue maps`);
}

function decodeUtf8(buffer: ArrayBuffer, limit: number): string {
  if (buffer.byteLength > limit) throw tooBig(buffer.byteLength, limit);
  return new TextDecoder('utf-8').decode(new Uint8Array(buffer));
}

/** A response's body, refused as soon as it passes the size limit (whatever Content-Length claimed). */
export async function readCapped(response: Response, limit: number): Promise<ArrayBuffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) throw tooBig(declared, limit);
  if (!response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooBig(total, limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}
