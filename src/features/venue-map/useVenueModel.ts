import { useEffect, useMemo, useState } from 'react';
import { createVenueMapClient, type VenueMapClient } from '../../../workers/venue-map/venueMapClient';
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
 * Downloads and parses the map SVG in the venue-map worker (the text never reaches this thread), keeps the
 * worker for hit-testing, and disposes of it when the map closes. `attempt` changes retry the load.
 */
export function useVenueModel(svgUrl: string | undefined, attempt = 0): VenueModelState {
  const token = useAppSelector((s) => s.session.token);
  const [state, setState] = useState<VenueModelState>({ model: null, report: null, index: null, error: null, loadMs: null });
  const [client, setClient] = useState<VenueMapClient | null>(null);

  useEffect(() => {
    if (!svgUrl) return;
    const c = createVenueMapClient();
    let cancelled = false;
    const started = performance.now();
    setState({ model: null, report: null, index: null, error: null, loadMs: null });
    const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
    if (token) headers.authorization = `Bearer ${token}`;
    c.load({ url: new URL(svgUrl, window.location.origin), headers })
      .then(({ model, report }) => {
        if (cancelled) return;
        setClient(c);
        setState({ model, report, index: null, error: null, loadMs: performance.now() - started });
      })
      .catch((err: Error) => {
        if (!cancelled) setState({ model: null, report: null, index: null, error: err.message, loadMs: null });
      });
    return () => {
      cancelled = true;
      c.dispose();
      setClient(null);
    };
    // The token is read but not a dependency: it only authorises the download, and a refresh must not reload the map.
  }, [svgUrl, attempt]);

  const index = useMemo<SeatMapIndex | null>(
    () =>
      client && {
        seatAt: (x, y) => client.seatAt(x, y),
        sectionAt: (x, y) => client.sectionAt(x, y),
        seatsInRect: (a, b, c2, d) => client.seatsInRect(a, b, c2, d),
      },
    [client],
  );
  return { ...state, index };
}
