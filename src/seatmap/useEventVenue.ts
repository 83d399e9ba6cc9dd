import { useEffect, useRef, useState } from 'react';
import { venueMapLoader } from '../../workers/venue-map/venueMapClient';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { SeatMapIndex } from './types';

/** What a seat map says when its map cannot be loaded (001 §8 'Error...'), before the reason. */
export function mapLoadFailedText(reason: string): string {
  return `Error... The map could not be read: ${reason}`;
}

export interface EventVenueState { model: VenueModel | null; index: SeatMapIndex | null; error: string | null }
const LOADING: EventVenueState = { model: null, index: null, error: null };

/**
 * An event's map parsed in the shared venue-map worker, as the venue-map page loads it (the reservation map and the
 * box-office counter use it): the worker downloads api/events/{id}/svg itself, with the caller's request headers
 * (`headers`: the session's, see src/api/sessionHeaders.ts). Nothing is loaded while `eventId` is 0 (not known yet).
 */
export function useEventVenue(eventId: number, headers: () => Promise<Record<string, string>>, attempt = 0): EventVenueState {
  const [state, setState] = useState<EventVenueState>(LOADING);
  const headersRef = useRef(headers);
  headersRef.current = headers;
  useEffect(() => {
    let cancelled = false;
    setState(LOADING);
    if (!eventId) return;
    headersRef.current()
      .then((h) => venueMapLoader.load({ url: new URL(`/api/events/${eventId}/svg`, window.location.origin), headers: h }))
      .then(({ model, index }) => !cancelled && setState({ model, index, error: null }))
      .catch((err: Error) => !cancelled && setState({ ...LOADING, error: err.message }));
    return () => {
      cancelled = true;
    };
  }, [eventId, attempt]);
  return state;
}
