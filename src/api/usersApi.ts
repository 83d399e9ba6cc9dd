import { api } from './api';
import type { UserEvents, UserList, UserListQuery } from '../contracts/users';

/** The users the events area needs: promoters for the admin's choice, scanners to connect after publishing. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserList, UserListQuery>({ query: (params) => ({ url: 'users', params }) }),
    getUserEvents: build.query<UserEvents, number>({
      query: (userId) => `users/${userId}/events`,
      providesTags: (_r, _e, userId) => [{ type: 'ScannerEvents', id: userId }],
    }),
    connectUserEvents: build.mutation<UserEvents, { userId: number; events: number[] }>({
      query: ({ userId, events }) => ({ url: `users/${userId}/events`, method: 'POST', body: { events } }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'ScannerEvents', id: userId }],
    }),
  }),
});

export const { useGetUsersQuery, useLazyGetUsersQuery, useGetUserEventsQuery, useLazyGetUserEventsQuery, useConnectUserEventsMutation } = usersApi;
