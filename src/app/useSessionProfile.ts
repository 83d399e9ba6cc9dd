import { useGetProfileQuery } from '../api/authApi';
import { useAppSelector } from './hooks';

/** The signed-in user's profile (server data through RTK Query), skipped while signed out. */
export function useSessionProfile() {
  const token = useAppSelector((s) => s.session.token);
  const query = useGetProfileQuery(undefined, { skip: !token });
  return { token, ...query };
}
