import { api } from './api';
import type {
  CorporateOptions, CreateReservationBody, EventReservationList, Reservation, SeatStates, ServiceFeeList, UpdateReservationBody,
} from '../contracts/reservations';

type Update = { id: number; eventId: number; body: UpdateReservationBody };

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
      invalidatesTags: (_r, _e, { id, eventId }) => [
        { type: 'Reservation', id }, { type: 'Reservation', id: `event-${eventId}` }, { type: 'Sections', id: eventId }, { type: 'EventStats', id: eventId },
      ],
    }),
    deleteReservation: build.mutation<{ message: string }, { id: number; eventId: number }>({
      query: ({ id }) => ({ url: `reservations/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id, eventId }) => [
        { type: 'Reservation', id }, { type: 'Reservation', id: `event-${eventId}` }, { type: 'Sections', id: eventId }, { type: 'EventStats', id: eventId },
      ],
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
  useGetEventReservationsQuery, useGetReservationQuery, useCreateReservationMutation, useUpdateReservationMutation,
  useDeleteReservationMutation, useGetEventCorporatesQuery, useGetServiceFeesQuery, useLazyGetSeatStatesQuery,
} = reservationsApi;
