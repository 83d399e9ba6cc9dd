import { api } from './api';
import type { AssignedEvents, OperatorSummary, ShiftClose, ShiftCloseBody, TicketReferences } from '../contracts/boxoffice';
import type { Reservation, ReservationList, ReseatBody, UpdateReservationBody } from '../contracts/reservations';
import { reservationsApi } from './reservationsApi';

/**
 * Box-office reservations of an event (001 §7: GET api/reservations with type boxoffice, per_page 500 and search).
 * Create, edit and delete are the reservation calls of reservationsApi; they invalidate the event's reservation tag,
 * which this list provides too.
 */
export const boxOfficeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoxOfficeReservations: build.query<ReservationList, { eventId: number; search?: string }>({
      query: ({ eventId, search }) => ({
        url: 'reservations',
        params: { event: eventId, type: 'boxoffice', per_page: 500, ...(search ? { search } : {}) },
      }),
      providesTags: (_r, _e, { eventId }) => [{ type: 'Reservation', id: `event-${eventId}` }],
    }),
    /** The box-office app: the signed-in box-office user's assigned events (their box-office reservations). */
    getBoxOfficeAssigned: build.query<AssignedEvents, void>({ query: () => 'boxoffice/assigned', keepUnusedDataFor: 0 }),
    /** What the signed-in box-office user sold today. */
    getBoxOfficeSummary: build.query<OperatorSummary, void>({ query: () => 'boxoffice/summary', keepUnusedDataFor: 0, providesTags: ['BoxOfficeShift'] }),
    /** Closes the operator's shift with the cash counted (issue 35); the summary is read again. */
    closeShift: build.mutation<ShiftClose, ShiftCloseBody>({
      query: (body) => ({ url: 'boxoffice/shift/close', method: 'POST', body }),
      invalidatesTags: ['BoxOfficeShift'],
    }),
    /** The signed references (QR codes) of a reservation's valid tickets. */
    getBoxOfficeTicketReferences: build.query<TicketReferences, number>({
      query: (id) => `boxoffice/reservations/${id}/references`,
      providesTags: (_r, _e, id) => [{ type: 'Reservation', id }],
    }),
    /**
     * A sale or a release at the counter (PUT api/reservations/{id}, tickets or items): its answer is the reservation,
     * written straight into that reservation's cache entry, and so are the ticket references (QR codes) it carries.
     * The event's sections are not refetched: the counter draws the seats from the answer and the seat-state poll
     * (PERFORMANCE.md: reserve → seats drawn taken), and a 100k-seat map read would only queue behind the next sale.
     */
    counterUpdate: build.mutation<Reservation, { id: number; body: UpdateReservationBody }>({
      query: ({ id, body }) => ({ url: `reservations/${id}`, method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reservationsApi.util.upsertQueryData('getReservation', id, data));
          if (data.references) dispatch(boxOfficeApi.util.upsertQueryData('getBoxOfficeTicketReferences', id, { collection: data.references }));
        } catch {
          // The caller shows the refusal.
        }
      },
    }),
    /** Re-seat at the counter (issue 38): its answer is the reservation, written into its cache entry as a sale's is. */
    counterReseat: build.mutation<Reservation, { id: number; itemId: number; body: ReseatBody }>({
      query: ({ id, itemId, body }) => ({ url: `boxoffice/reservations/${id}/items/${itemId}/seat`, method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reservationsApi.util.upsertQueryData('getReservation', id, data));
        } catch {
          // The caller shows the refusal.
        }
      },
    }),
  }),
});

export const {
  useGetBoxOfficeReservationsQuery, useGetBoxOfficeAssignedQuery, useGetBoxOfficeTicketReferencesQuery, useGetBoxOfficeSummaryQuery, useCloseShiftMutation,
  useCounterUpdateMutation, useCounterReseatMutation,
} = boxOfficeApi;
