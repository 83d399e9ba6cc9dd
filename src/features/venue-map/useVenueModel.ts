import { useEffect, useState } from 'react';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import type { SeatMapIndex } from '../../seatmap/types';
import { useAppSelector } from '../../app/hooks';
import { eventMapSource } from './eventMapSource';

interface VenueModelState {
  model: VenueModel | null;
  index: SeatMapIndex | null;
  error: string | null;
}

const LOADING: VenueModelState = { model: null, index: null, error: null };

/**
 * Downloads and parses the event's map SVG in the venue-map worker (the text never reaches this thread) and opens
 * the seat index it packed (hit-tests are answered on this thread in microseconds). The worker is the page's shared
 * one, kept a few minutes between maps so the next map opens faster, and a load the router started as navigation
 * began (prefetchVenueMap) is taken over (venueMapLoader). `attempt` changes retry the load.
 */
export function useVenueModel(eventId: number | undefined, attempt = 0): VenueModelState {
  const token = useAppSelector((s) => s.session.token);
  const [state, setState] = useState<VenueModelState>(LOADING);

  useEffect(() => {
    if (eventId === undefined) return;
    let cancelled = false;
    setState(LOADING);
    venueMapLoader.load(eventMapSource(eventId, token))
      .then(({ model, index }) => {
        if (!cancelled) setState({ model, index, error: null });
      })
      .catch((err: Error) => {
        if (!cancelled) setState({ ...LOADING, error: err.message });
      });
    return () => {
      cancelled = true;
    };
    // The token is read but not a dependency: it only authorises the download, and a refresh must not reload the map.
  }, [eventId, attempt]);

  return state;
}
