import { useSelector } from 'react-redux';
import type { Profile } from '../contracts/auth';
import { authApi, useGetProfileQuery } from './authApi';
import { isNetworkFailure, storedProfileFor } from './session';
import type { sessionSlice } from './sessionSlice';

type SessionState = { session: ReturnType<typeof sessionSlice.getInitialState> };
const selectToken = (s: SessionState) => s.session.token;
const selectProfileQuery = authApi.endpoints.getProfile.select();

/** The profile the console goes by: the server's, or offline (no answer at all) the last profile of this token. */
const profileGoneBy = (data: Profile | undefined, error: unknown, token: string | null): Profile | undefined =>
  data ?? (isNetworkFailure(error) ? storedProfileFor<Profile>(token) ?? undefined : undefined);

/**
 * The signed-in user's profile (server data through RTK Query), skipped while signed out; `profile` is the one the
 * console goes by, so offline the counter opens with the last one (docs/boxoffice.md).
 */
export function useSessionProfile() {
  const token = useSelector(selectToken);
  const query = useGetProfileQuery(undefined, { skip: !token });
  return { token, profile: profileGoneBy(query.data, query.error, token), ...query };
}

/**
 * For pages inside the session's guard: the profile it let through, read from the cache with no subscription of its
 * own. A new subscriber to a failed query fetches it again, which offline would put the guard back on its spinner.
 */
export function useSignedInProfile(): Profile | undefined {
  const token = useSelector(selectToken);
  const { data, error } = useSelector(selectProfileQuery);
  return profileGoneBy(data, error, token);
}
