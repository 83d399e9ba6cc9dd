import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorStatus } from '../api/errorMessage';
import { CONSOLE_ROLES, homePathFor, isPathAllowed, landingPathAfterLogin, normalizePathname } from '../domain/roles';
import { LoadingSpinner } from '../ui/LoadingSpinner';
import { RetryPanel } from '../ui/RetryPanel';
import { AppShell } from './AppShell';
import { useSessionProfile } from './useSessionProfile';

/**
 * Protected part of the console: signed-out visits go to /login; the profile is loaded; then the role
 * whitelist decides (a path the role may not open redirects to /).
 */
export function RequireSession() {
  const location = useLocation();
  const { token, data: profile, error, isLoading, refetch } = useSessionProfile();
  if (!token) return <Navigate to="/login" replace />;
  if (isLoading || (!profile && !error)) return <LoadingSpinner label="Loading your profile" />;
  if (!profile) {
    // A 401 has already signed the user out (api.ts); anything else can be retried.
    return errorStatus(error) === 401 ? <Navigate to="/login" replace /> : <RetryPanel onRetry={refetch} />;
  }
  const path = normalizePathname(location.pathname);
  if (path === '/') return <Navigate to={homePathFor(profile.type)} replace />;
  if (!isPathAllowed(profile.type, path)) {
    // A path no role may open is unknown to the console (spec: /404); a known one this role may not open goes to /.
    const known = CONSOLE_ROLES.some((role) => isPathAllowed(role, path));
    return <Navigate to={known ? '/' : '/404'} replace />;
  }
  return <AppShell profile={profile} />;
}

/** /login, /recovery and /reset: a signed-in user is sent to their landing page instead. */
export function PublicOnly() {
  const { token, data: profile } = useSessionProfile();
  if (token && profile) return <Navigate to={landingPathAfterLogin(profile.type)} replace />;
  return (
    <div className="public-layout">
      <Outlet />
    </div>
  );
}
