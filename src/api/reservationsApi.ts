import { api } from './api';
import type {
  CorporateOptions, CreateReservationBody, EventReservationList, Reservation, ReseatBody, SeatStates, ServiceFeeList, UpdateReservationBody,
} from '../contracts/reservations';

type Update = { id: number; eventId: number; body: UpdateReservationBody };

/** What a change of a reservation makes stale: it, its event's list, the event's seats and statistics. */
const changedBy = (id: number, eventId: number) => [
  { type: 'Reservation' as const, id }, { type: 'Reservation' as const, id: `event-${eventId}` }, { type: 'Sections' as const, id: eventId }, { type: 'EventStats' as const, id: eventId },
];

/** Event reservations (001 §7 "Reservations"): list, detail, create, update (reserve, remove, assign, details), delete. */
export const reservationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEventReservations: build.query<EventReservationList, number>({
      query: (eventId) => `events/${eventId}/reservations`,
      providesTags: (_r, _e, eventId) => [{ type: 'Reservation', id: `event-${eventId}` }],
    }),
    getReservation: build.query<Reservation, number>({
      query: (id) => `reservations/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Reservation', id }],
    }),
    createReservation: build.mutation<Reservation, CreateReservationBody>({
      query: (body) => ({ url: 'reservations', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'Reservation', id: `event-${body.event}` }, { type: 'EventStats', id: body.event }],
    }),
    updateReservation: build.mutation<Reservation, Update>({
      query: ({ id, body }) => ({ url: `reservations/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id, eventId }) => changedBy(id, eventId),
    }),
    /**
     * Reserving on the map: the page reads the reservation again through its tag, so it asks for no answer
     * (`Prefer: return=minimal`, 204) and the server's grouped reserve skips reading the reservation back.
     */
    reserveOnMap: build.mutation<void, Update>({
      query: ({ id, body }) => ({ url: `reservations/${id}`, method: 'PUT', body, headers: { Prefer: 'return=minimal' } }),
      invalidatesTags: (_r, _e, { id, eventId }) => changedBy(id, eventId),
    }),
    /** Re-seat: a ticket moves to another free seat (PUT api/reservations/{id}/items/{itemId}/seat). */
    reseatTicket: build.mutation<Reservation, { id: number; eventId: number; itemId: number; body: ReseatBody }>({
      query: ({ id, itemId, body }) => ({ url: `reservations/${id}/items/${itemId}/seat`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id, eventId }) => changedBy(id, eventId),
    }),
    deleteReservation: build.mutation<{ message: string }, { id: number; eventId: number }>({
      query: ({ id }) => ({ url: `reservations/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id, eventId }) => changedBy(id, eventId),
    }),
    getEventCorporates: build.query<CorporateOptions, number>({ query: (eventId) => `events/${eventId}/corporates` }),
    getServiceFees: build.query<ServiceFeeList, number | undefined>({
      query: (promoter) => ({ url: 'service-fees', params: promoter ? { promoter } : {} }),
    }),
    getSeatStates: build.query<SeatStates, { eventId: number; since?: number }>({
      query: ({ eventId, since }) => ({ url: `events/${eventId}/seat-states`, params: since === undefined ? {} : { since } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetEventReservationsQuery, useGetReservationQuery, useCreateReservationMutation, useUpdateReservationMutation, useReserveOnMapMutation,
  useDeleteReservationMutation, useGetEventCorporatesQuery, useGetServiceFeesQuery, useLazyGetSeatStatesQuery, useReseatTicketMutation,
} = reservationsApi;
