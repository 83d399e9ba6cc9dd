import { parseVenueSvg, type ParseVenueSvgOptions, DEFAULT_MAX_BYTES } from './parseVenueSvg';
import { createVenueIndex } from './venueIndex';
import { venueModelBuffers, type ParseResult, type VenueIndexQueries } from './venueModel';
import { VenueSvgError } from './VenueSvgError';

/**
 * What the venue-map worker does, as a plain object so it also runs on the main thread (the client's fallback when a
 * worker cannot start) and in tests. The index is built before the model leaves: the model's buffers are then
 * transferred (the worker loses them) while the index keeps its own copies, so hover and selection queries keep
 * being answered here, off the UI thread.
 */
export interface VenueMapWorkerApi extends VenueIndexQueries {
  /** Parses SVG text (or its UTF-8 bytes), builds the index, and returns the model (buffers transferred). */
  parse(input: string | ArrayBuffer, options?: ParseVenueSvgOptions): ParseResult;
  /** Fetches the SVG here (no copy of a large string on the main thread), then as parse. */
  parseFromUrl(url: string, headers?: Record<string, string>, options?: ParseVenueSvgOptions): Promise<ParseResult>;
}

/** Marks values whose buffers should move rather than be copied (Comlink.transfer in the worker). */
export type TransferOut = <T>(value: T, buffers: ArrayBuffer[]) => T;

const noTransfer: TransferOut = (value) => value;

export function createVenueMapWorkerApi(transferOut: TransferOut = noTransfer): VenueMapWorkerApi {
  let index: VenueIndexQueries | null = null;

  const parse = (input: string | ArrayBuffer, options: ParseVenueSvgOptions = {}): ParseResult => {
    index = null;
    const text = typeof input === 'string' ? input : decodeUtf8(input, options.maxBytes ?? DEFAULT_MAX_BYTES);
    const result = parseVenueSvg(text, options);
    index = createVenueIndex(result.model);
    return transferOut(result, venueModelBuffers(result.model));
  };

  return {
    parse,
    async parseFromUrl(url, headers = {}, options = {}) {
      const bytes = await fetchCapped(url, headers, options.maxBytes ?? DEFAULT_MAX_BYTES);
      return parse(bytes, options);
    },
    seatAt: (x, y) => (index ? index.seatAt(x, y) : -1),
    sectionAt: (x, y) => (index ? index.sectionAt(x, y) : -1),
    seatsInRect(minX, minY, maxX, maxY) {
      const seats = index ? index.seatsInRect(minX, minY, maxX, maxY) : new Uint32Array(0);
      return transferOut(seats, [seats.buffer as ArrayBuffer]);
    },
  };
}

function tooBig(bytes: number, limit: number): VenueSvgError {
  return new VenueSvgError(`The file is ${(bytes / 1_048_576).toFixed(1)} MB, over the ` +
    `${(limit / 1_048_576).toFixed(1)} MB limit for venue maps`);
}

function decodeUtf8(buffer: ArrayBuffer, limit: number): string {
  if (buffer.byteLength > limit) throw tooBig(buffer.byteLength, limit);
  return new TextDecoder('utf-8').decode(new Uint8Array(buffer));
}

/** Reads a response body, refusing it as soon as it passes the size limit (whatever Content-Length claimed). */
async function fetchCapped(url: string, headers: Record<string, string>, limit: number): Promise<ArrayBuffer> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`Could not download the venue map (${response.status} ${response.statusText})`);
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
