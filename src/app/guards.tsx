import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { homePathFor, landingPathAfterLogin, normalizePathname, resolveNavigation } from '../domain/roles';
import { LoadingSpinner } from '../ui/LoadingSpinner';
import { AppShell } from './AppShell';
import { useSessionProfile } from '../api/useSessionProfile';

/**
 * Protected part of the console: signed-out visits go to /login; the profile is loaded; then the role
 * whitelist decides (a path the role may not open redirects to /).
 */
export function RequireSession() {
  const location = useLocation();
  const { token, profile, error, isLoading } = useSessionProfile();
  if (!token) return <Navigate to="/login" replace />;
  if (isLoading || (!profile && !error)) return <LoadingSpinner label="Loading your profile" />;
  // Spec 002 §8: a failed profile fetch clears the sign-in (authApi), which leads to /login.
  if (!profile) return <Navigate to="/login" replace />;
  const path = normalizePathname(location.pathname);
  if (path === '/') return <Navigate to={homePathFor(profile.type)} replace />;
  // Spec 002 §6: a path outside the role's whitelist redirects to / (and on to the role's home); a whitelisted path
  // without a page is the console's /404.
  const target = resolveNavigation(profile.type, path);
  if (target !== path) return <Navigate to={target} replace />;
  return <AppShell profile={profile} />;
}

/** /login, /recovery and /reset: a signed-in user is sent to their landing page instead. */
export function PublicOnly() {
  const { token, data: profile } = useSessionProfile();
  if (token && profile) return <Navigate to={landingPathAfterLogin(profile.type)} replace />;
  return (
    <div className="public-layout">
      <div className="public-column">
        {/* The product's name above every public card: a person who follows a link here knows where they are. */}
        <p className="public-brand"><span className="app-logo-mark" aria-hidden="true">◉</span> Arena Console</p>
        <Outlet />
      </div>
    </div>
  );
}
