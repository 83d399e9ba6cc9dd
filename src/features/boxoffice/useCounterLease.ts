import { useCallback, useEffect, useMemo } from 'react';
import { failureText } from '../../api/errorMessage';
import {
  useGetSeatLeasesQuery, useHandBackSeatLeaseMutation, useShrinkSeatLeaseMutation, useTakeSeatLeaseMutation, useWidenSeatLeaseMutation,
} from '../../api/seatLeasesApi';
import type { LeaseSelection, SeatLease } from '../../contracts/seatLeases';
import { leaseOverlay, standingLeasedToOthers, type LeaseOverlay } from '../../seatmap/leaseOverlay';
import { notifyDanger, notifySuccess } from '../../ui/notify';

/** What a lease holds unsold, in words: "8 seat(s)", "8 seat(s) and 2 standing place(s)". */
export function leaseContent(l: { seats_left: number; standing: readonly { left: number }[] }): string {
  const places = l.standing.reduce((n, a) => n + a.left, 0);
  return places > 0 ? `${l.seats_left} seat(s) and ${places} standing place(s)` : `${l.seats_left} seat(s)`;
}

export interface CounterLease {
  /** This counter's running lease, if any. */
  mine: SeatLease | undefined;
  overlay: LeaseOverlay;
  /** Standing places other counters' running leases hold, by area name: not free for this counter. */
  standingOthers: ReadonlyMap<string, number>;
  busy: boolean;
  take(sel: LeaseSelection, endsAt: string): Promise<void>;
  widen(sel: LeaseSelection): Promise<void>;
  shrink(sel: LeaseSelection): Promise<void>;
  handBack(): Promise<void>;
}

/**
 * The counter's seat lease (issue 35; docs/boxoffice.md "Seat leases"): the event's running leases (read again when
 * the pushed seat states say something changed: `changes` counts them), this counter's own among them, and its
 * writes, each saying what happened.
 */
export function useCounterLease(eventId: number, reservationId: number, changes: number): CounterLease {
  const leases = useGetSeatLeasesQuery(eventId, { skip: !eventId });
  const refetch = leases.refetch;
  useEffect(() => {
    if (changes > 0 && eventId) void refetch();
  }, [changes, eventId, refetch]);
  const overlay = useMemo(() => leaseOverlay(leases.data?.collection ?? [], reservationId), [leases.data, reservationId]);
  const mine = leases.data?.collection.find((l) => l.reservation_id === reservationId);
  const standingOthers = useMemo(() => standingLeasedToOthers(leases.data?.collection ?? [], reservationId), [leases.data, reservationId]);
  const [takeLease, taking] = useTakeSeatLeaseMutation();
  const [widenLease, widening] = useWidenSeatLeaseMutation();
  const [shrinkLease, shrinking] = useShrinkSeatLeaseMutation();
  const [handBackLease, handing] = useHandBackSeatLeaseMutation();

  const said = useCallback((res: { data?: SeatLease; error?: unknown }, done: (data: SeatLease) => string, fallback: string) => {
    if (res.error !== undefined || !res.data) notifyDanger(failureText(res.error as never, fallback));
    else notifySuccess(done(res.data));
  }, []);
  const ids = { reservationId, eventId };
  return {
    mine, overlay, standingOthers, busy: taking.isLoading || widening.isLoading || shrinking.isLoading || handing.isLoading,
    take: async (sel, endsAt) => said(await takeLease({ ...ids, body: { ...sel, ends_at: endsAt } }), (l) => `${leaseContent(l)} leased to this counter.`, 'The lease could not be taken.'),
    widen: async (sel) => {
      if (mine) said(await widenLease({ ...ids, leaseId: mine.id, body: sel }), (l) => `The lease now holds ${leaseContent(l)} unsold.`, 'The lease could not be widened.');
    },
    shrink: async (sel) => {
      if (mine) said(await shrinkLease({ ...ids, leaseId: mine.id, body: sel }), (l) => `The lease now holds ${leaseContent(l)} unsold.`, 'The seats could not be handed back.');
    },
    handBack: async () => {
      if (mine) said(await handBackLease({ ...ids, leaseId: mine.id }), () => 'The lease is handed back: its unsold seats are for sale everywhere again.', 'The lease could not be handed back.');
    },
  };
}
