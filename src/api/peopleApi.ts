import { api } from './api';
import type { UserList, UserListQuery } from '../contracts/users';
import type {
  BlacklistCandidates, BlacklistCreateBody, BlacklistEntry, BlacklistList, BlacklistQuery, Promoter, PromoterBody, PromoterList,
  PromoterListQuery, ServiceFeeList, ServiceFeesBatchBody, UserDetail, UserStatusResult, UserUpdateBody,
} from '../contracts/people';

const USERS = { type: 'User' as const, id: 'LIST' };
const PROMOTERS = { type: 'Promoter' as const, id: 'LIST' };
const BLACKLIST = { type: 'Blacklist' as const, id: 'LIST' };

/** People (002 §7): users, promoters with their service fees, the blacklist. */
export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserList, UserListQuery>({
      query: (params) => ({ url: 'users', params }),
      providesTags: [USERS],
    }),
    getUser: build.query<UserDetail, number>({
      query: (id) => `users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    updateUser: build.mutation<UserDetail, { id: number; body: UserUpdateBody }>({
      query: ({ id, body }) => ({ url: `users/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [USERS, { type: 'User', id }],
    }),
    setUserStatus: build.mutation<UserStatusResult, { id: number; status: 'active' | 'inactive' }>({
      query: ({ id, status }) => ({ url: `users/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: (_r, _e, { id }) => [USERS, { type: 'User', id }],
    }),
    removeUser: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [USERS, { type: 'User', id }, BLACKLIST],
    }),
    revokeUserSessions: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `users/${id}/revoke-sessions`, method: 'POST' }),
    }),

    listPromoters: build.query<PromoterList, PromoterListQuery>({
      query: (params) => ({ url: 'promoters', params }),
      providesTags: [PROMOTERS],
    }),
    getPromoter: build.query<Promoter, number>({
      query: (id) => `promoters/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Promoter', id }],
    }),
    createPromoter: build.mutation<Promoter, PromoterBody>({
      query: (body) => ({ url: 'promoters', method: 'POST', body }),
      invalidatesTags: [PROMOTERS, USERS],
    }),
    updatePromoter: build.mutation<Promoter, { id: number; body: PromoterBody }>({
      query: ({ id, body }) => ({ url: `promoters/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [PROMOTERS, USERS, { type: 'Promoter', id }],
    }),
    setPromoterStatus: build.mutation<Promoter, { id: number; status: 'active' | 'inactive' }>({
      query: ({ id, status }) => ({ url: `promoters/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: (_r, _e, { id }) => [PROMOTERS, { type: 'Promoter', id }],
    }),
    getServiceFees: build.query<ServiceFeeList, number>({
      query: (promoter) => ({ url: 'service-fees', params: { promoter } }),
      providesTags: (_r, _e, id) => [{ type: 'ServiceFees', id }],
    }),
    saveServiceFees: build.mutation<ServiceFeeList, { promoterId: number; fees: ServiceFeesBatchBody['fees'] }>({
      query: ({ promoterId, fees }) => ({ url: `promoters/${promoterId}/service-fees/batch`, method: 'POST', body: { fees } }),
      invalidatesTags: (_r, _e, { promoterId }) => [{ type: 'ServiceFees', id: promoterId }],
    }),

    listBlacklist: build.query<BlacklistList, BlacklistQuery>({
      query: (params) => ({ url: 'blacklists', params }),
      providesTags: [BLACKLIST],
    }),
    blacklistCandidates: build.query<BlacklistCandidates, string>({
      query: (search) => ({ url: 'blacklists/candidates', params: { search } }),
    }),
    addToBlacklist: build.mutation<BlacklistEntry, BlacklistCreateBody>({
      query: (body) => ({ url: 'blacklists', method: 'POST', body }),
      invalidatesTags: [BLACKLIST],
    }),
    updateBlacklistEntry: build.mutation<BlacklistEntry, { id: number; expire_date: string }>({
      query: ({ id, expire_date }) => ({ url: `blacklists/${id}`, method: 'PATCH', body: { expire_date } }),
      invalidatesTags: [BLACKLIST],
    }),
    removeFromBlacklist: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `blacklists/${id}`, method: 'DELETE' }),
      invalidatesTags: [BLACKLIST],
    }),
  }),
});

export const {
  useListUsersQuery, useGetUserQuery, useUpdateUserMutation, useSetUserStatusMutation, useRemoveUserMutation, useRevokeUserSessionsMutation,
  useListPromotersQuery, useGetPromoterQuery, useCreatePromoterMutation, useUpdatePromoterMutation, useSetPromoterStatusMutation,
  useGetServiceFeesQuery, useSaveServiceFeesMutation,
  useListBlacklistQuery, useBlacklistCandidatesQuery, useAddToBlacklistMutation, useUpdateBlacklistEntryMutation, useRemoveFromBlacklistMutation,
} = peopleApi;
