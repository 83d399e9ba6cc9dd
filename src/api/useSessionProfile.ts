import { useSelector } from 'react-redux';
import type { Profile } from '../contracts/auth';
import { useGetProfileQuery } from './authApi';
import { isNetworkFailure, storedProfileFor } from './session';
import type { sessionSlice } from './sessionSlice';

/**
 * The signed-in user's profile (server data through RTK Query), skipped while signed out. `profile` is the one the
 * console goes by: the server's, or offline (no answer from the server) the last profile of this token, so the
 * counter opens and knows its operator (docs/boxoffice.md).
 */
export function useSessionProfile() {
  const token = useSelector((s: { session: ReturnType<typeof sessionSlice.getInitialState> }) => s.session.token);
  const query = useGetProfileQuery(undefined, { skip: !token });
  const profile = query.data ?? (isNetworkFailure(query.error) ? storedProfileFor<Profile>(token) ?? undefined : undefined);
  return { token, profile, ...query };
}
