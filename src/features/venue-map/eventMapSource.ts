import type { VenueMapUrlSource } from '../../../workers/venue-map/venueMapClient';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../contracts/platform';

/**
 * Where the venue-map worker downloads an event's map: `api/events/{id}/svg`, which redirects to the map's immutable
 * URL (one cached copy per map), with the headers the API wants. The worker fetches it, so the SVG text never
 * exists on the main thread. `storedFirst`: the model this URL last led to, when one is stored, is served without
 * the redirect (venueModelCache.ts): for the map page's first load, which checks the model's file against the
 * sections' `svg` (checkSameMap) and loads again without it when the event's map has changed.
 */
export function eventMapSource(eventId: number, token: string | null, storedFirst = false): VenueMapUrlSource {
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
  if (token) headers.authorization = `Bearer ${token}`;
  return { url: new URL(`/api/events/${eventId}/svg`, window.location.origin), headers, ...(storedFirst ? { storedFirst } : {}) };
}

/** Where the console notes the events whose map model the browser has stored (a hint, see mapStoredHint). */
const STORED_HINT_KEY = 'arena-venue-map-stored';
/** As many events as the worker's model cache keeps maps (MODEL_CACHE_MAPS in venueModelCache.ts). */
const STORED_HINT_MAX = 6;

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

const readStoredHint = (storage: HintStorage): number[] => {
  try {
    const ids = JSON.parse(storage.getItem(STORED_HINT_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};

/**
 * Whether event `eventId`'s map was loaded in this browser lately, so its model is most likely stored (the worker's
 * model cache, IndexedDB) and a load of the map's page is served without a request (`storedFirst`). Read on the
 * main thread at once, before the worker has started: the map page's loader asks the sections at navigation rather
 * than when the worker has read the model (prefetchVenueMap). Only a hint: a model no longer stored costs the
 * sections going out beside the map's redirect, and the model's file is checked against the sections as always.
 */
export function mapStoredHint(eventId: number, storage: HintStorage = localStorage): boolean {
  return readStoredHint(storage).includes(eventId);
}

/** Notes that event `eventId`'s map has been loaded (and so stored by the worker): the most recent last. */
export function noteMapStored(eventId: number, storage: HintStorage = localStorage): void {
  try {
    const ids = readStoredHint(storage).filter((id) => id !== eventId);
    ids.push(eventId);
    storage.setItem(STORED_HINT_KEY, JSON.stringify(ids.slice(-STORED_HINT_MAX)));
  } catch {
    // no storage (a private window, the quota): the hint only
  }
}
