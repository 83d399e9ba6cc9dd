import { useEffect, useState } from 'react';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import type { SeatMapIndex } from '../../seatmap/types';
import { freshToken } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../contracts/common';

interface VenueState { model: VenueModel | null; index: SeatMapIndex | null; error: string | null }
const LOADING: VenueState = { model: null, index: null, error: null };

/**
 * The event's map parsed in the shared venue-map worker, as the venue-map page loads it (features do not import each
 * other, so this is its small twin; both could move to src/seatmap): the worker downloads api/events/{id}/svg itself.
 */
export function useReservationVenue(eventId: number, attempt = 0): VenueState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<VenueState>(LOADING);
  useEffect(() => {
    let cancelled = false;
    setState(LOADING);
    dispatch(freshToken())
      .then((token) => {
        const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
        if (token) headers.authorization = `Bearer ${token}`;
        return venueMapLoader.load({ url: new URL(`/api/events/${eventId}/svg`, window.location.origin), headers });
      })
      .then(({ model, index }) => !cancelled && setState({ model, index, error: null }))
      .catch((err: Error) => !cancelled && setState({ ...LOADING, error: err.message }));
    return () => {
      cancelled = true;
    };
  }, [eventId, attempt, dispatch]);
  return state;
}
