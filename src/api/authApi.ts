import { tokenRefreshed } from './sessionSlice';
import { api } from './api';
import type {
  LoginBody, Profile, ProfileUpdateBody, ProfileUpdateResponse, RecoveryBody, ResetBody, ResetTokenStatus, TokenResponse,
} from '../contracts/auth';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    getProfile: build.query<Profile, void>({
      query: () => 'profile',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<ProfileUpdateResponse, ProfileUpdateBody>({
      query: (body) => ({ url: 'profile', method: 'PUT', body }),
      // A password change revokes the session's token and answers a fresh one: store it before anything refetches,
      // or the refetch goes out with the revoked token and signs the user out. The profile itself did not change.
      invalidatesTags: (result) => (result?.token ? [] : ['Profile']),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.token) dispatch(tokenRefreshed(data.token));
      },
    }),
    requestRecovery: build.mutation<{ message: string }, RecoveryBody>({
      query: (body) => ({ url: 'auth/recovery', method: 'POST', body }),
    }),
    checkResetToken: build.query<ResetTokenStatus, string>({
      query: (token) => `auth/reset/${encodeURIComponent(token)}`,
    }),
    resetPassword: build.mutation<{ message: string }, ResetBody>({
      query: (body) => ({ url: 'auth/reset', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation, useGetProfileQuery, useUpdateProfileMutation, useRequestRecoveryMutation,
  useCheckResetTokenQuery, useResetPasswordMutation,
} = authApi;
