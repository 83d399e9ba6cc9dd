import * as Comlink from 'comlink';
import { indexedDbModelCache, readAheadFromName, withModelCache } from './venueModelCache';
import type { OnMapResponse } from './notifyResponse';
import { createVenueMapWorkerApi, epochNow, type TransferOut, type VenueMapWorkerApi } from './venueMapWorkerApi';

/**
 * The venue-map worker: exposes the pure API; results carrying typed arrays are transferred, never copied. Downloads
 * go through the model cache (venueModelCache.ts): a map opened before (same URL and ETag) is not parsed again.
 * The worker script's URL (content-hashed in builds) keys the cache, so a new importer never reads older models.
 * A worker named for a stored-first load (storedFirstWorkerName) reads that map's stored model as it starts.
 */
const startedAt = epochNow();
const transferOut: TransferOut = (value, buffers) => Comlink.transfer(value, buffers);
const api = withModelCache(createVenueMapWorkerApi(transferOut), indexedDbModelCache(), transferOut, self.location.href, undefined, startedAt, readAheadFromName(self.name));
/** A parse of text or bytes, timed like a download (venueModelCache.ts): the page's timeline shows when it could start. */
function timedParse<R extends { timings?: { step: string; at: number }[] }>(run: () => R): R {
  const at = epochNow();
  const result = run();
  result.timings = [{ step: 'worker-started', at: startedAt }, { step: 'worker-parse-start', at }, { step: 'worker-parsed', at: epochNow() }];
  return result;
}
const exposed: VenueMapWorkerApi = {
  parse: (input, options, onProgress) => timedParse(() => api.parse(input, options, onProgress)),
  parseModelFirst: (input, options, onProgress) => timedParse(() => api.parseModelFirst(input, options, onProgress)),
  packedIndex: (ticket) => api.packedIndex(ticket),
  // The page's onResponse arrives as a Comlink proxy: let it go once the load is over.
  async parseFromUrl(url, headers, options, onResponse, storedFirst) {
    try {
      return await api.parseFromUrl(url, headers, options, onResponse, storedFirst);
    } finally {
      (onResponse as Partial<Comlink.Remote<OnMapResponse>> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
};
Comlink.expose(exposed);
