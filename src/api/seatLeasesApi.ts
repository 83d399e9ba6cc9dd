import { api } from './api';
import type { LeaseSelection, SeatLease, SeatLeases } from '../contracts/seatLeases';

type LeaseChange = { reservationId: number; eventId: number; leaseId: number; body: LeaseSelection };
const eventTag = (eventId: number) => [{ type: 'SeatLease' as const, id: `event-${eventId}` }];

/**
 * Seat leases (issue 35; docs/boxoffice.md "Seat leases"): the event's running leases, which every map draws, and the
 * counter's take, widen, shrink and hand back. Each write invalidates the event's list; other maps refetch it when
 * the pushed seat states say something changed.
 */
export const seatLeasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSeatLeases: build.query<SeatLeases, number>({
      query: (eventId) => `events/${eventId}/seat-leases`,
      providesTags: (_r, _e, eventId) => eventTag(eventId),
    }),
    takeSeatLease: build.mutation<SeatLease, { reservationId: number; eventId: number; body: LeaseSelection & { ends_at: string } }>({
      query: ({ reservationId, body }) => ({ url: `boxoffice/reservations/${reservationId}/leases`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => eventTag(eventId),
    }),
    widenSeatLease: build.mutation<SeatLease, LeaseChange>({
      query: ({ reservationId, leaseId, body }) => ({ url: `boxoffice/reservations/${reservationId}/leases/${leaseId}/widen`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => eventTag(eventId),
    }),
    shrinkSeatLease: build.mutation<SeatLease, LeaseChange>({
      query: ({ reservationId, leaseId, body }) => ({ url: `boxoffice/reservations/${reservationId}/leases/${leaseId}/shrink`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => eventTag(eventId),
    }),
    handBackSeatLease: build.mutation<SeatLease, Omit<LeaseChange, 'body'>>({
      query: ({ reservationId, leaseId }) => ({ url: `boxoffice/reservations/${reservationId}/leases/${leaseId}/hand-back`, method: 'POST' }),
      invalidatesTags: (_r, _e, { eventId }) => eventTag(eventId),
    }),
    revokeSeatLease: build.mutation<SeatLease, { eventId: number; leaseId: number }>({
      query: ({ leaseId }) => ({ url: `seat-leases/${leaseId}/revoke`, method: 'POST' }),
      invalidatesTags: (_r, _e, { eventId }) => eventTag(eventId),
    }),
  }),
});

export const {
  useGetSeatLeasesQuery, useTakeSeatLeaseMutation, useWidenSeatLeaseMutation, useShrinkSeatLeaseMutation, useHandBackSeatLeaseMutation, useRevokeSeatLeaseMutation,
} = seatLeasesApi;
