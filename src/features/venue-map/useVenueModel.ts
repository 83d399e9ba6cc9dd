import { useEffect, useState } from 'react';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import type { ImportReport, VenueModel } from '../../../workers/venue-map/venueModel';
import type { SeatMapIndex } from '../../seatmap/types';
import { useAppSelector } from '../../app/hooks';
import { eventMapSource } from './eventMapSource';

interface VenueModelState {
  model: VenueModel | null;
  report: ImportReport | null;
  index: SeatMapIndex | null;
  error: string | null;
  /** Milliseconds from asking the worker to having the model on this thread. */
  loadMs: number | null;
}

/**
 * Downloads and parses the event's map SVG in the venue-map worker (the text never reaches this thread) and opens
 * the seat index it packed (hit-tests are answered on this thread in microseconds). The worker is the page's shared
 * one, kept a few minutes between maps so the next map opens faster, and a load the router started as navigation
 * began (prefetchVenueMap) is taken over (venueMapLoader). `attempt` changes retry the load.
 */
export function useVenueModel(eventId: number | undefined, attempt = 0): VenueModelState {
  const token = useAppSelector((s) => s.session.token);
  const [state, setState] = useState<VenueModelState>({ model: null, report: null, index: null, error: null, loadMs: null });

  useEffect(() => {
    if (eventId === undefined) return;
    let cancelled = false;
    const started = performance.now();
    setState({ model: null, report: null, index: null, error: null, loadMs: null });
    venueMapLoader.load(eventMapSource(eventId, token))
      .then(({ model, report, index }) => {
        if (cancelled) return;
        setState({ model, report, index, error: null, loadMs: performance.now() - started });
      })
      .catch((err: Error) => {
        if (!cancelled) setState({ model: null, report: null, index: null, error: err.message, loadMs: null });
      });
    return () => {
      cancelled = true;
    };
    // The token is read but not a dependency: it only authorises the download, and a refresh must not reload the map.
  }, [eventId, attempt]);

  return state;
}
