import { api } from './api';
import type { AssignedEvents, Affiliate, AffiliateCreateBody, AffiliateList, EventAffiliateLinks, StaffListQuery, StaffUser, StaffUserBody, StaffUserList } from '../contracts/staff';

export type StaffPath = 'scanner-users' | 'boxoffice-users';
const listTag = (path: StaffPath) => ({ type: 'StaffUser' as const, id: `LIST-${path}` });

/**
 * A promoter's staff (002 §7): scanner and box-office users, affiliates, a scanner's assigned events and an event's
 * affiliate links. The status call PUT api/users/{id}/status belongs to the people area's server module; the
 * console's endpoint for it lives here so the staff screens do not depend on that feature.
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffUsers: build.query<StaffUserList, { path: StaffPath } & StaffListQuery>({
      query: ({ path, ...params }) => ({ url: path, params }),
      providesTags: (res, _e, { path }) => [listTag(path), ...(res?.collection ?? []).map((u) => ({ type: 'StaffUser' as const, id: u.id }))],
    }),
    getStaffUser: build.query<StaffUser, { path: StaffPath; id: number }>({
      query: ({ path, id }) => `${path}/${id}`,
      providesTags: (_r, _e, { id }) => [{ type: 'StaffUser', id }],
    }),
    createStaffUser: build.mutation<StaffUser, { path: StaffPath; body: StaffUserBody }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', body }),
      invalidatesTags: (_r, _e, { path }) => [listTag(path)],
    }),
    updateStaffUser: build.mutation<StaffUser, { path: StaffPath; id: number; body: StaffUserBody }>({
      query: ({ path, id, body }) => ({ url: `${path}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { path, id }) => [listTag(path), { type: 'StaffUser', id }],
    }),
    setUserStatus: build.mutation<unknown, { id: number; status: 'active' | 'inactive' }>({
      query: ({ id, status }) => ({ url: `users/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'StaffUser', id }, listTag('scanner-users'), listTag('boxoffice-users')],
    }),
    getAssignedEvents: build.query<AssignedEvents, number>({
      query: (userId) => `users/${userId}/events`,
      providesTags: (_r, _e, userId) => [{ type: 'ScannerEvents', id: userId }],
    }),
    assignEvents: build.mutation<AssignedEvents, { userId: number; events: number[] }>({
      query: ({ userId, events }) => ({ url: `users/${userId}/events`, method: 'POST', body: { events } }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'ScannerEvents', id: userId }],
    }),
    getAffiliates: build.query<AffiliateList, StaffListQuery>({
      query: (params) => ({ url: 'affiliates', params }),
      providesTags: (res) => [{ type: 'Affiliate', id: 'LIST' }, ...(res?.collection ?? []).map((a) => ({ type: 'Affiliate' as const, id: a.id }))],
    }),
    getAffiliate: build.query<Affiliate, number>({
      query: (id) => `affiliates/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Affiliate', id }],
    }),
    createAffiliate: build.mutation<Affiliate, AffiliateCreateBody>({
      query: (body) => ({ url: 'affiliates', method: 'POST', body }),
      invalidatesTags: [{ type: 'Affiliate', id: 'LIST' }],
    }),
    /** The spec's update: multipart POST with the override method PUT (fields status, primary_color, logo; name, link_short_name). */
    updateAffiliate: build.mutation<Affiliate, { id: number; fields: Record<string, string>; logo?: File | null }>({
      query: ({ id, fields, logo }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        if (logo) body.append('logo', logo);
        return { url: `affiliates/${id}`, method: 'POST', body, headers: { 'X-HTTP-Method-Override': 'PUT' } };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Affiliate', id: 'LIST' }, { type: 'Affiliate', id }],
    }),
    deleteAffiliate: build.mutation<void, number>({
      query: (id) => ({ url: `affiliates/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Affiliate', id: 'LIST' }, { type: 'Affiliate', id }],
    }),
    getEventAffiliateLinks: build.query<EventAffiliateLinks, number>({
      query: (eventId) => `events/${eventId}/affiliate-links`,
      providesTags: [{ type: 'Affiliate', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetStaffUsersQuery, useGetStaffUserQuery, useCreateStaffUserMutation, useUpdateStaffUserMutation, useSetUserStatusMutation,
  useGetAssignedEventsQuery, useAssignEventsMutation, useGetAffiliatesQuery, useGetAffiliateQuery, useCreateAffiliateMutation,
  useUpdateAffiliateMutation, useDeleteAffiliateMutation, useGetEventAffiliateLinksQuery,
} = staffApi;
