import { useEffect, useState } from 'react';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import type { ImportReport, VenueModel } from '../../../workers/venue-map/venueModel';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../contracts/common';
import type { SeatMapIndex } from '../../seatmap/types';
import { useAppSelector } from '../../app/hooks';

interface VenueModelState {
  model: VenueModel | null;
  report: ImportReport | null;
  index: SeatMapIndex | null;
  error: string | null;
  /** Milliseconds from asking the worker to having the model on this thread. */
  loadMs: number | null;
}

/**
 * Downloads and parses the map SVG in the venue-map worker (the text never reaches this thread) and opens the seat
 * index it packed (hit-tests are answered on this thread in microseconds). The worker is the page's shared one, kept
 * a few minutes between maps so the next map opens faster (venueMapLoader). `attempt` changes retry the load.
 */
export function useVenueModel(svgUrl: string | undefined, attempt = 0): VenueModelState {
  const token = useAppSelector((s) => s.session.token);
  const [state, setState] = useState<VenueModelState>({ model: null, report: null, index: null, error: null, loadMs: null });

  useEffect(() => {
    if (!svgUrl) return;
    let cancelled = false;
    const started = performance.now();
    setState({ model: null, report: null, index: null, error: null, loadMs: null });
    const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
    if (token) headers.authorization = `Bearer ${token}`;
    venueMapLoader.load({ url: new URL(svgUrl, window.location.origin), headers })
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
  }, [svgUrl, attempt]);

  return state;
}
