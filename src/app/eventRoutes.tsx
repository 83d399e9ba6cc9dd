import { Navigate, type RouteObject } from 'react-router-dom';
import { BasicInformationPage } from '../features/events/BasicInformationPage';
import { SocialPostingsPage } from '../features/events/SocialPostingsPage';
import { CopyWizardPage } from '../features/events/CopyWizardPage';
import { EventDashboardPage } from '../features/events/EventDashboardPage';
import { CreateEventPage, EditEventPage } from '../features/events/EventFormPage';
import { EventLayout } from '../features/events/EventLayout';
import { EventsListPage } from '../features/events/EventsListPage';
import { PublishPage } from '../features/events/PublishPage';
import { RestrictionsPage } from '../features/events/RestrictionsPage';
import { TicketTypesPage } from '../features/events/TicketTypesPage';
import { EventLinksPage } from '../features/staff/EventLinksPage';
import { SeasonChildEventsPage } from '../features/seasons/SeasonChildEventsPage';
import { SeasonsListPage } from '../features/seasons/SeasonsListPage';
import { orderEventRoutes } from './ordersRoutes';
import { merchandiseEventRoutes } from './merchandiseRoutes';
import { reservationEventRoutes } from './reservationRoutes';
import { boxOfficeEventRoutes } from './boxOfficeRoutes';

/**
 * Events and seasonal events (000 §2). /events/:id/venue-map is the venue-map area's own route. The seasonal
 * screens reuse the event form and layout: the app composes features, features never import each other.
 */
export const eventRoutes: RouteObject[] = [
  { path: 'events', element: <EventsListPage /> },
  { path: 'events/create', element: <CreateEventPage /> },
  {
    path: 'events/:id',
    element: <EventLayout />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      { path: 'dashboard', element: <EventDashboardPage /> },
      { path: 'basic-information', element: <BasicInformationPage /> },
      { path: 'edit', element: <EditEventPage /> },
      { path: 'ticket-types', element: <TicketTypesPage /> },
      { path: 'restrictions', element: <RestrictionsPage /> },
      { path: 'publish', element: <PublishPage /> },
      { path: 'copy', element: <CopyWizardPage /> },
      ...orderEventRoutes,
      ...merchandiseEventRoutes,
      ...reservationEventRoutes,
      ...boxOfficeEventRoutes,
      { path: 'affiliates', element: <EventLinksPage /> },
      { path: 'social-media-postings', element: <SocialPostingsPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
  { path: 'season', element: <SeasonsListPage /> },
  { path: 'season/create', element: <CreateEventPage entityType="seasonal" /> },
  { path: 'season/:id', element: <SeasonChildEventsPage /> },
  { path: 'season/:id/edit', element: <EventLayout bare />, children: [{ index: true, element: <EditEventPage season /> }] },
  { path: 'season/*', element: <Navigate to="/404" replace /> },
];
