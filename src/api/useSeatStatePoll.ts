import { useEffect, useRef, useState } from 'react';
import { useLazyGetSeatStatesQuery } from './reservationsApi';

export const POLL_MS = 1000;

/**
 * Follows the event's seat-state version (GET api/events/{id}/seat-states?since=) about once a second, so seats
 * reserved or freed by other operators re-colour within two seconds without refetching the venue. Returns the live
 * seat states (seat index → taken) and standing places taken (section id → places); `onReload` when the server says
 * the delta is too long.
 */
export function useSeatStatePoll(eventId: number, onReload: () => void) {
  const [fetchStates] = useLazyGetSeatStatesQuery();
  const [liveTaken, setLiveTaken] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [placesTaken, setPlacesTaken] = useState<ReadonlyMap<number, number>>(new Map());
  const version = useRef<number | undefined>(undefined);
  const reload = useRef(onReload);
  reload.current = onReload;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!eventId) return; // not known yet
    const tick = async () => {
      const res = await fetchStates({ eventId, since: version.current });
      if (stopped) return;
      if (res.data) {
        const { changed, reload: mustReload } = res.data;
        if (mustReload) reload.current();
        else if (version.current !== undefined && changed.length) {
          setLiveTaken((prev) => {
            const next = new Map(prev);
            for (const c of changed) if (c.seat_index !== null) next.set(c.seat_index, c.taken > 0);
            return next;
          });
          setPlacesTaken((prev) => {
            const next = new Map(prev);
            for (const c of changed) if (c.seat_index === null) next.set(c.section_id, c.taken);
            return next;
          });
        }
        version.current = res.data.version;
      }
      timer = setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [eventId, fetchStates]);

  return { liveTaken, placesTaken };
}
