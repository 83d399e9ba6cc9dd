import { createBrowserRouter, Navigate, type LoaderFunction } from 'react-router-dom';
import { freshToken } from '../api/api';
import { storedProfileFor } from '../api/session';
import type { Profile } from '../contracts/auth';
import { isPathAllowed } from '../domain/roles';
import { LoadingSpinner } from '../ui/LoadingSpinner';
import { revealedPage, routePage, type PageHandle } from './lazyPage';
import { NotFoundPage } from './NotFoundPage';
import { PublicOnly, RequireSession } from './guards';
import { RouteError } from './RouteError';
import { eventRoutes } from './eventRoutes';
import { EventLayout } from '../features/events/EventLayout';
import { reportRoutes } from './reportRoutes';
import { peopleRoutes } from './peopleRoutes';
import { corporatesRoutes } from './corporatesRoutes';
import { ordersRoutes } from './ordersRoutes';
import { crmRoutes } from './crmRoutes';
import { giftCardRoutes } from './merchandiseRoutes';
import { promosRoutes } from './promosRoutes';
import { staffRoutes } from './staffRoutes';
import { boxOfficeAppRoutes } from './boxOfficeRoutes';
import { venueRoutes } from './venueRoutes';
import { outboxRoutes } from './outboxRoutes';
import type { AppStore } from './store';

// The map pulls in PixiJS: load it only when a map is opened (fetched once the map's response is in, prefetchVenueMap,
// or when the page first renders; revealed as soon as it has run, revealedPage).
const venueMapPage = revealedPage(() => import('../features/venue-map/VenueMapPage'), (m) => <m.VenueMapPage />);

/**
 * As navigation to a map begins, the map's download and parse start in the worker (a small chunk,
 * prefetchVenueMap) instead of waiting for the profile check and then for the page's code (PixiJS). Measured on
 * 2 cores with software WebGL (bench/map/probes/consoleOpen.ts): see docs/venue-map-journal.md "Opening the map page".
 */
function startVenueMap(store: AppStore): LoaderFunction {
  return ({ params }) => {
    const since = performance.now();
    // The token as the API calls send it (refreshed when about to expire): the worker's download is one of them.
    void Promise.all([store.dispatch(freshToken()), import('../features/venue-map/prefetchVenueMap')])
      .then(([token, m]) => mayOpenMap(token, params.id) && m.prefetchVenueMap(Number(params.id), token, store.dispatch, since));
    return null;
  };
}

/**
 * An event's pages warm its map (issue 39): once the page has loaded and the browser is idle, the worker downloads
 * and parses the event's map and the map page's code is fetched, so the map opens from the dashboard without
 * waiting for either. Idle first, so the dashboard's own start is not slowed.
 */
function warmVenueMap(store: AppStore): LoaderFunction {
  return ({ params, request }) => {
    // The map page loads its map itself (and prefetches it): a warm after that load would read the map a second time.
    // So does a warm whose idle moment comes after the user has gone on to the map (`since`) or left the event.
    if (!warmsMap(new URL(request.url).pathname, params.id)) return null;
    const since = performance.now();
    whenIdle(() => {
      void Promise.all([store.dispatch(freshToken()), import('../features/venue-map/prefetchVenueMap')])
        .then(([token, m]) => warmsMap(window.location.pathname, params.id) && mayOpenMap(token, params.id) && m.warmVenueMap(Number(params.id), token, store.dispatch, since));
    });
    return null;
  };
}

/**
 * Whether the signed-in user may open event `id`'s map, as far as the profile kept for this token says (none kept yet:
 * yes, the server decides). A box-office or corporate user who types an event's address is redirected: the map is
 * not theirs, so it is not downloaded first (the server would refuse it, a failed request in their console).
 */
function mayOpenMap(token: string | null, id: string | undefined): boolean {
  const profile = storedProfileFor<Profile>(token);
  return !profile || isPathAllowed(profile.type, `/events/${id}/venue-map`);
}

/** Whether a page at `pathname` warms event `id`'s map: one of the event's pages other than the map's own. */
function warmsMap(pathname: string, id: string | undefined): boolean {
  return (pathname === `/events/${id}` || pathname.startsWith(`/events/${id}/`)) && !/\/venue-map(\/|$)/.test(pathname);
}

/** Runs `task` once the page has loaded and the main thread is idle (at the latest `timeout` ms after that). */
function whenIdle(task: () => void, timeout = 500): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => task(), { timeout }) : setTimeout(task, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', () => idle(), { once: true });
}

export function createRouter(store: AppStore) {
  const router = createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicOnly />,
          children: [
            { path: '/login', ...routePage(() => import('../features/auth/LoginPage'), (m) => <m.LoginPage />) },
            { path: '/recovery/:token?', ...routePage(() => import('../features/auth/RecoveryPage'), (m) => <m.RecoveryPage />) },
            { path: '/reset/:token?', ...routePage(() => import('../features/auth/ResetPage'), (m) => <m.ResetPage />) },
          ],
        },
        {
          path: '/',
          element: <RequireSession />,
          children: [
            { path: 'account-settings', element: <Navigate to="/account-settings/general" replace /> },
            { path: 'account-settings/:tab', ...routePage(() => import('../features/account/AccountSettingsPage'), (m) => <m.AccountSettingsPage />) },
            {
              path: 'events/:id/venue-map/:section?/:mode?',
              loader: startVenueMap(store),
              // Moving between sections or views of the same map keeps the page and its map: nothing to start.
              shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
              // Shown until the loader has returned (at once: it only starts work) on a first page load.
              hydrateFallbackElement: <LoadingSpinner label="Loading the venue map" />,
              // Inside the event's frame: the side menu with its done marks stays beside the map.
              element: <EventLayout />,
              children: [{ index: true, element: venueMapPage }],
            },
            ...eventRoutes.map((route) => (route.path !== 'events/:id' ? route : {
              ...route,
              loader: warmVenueMap(store),
              shouldRevalidate: ({ currentParams, nextParams }: { currentParams: { id?: string }; nextParams: { id?: string } }) => currentParams.id !== nextParams.id,
              hydrateFallbackElement: <LoadingSpinner />,
            })),
            ...reportRoutes,
            ...peopleRoutes,
            ...corporatesRoutes,
            ...ordersRoutes,
            ...crmRoutes,
            ...giftCardRoutes,
            ...promosRoutes,
            ...staffRoutes,
            ...boxOfficeAppRoutes,
            ...venueRoutes,
            ...outboxRoutes,
            { path: '404', element: <NotFoundPage /> },
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ]);
  // The first load's page starts downloading now, beside the profile's request, not once the shell renders it (a
  // failed download is shown by the page's own lazy load).
  for (const match of router.state.matches) void (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined);
  return router;
}
