import { useMemo, useRef } from 'react';
import type { EventSectionsResponse } from '../contracts/venueMap';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { LeaseOverlay } from './leaseOverlay';
import { buildPickableSeats, updatePickableSeats, type PickableSeats } from './pickableSeats';

interface Last {
  map: EventSectionsResponse;
  model: VenueModel;
  lease: LeaseOverlay;
  taken: ReadonlyMap<number, boolean>;
  result: PickableSeats;
}

/**
 * buildPickableSeats for a page whose live seat states change often (the box-office counter): built in full when the
 * sections answer, the model or the leases change, and otherwise updated from the last result for the seats whose
 * live state changed (updatePickableSeats), so a sale re-colours its seats without a pass over the whole venue.
 */
export function usePickableSeats(map: EventSectionsResponse | undefined, model: VenueModel | null, taken: ReadonlyMap<number, boolean>, lease: LeaseOverlay): PickableSeats | null {
  const last = useRef<Last | null>(null);
  return useMemo(() => {
    if (!map || !model) return null;
    const l = last.current;
    const result = l && l.map === map && l.model === model && l.lease === lease
      ? updatePickableSeats(l.result, map, model, l.taken, taken, lease)
      : buildPickableSeats(map, model, taken, lease);
    last.current = { map, model, lease, taken, result };
    return result;
  }, [map, model, taken, lease]);
}
