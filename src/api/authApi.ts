import { signedOut, tokenRefreshed } from './sessionSlice';
import { isNetworkFailure, storeProfileFor } from './session';
import { api } from './api';
import type {
  LoginBody, Profile, ProfileUpdateBody, ProfileUpdateResponse, RecoveryBody, ResetBody, ResetTokenStatus, TokenResponse,
} from '../contracts/auth';

/** Spec 002 §8: what the login screen says after the profile could not be loaded. */
export const PROFILE_LOAD_FAILED = 'Something went wrong';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    getProfile: build.query<Profile, void>({
      query: () => 'profile',
      providesTags: ['Profile'],
      // Spec 002 §8: a failed profile fetch clears the sign-in ("Something went wrong" on the login screen). A 401 has
      // already ended the session with its own words in api.ts.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const token = (getState() as unknown as { session: { token: string | null } }).session.token;
        try {
          const { data } = await queryFulfilled;
          if (token) storeProfileFor(token, data);
        } catch (failed) {
          // No answer at all (offline): the session stays, and the console opens with the last profile (RequireSession).
          if (isNetworkFailure((failed as { error?: unknown }).error)) return;
          // Read again: a 401 has already ended the session with its own words (api.ts), which must stay.
          if ((getState() as unknown as { session: { token: string | null } }).session.token) dispatch(signedOut(PROFILE_LOAD_FAILED));
        }
      },
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
