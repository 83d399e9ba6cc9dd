import { api } from './api';
import type {
  Corporate, CorporateBody, CorporateDetails, CorporateList, CorporateListQuery, CorporateReservationDetail,
  CorporateReservationList, FriendResult, TicketHolders,
} from '../contracts/corporates';
import type { ItemChange, Reservation } from '../contracts/reservations';

type Paged = { page: number; per_page: number };

/**
 * Corporates (002 §7) and the corporate app (001 §7). Cancel Access uses the users' status call
 * (`PUT api/users/{id}/status {status: 0|1}`, docs/api.md), served by the users area.
 */
export const corporatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCorporates: build.query<CorporateList, CorporateListQuery>({
      query: (params) => ({ url: 'corporate', params }),
      providesTags: [{ type: 'Corporate', id: 'LIST' }],
    }),
    getCorporate: build.query<Corporate, number>({
      query: (id) => `corporate/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Corporate', id }],
    }),
    createCorporate: build.mutation<Corporate, CorporateBody>({
      query: (body) => ({ url: 'corporate', method: 'POST', body }),
      invalidatesTags: [{ type: 'Corporate', id: 'LIST' }],
    }),
    updateCorporate: build.mutation<Corporate, { id: number; body: CorporateBody }>({
      query: ({ id, body }) => ({ url: `corporate/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Corporate', id: 'LIST' }, { type: 'Corporate', id }],
    }),
    setCorporateAccess: build.mutation<unknown, { id: number; status: 0 | 1 }>({
      query: ({ id, status }) => ({ url: `users/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Corporate', id: 'LIST' }, { type: 'Corporate', id }],
    }),
    getCorporateReservations: build.query<CorporateReservationList, { id: number } & Paged>({
      query: ({ id, ...params }) => ({ url: `corporate/${id}/reservations`, params }),
      providesTags: [{ type: 'CorporateReservation', id: 'LIST' }],
    }),
    getMyCorporateDetails: build.query<CorporateDetails, void>({ query: () => 'corporate-app/details' }),
    getMyReservations: build.query<CorporateReservationList, Paged>({
      query: (params) => ({ url: 'corporate-app/reservations', params }),
      providesTags: [{ type: 'CorporateReservation', id: 'LIST' }],
    }),
    getMyReservation: build.query<CorporateReservationDetail, number>({
      query: (id) => `corporate-app/reservations/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'CorporateReservation', id }],
    }),
    findFriend: build.query<FriendResult, { eventId: number; phone: string }>({
      query: ({ eventId, phone }) => ({ url: `events/${eventId}/tickets/friend`, params: { phone } }),
      keepUnusedDataFor: 0,
    }),
    /** Send tickets: 001 §7's `PUT api/reservations/{id}` with `items [{id, user: {id}, is_child}]`. */
    assignTickets: build.mutation<Reservation, { id: number; body: { items: ItemChange[] } }>({
      query: ({ id, body }) => ({ url: `reservations/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'CorporateReservation', id: 'LIST' }, { type: 'CorporateReservation', id }],
    }),
    getTicketHolders: build.query<TicketHolders, { corporate_id?: number; reservation_id?: number }>({
      query: (params) => ({ url: 'corporate-ticket-holders', params }),
      providesTags: [{ type: 'CorporateReservation', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetCorporatesQuery, useGetCorporateQuery, useCreateCorporateMutation, useUpdateCorporateMutation, useSetCorporateAccessMutation,
  useGetCorporateReservationsQuery, useGetMyCorporateDetailsQuery, useGetMyReservationsQuery, useGetMyReservationQuery,
  useLazyFindFriendQuery, useAssignTicketsMutation, useGetTicketHoldersQuery,
} = corporatesApi;
