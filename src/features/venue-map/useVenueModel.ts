import { useEffect, useRef, useState } from 'react';
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

/** The state of a map already loaded for the page (prefetched or warmed, its load settled), else LOADING. */
function loadedState(eventId: number | undefined, attempt: number): VenueModelState {
  if (eventId === undefined || attempt > 0) return LOADING;
  const loaded = venueMapLoader.loaded(eventMapSource(eventId, null));
  return loaded ? { model: loaded.model, index: loaded.index, error: null, url: loaded.url } : LOADING;
}

/**
 * Downloads and parses the event's map SVG in the venue-map worker (the text never reaches this thread) and opens
 * the seat index it packed (hit-tests are answered on this thread in microseconds). The worker is the page's shared
 * one, kept a few minutes between maps so the next map opens faster, and a load the router started as navigation
 * began (prefetchVenueMap) is taken over (venueMapLoader). `attempt` changes retry the load. The worker downloads
 * with the session's token as the API calls send it: refreshed first when it is about to expire (a token read from
 * the store as it stood made the download fail with 401 while the page's other calls refreshed theirs).
 *
 * A map the router's prefetch (or the event's warm) has already loaded when the page first renders is the hook's
 * first state, so the page draws it in its first commit rather than in a second render after the load's promise
 * (a reload of a stored map's URL: the model is in before the page's code); the page's load still takes it over.
 */
export function useVenueModel(eventId: number | undefined, attempt = 0): VenueModelState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<VenueModelState>(() => loadedState(eventId, attempt));
  /** The map shown from the first render (see above), for the load of the same event and attempt. */
  const first = useRef(state.model ? { eventId, attempt, model: state.model } : null);

  useEffect(() => {
    if (eventId === undefined) return;
    let cancelled = false;
    const shown = first.current?.eventId === eventId && first.current.attempt === attempt ? first.current.model : null;
    if (!shown) {
      first.current = null;
      setState(LOADING);
    }
    dispatch(freshToken())
      // The first load may take the stored model without the redirect (the page checks its file: checkSameMap); a
      // retry, after a changed map or a failure, asks the server.
      .then((token) => venueMapLoader.load(eventMapSource(eventId, token, attempt === 0)))
      .then(({ model, index, url }) => {
        // The worker stored the model (or read it from its store): a later load of this map's page asks the
        // sections at once (prefetchVenueMap).
        noteMapStored(eventId);
        // The map shown since the first render comes back as the same object: nothing to render again.
        if (!cancelled && model !== shown) setState({ model, index, error: null, url });
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
