import { api } from './api';
import type { AssignedEvents, OperatorSummary, TicketReferences } from '../contracts/boxoffice';
import type { ReservationList } from '../contracts/reservations';

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
    getBoxOfficeSummary: build.query<OperatorSummary, void>({ query: () => 'boxoffice/summary', keepUnusedDataFor: 0 }),
    /** The signed references (QR codes) of a reservation's valid tickets. */
    getBoxOfficeTicketReferences: build.query<TicketReferences, number>({
      query: (id) => `boxoffice/reservations/${id}/references`,
      providesTags: (_r, _e, id) => [{ type: 'Reservation', id }],
    }),
  }),
});

export const { useGetBoxOfficeReservationsQuery, useGetBoxOfficeAssignedQuery, useGetBoxOfficeTicketReferencesQuery, useGetBoxOfficeSummaryQuery } = boxOfficeApi;
