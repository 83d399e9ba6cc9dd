import { Navigate, type RouteObject } from 'react-router-dom';
import { routePage } from './lazyPage';
import { EventLayout } from '../features/events/EventLayout';
import { orderEventRoutes } from './ordersRoutes';
import { merchandiseEventRoutes } from './merchandiseRoutes';
import { reservationEventRoutes } from './reservationRoutes';
import { boxOfficeEventRoutes } from './boxOfficeRoutes';

/**
 * Events and seasonal events (000 §2). /events/:id/venue-map is the venue-map area's own route. The seasonal
 * screens reuse the event form and layout: the app composes features, features never import each other.
 */
export const eventRoutes: RouteObject[] = [
  { path: 'events', ...routePage(() => import('../features/events/EventsListPage'), (m) => <m.EventsListPage />) },
  { path: 'events/create', ...routePage(() => import('../features/events/EventFormPage'), (m) => <m.CreateEventPage />) },
  {
    path: 'events/:id',
    element: <EventLayout />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      { path: 'dashboard', ...routePage(() => import('../features/events/EventDashboardPage'), (m) => <m.EventDashboardPage />) },
      { path: 'basic-information', ...routePage(() => import('../features/events/BasicInformationPage'), (m) => <m.BasicInformationPage />) },
      { path: 'edit', ...routePage(() => import('../features/events/EventFormPage'), (m) => <m.EditEventPage />) },
      { path: 'ticket-types', ...routePage(() => import('../features/events/TicketTypesPage'), (m) => <m.TicketTypesPage />) },
      { path: 'restrictions', ...routePage(() => import('../features/events/RestrictionsPage'), (m) => <m.RestrictionsPage />) },
      { path: 'publish', ...routePage(() => import('../features/events/PublishPage'), (m) => <m.PublishPage />) },
      { path: 'copy', ...routePage(() => import('../features/events/CopyWizardPage'), (m) => <m.CopyWizardPage />) },
      ...orderEventRoutes,
      ...merchandiseEventRoutes,
      ...reservationEventRoutes,
      ...boxOfficeEventRoutes,
      { path: 'affiliates', ...routePage(() => import('../features/staff/EventLinksPage'), (m) => <m.EventLinksPage />) },
      { path: 'social-media-postings', ...routePage(() => import('../features/events/SocialPostingsPage'), (m) => <m.SocialPostingsPage />) },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
  { path: 'season', ...routePage(() => import('../features/seasons/SeasonsListPage'), (m) => <m.SeasonsListPage />) },
  { path: 'season/create', ...routePage(() => import('../features/events/EventFormPage'), (m) => <m.CreateEventPage entityType="seasonal" />) },
  { path: 'season/:id', ...routePage(() => import('../features/seasons/SeasonChildEventsPage'), (m) => <m.SeasonChildEventsPage />) },
  { path: 'season/:id/edit', element: <EventLayout bare />, children: [{ index: true, ...routePage(() => import('../features/events/EventFormPage'), (m) => <m.EditEventPage season />) }] },
  { path: 'season/*', element: <Navigate to="/404" replace /> },
];
