import { useEffect, useState } from 'react';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import type { SeatMapIndex } from '../../seatmap/types';
import { freshToken } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { eventMapSource, noteMapStored } from './eventMapSource';

interface VenueModelState {
  model: VenueModel | null;
  index: SeatMapIndex | null;
  error: string | null;
  /** The file (and version) the model was downloaded from: checkSameMap compares it with the sections' `svg`. */
  url?: string;
}

const LOADING: VenueModelState = { model: null, index: null, error: null };

/**
 * Downloads and parses the event's map SVG in the venue-map worker (the text never reaches this thread) and opens
 * the seat index it packed (hit-tests are answered on this thread in microseconds). The worker is the page's shared
 * one, kept a few minutes between maps so the next map opens faster, and a load the router started as navigation
 * began (prefetchVenueMap) is taken over (venueMapLoader). `attempt` changes retry the load. The worker downloads
 * with the session's token as the API calls send it: refreshed first when it is about to expire (a token read from
 * the store as it stood made the download fail with 401 while the page's other calls refreshed theirs).
 */
export function useVenueModel(eventId: number | undefined, attempt = 0): VenueModelState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<VenueModelState>(LOADING);

  useEffect(() => {
    if (eventId === undefined) return;
    let cancelled = false;
    setState(LOADING);
    dispatch(freshToken())
      // The first load may take the stored model without the redirect (the page checks its file: checkSameMap); a
      // retry, after a changed map or a failure, asks the server.
      .then((token) => venueMapLoader.load(eventMapSource(eventId, token, attempt === 0)))
      .then(({ model, index, url }) => {
        // The worker stored the model (or read it from its store): a later load of this map's page asks the
        // sections at once (prefetchVenueMap).
        noteMapStored(eventId);
        if (!cancelled) setState({ model, index, error: null, url });
      })
      .catch((err: Error) => {
        if (!cancelled) setState({ ...LOADING, error: err.message });
      });
    return () => {
      cancelled = true;
    };
  }, [eventId, attempt, dispatch]);

  return state;
}
