import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { SeatStates } from '../contracts/reservations';
import type { EventSectionsResponse } from '../contracts/venueMap';
import { useLazyGetSeatStatesQuery } from './reservationsApi';
import type { SessionDispatch } from './reportDownloads';
import { followSeatStream } from './seatStateStream';
import { sessionHeaders } from './sessionHeaders';

/** How long to wait before opening the stream again after it broke: doubling from the first, up to the last. */
const RETRY_MS = [1000, 2000, 4000, 8000];

export interface LiveSeatStates {
  /** Seats whose state changed since the map was loaded: seat index → taken. */
  taken: ReadonlyMap<number, boolean>;
  /** Of the seats in `taken`: whether the event's season family holds it (the pushed `season`; false when free or own). */
  season: ReadonlyMap<number, boolean>;
  /** Standing places taken now, by section id, where they changed since the map was loaded. */
  placesTaken: ReadonlyMap<number, number>;
  /** The seats of the last change that came in from others, to flash once; `n` counts the changes. */
  changed: { seats: readonly number[]; n: number };
  /** Whether changes are pushed now (false: the stream is down and the map polls while it reconnects). */
  live: boolean;
  /** This map's own write, drawn at once until the pushed state says the same (a reserve, a sale, a release). */
  markOwn(seats: readonly number[], taken: boolean): void;
}

/**
 * The live seat states of an event's open map. Changes are pushed (GET api/events/{id}/seat-stream, server-sent
 * events) within a fraction of a second of their commit, from any API process; a broken stream is opened again from
 * the last version seen, and meanwhile GET api/events/{id}/seat-states?since= is asked, so no change is missed. Each
 * version is applied once (versions only grow). `onReload` when the server says the map must read its sections again
 * (prices or hidden seats changed, or too much changed to send).
 *
 * `drawnFrom`: the sections answer the map is drawn from. The stream starts once that answer is the event's, and
 * resumes from its `seat_version`, so whatever changed after it was read reaches the map, also when it came from RTK
 * Query's cache (a map opened again within a minute) or was asked before the page opened (a warmed map).
 */
export function useLiveSeatStates(eventId: number, drawnFrom: Pick<EventSectionsResponse, 'seat_version' | 'event'> | undefined, onReload: () => void): LiveSeatStates {
  const dispatch = useDispatch() as SessionDispatch;
  const [fetchStates] = useLazyGetSeatStatesQuery();
  const [pushed, setPushed] = useState<{ taken: ReadonlyMap<number, boolean>; season: ReadonlyMap<number, boolean>; places: ReadonlyMap<number, number>; changed: LiveSeatStates['changed'] }>(
    { taken: new Map(), season: new Map(), places: new Map(), changed: { seats: [], n: 0 } });
  const [own, setOwn] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [live, setLive] = useState(false);
  const version = useRef<number | undefined>(undefined);
  const reload = useRef(onReload);
  reload.current = onReload;

  // The stream follows an event from the version of the first sections answer drawn for it; answers read again later
  // are newer, and what changed between them is pushed anyway (versions only grow), so it is not started again.
  const start = useRef<{ eventId: number; version: number } | null>(null);
  if (drawnFrom && drawnFrom.event.id === eventId && start.current?.eventId !== eventId) start.current = { eventId, version: drawnFrom.seat_version };
  const ready = start.current?.eventId === eventId;

  useEffect(() => {
    if (!eventId || !ready) return; // not known yet
    const stop = new AbortController();
    version.current = start.current!.version;
    const apply = (s: SeatStates) => {
      if (version.current !== undefined && s.version <= version.current && !s.reload) return; // applied already
      version.current = s.version;
      if (s.reload) {
        setPushed({ taken: new Map(), season: new Map(), places: new Map(), changed: { seats: [], n: 0 } });
        reload.current();
        return;
      }
      if (s.changed.length === 0) return;
      setPushed((prev) => {
        const taken = new Map(prev.taken);
        const season = new Map(prev.season);
        const places = new Map(prev.places);
        const seats: number[] = [];
        for (const c of s.changed) {
          if (c.seat_index === null) places.set(c.section_id, c.taken);
          else {
            taken.set(c.seat_index, c.taken > 0);
            season.set(c.seat_index, c.season === true);
            seats.push(c.seat_index);
          }
        }
        return { taken, season, places, changed: { seats, n: prev.changed.n + 1 } };
      });
    };
    const pause = (ms: number) => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    void (async () => {
      let failures = 0;
      while (!stop.signal.aborted) {
        const opened = Date.now();
        try {
          setLive(true);
          await followSeatStream(eventId, await sessionHeaders(dispatch), version.current, apply, stop.signal);
          failures = 0;
        } catch {
          if (stop.signal.aborted) return;
          failures++;
        }
        setLive(false);
        // While the stream is down, ask once; the stream, when back, resumes from the version this leaves.
        const res = await fetchStates({ eventId, since: version.current });
        if (res.data && !stop.signal.aborted) apply(res.data);
        await pause(failures ? RETRY_MS[Math.min(failures, RETRY_MS.length) - 1] : Math.max(0, 500 - (Date.now() - opened)));
      }
    })();
    return () => stop.abort();
  }, [eventId, ready, dispatch, fetchStates]);

  // A seat of our own write leaves `own` once the pushed state says the same (then that is the only word).
  useEffect(() => setOwn((prev) => {
    const left = [...prev].filter(([i, t]) => pushed.taken.get(i) !== t);
    return left.length === prev.size ? prev : new Map(left);
  }), [pushed.taken]);
  const markOwn = useCallback((seats: readonly number[], taken: boolean) => {
    if (seats.length) setOwn((prev) => new Map([...prev, ...seats.map((i) => [i, taken] as const)]));
  }, []);

  const merged = useMemo(() => (own.size ? new Map([...pushed.taken, ...own]) : pushed.taken), [pushed.taken, own]);
  return { taken: merged, season: pushed.season, placesTaken: pushed.places, changed: pushed.changed, live, markOwn };
}
