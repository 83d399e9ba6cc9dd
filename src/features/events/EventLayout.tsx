import './events.css';
import { NonIdealState } from '@blueprintjs/core';
import { Outlet, useParams } from 'react-router-dom';
import { errorStatus } from '../../api/errorMessage';
import { useGetEventQuery } from '../../api/eventsApi';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { EventSideMenu } from './EventSideMenu';
import { eventsListPath } from './eventsListPath';

/**
 * The event screens' frame (000 §2): the event side menu beside the screen, the event handed to the screens through
 * the outlet context. An unknown id (or another promoter's) shows "Event unknown". `bare` leaves the menu out (the
 * season's Main Event page).
 */
export function EventLayout({ bare = false }: { bare?: boolean }) {
  const id = Number(useParams().id);
  const event = useGetEventQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  if (!Number.isInteger(id) || id < 1 || errorStatus(event.error) === 404) {
    return (
      <div className="page">
        <BackLink to={eventsListPath()} />
        <NonIdealState icon="search" title="Event unknown" description="This event does not exist or is not yours to see." />
      </div>
    );
  }
  if (event.isLoading) return <LoadingSpinner label="Loading the event" />;
  if (!event.data) return <RetryPanel onRetry={event.refetch} />;
  if (bare) {
    return (
      <div className="page">
        <BackLink to={`/season/${id}`} />
        <Outlet context={event.data} />
      </div>
    );
  }
  return (
    <div className="page event-layout">
      <EventSideMenu event={event.data} />
      <div className="event-screen">
        <Outlet context={event.data} />
      </div>
    </div>
  );
}
