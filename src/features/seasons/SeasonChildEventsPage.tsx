import { Button, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { failureNotice } from '../../domain/failureNotice';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useDeleteEventMutation, useGetEventQuery, useGetEventsQuery } from '../../api/eventsApi';
import { useDetachEventsMutation } from '../../api/seasonsApi';
import type { EventSummary } from '../../contracts/events';
import { permissionsFor } from '../../domain/roles';
import { BackLink } from '../../ui/BackLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { AttachEventsDialog } from './AttachEventsDialog';
import { eventName } from '../../ui/EventNameCell';
import { seasonColumns } from './seasonColumns';

/** /season/{id}: the Child Events page (000 §2) with Edit, Attach Child Events and a row menu per child. */
export function SeasonChildEventsPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const canDelete = permissionsFor(useGetProfileQuery().data?.type ?? 'promoter').deleteEvents;
  const validId = Number.isInteger(id) && id > 0;
  const season = useGetEventQuery(id, { skip: !validId });
  const children = useGetEventsQuery({ seasonal_event_id: id, per_page: 100 }, { skip: season.data?.entity_type !== 'seasonal' });
  const [detach, detaching] = useDetachEventsMutation();
  const [remove, deleting] = useDeleteEventMutation();
  const [toDetach, setToDetach] = useState<EventSummary | null>(null);
  const [toDelete, setToDelete] = useState<EventSummary | null>(null);
  const [attaching, setAttaching] = useState(false);

  if (!validId) return <Navigate to="/404" replace />;
  if (season.isLoading) return <LoadingSpinner label="Loading the seasonal event" />;
  if (errorStatus(season.error) === 404 || (season.data && season.data.entity_type !== 'seasonal')) {
    return <div className="page"><BackLink to="/season" /><NonIdealState icon="search" title="Seasonal event unknown" /></div>;
  }
  if (!season.data) return <RetryPanel onRetry={season.refetch} />;

  const confirmDetach = async () => {
    const res = await detach({ seasonId: id, events: [toDetach!.id] });
    setToDetach(null);
    if ('error' in res) notifyDanger('Error removing the event');
    else notifySuccess('Event removed from the seasonal event');
  };
  const confirmDelete = async () => {
    const res = await remove(toDelete!.id);
    setToDelete(null);
    if ('error' in res) notifyDanger(failureNotice('Error deleting the event', errorMessage(res.error)));
    else notifySuccess('Event deleted');
  };
  const columns = seasonColumns({
    childCount: false,
    menu: (e) => (
      <RowMenu
        label={`Actions for ${eventName(e)}`}
        items={[
          { text: 'View', icon: 'eye-open', onClick: () => navigate(`/events/${e.id}/dashboard`) },
          { text: 'Edit', icon: 'edit', onClick: () => navigate(`/events/${e.id}/edit`) },
          { text: 'Detach', icon: 'unlink', onClick: () => setToDetach(e) },
          { text: 'Delete event', icon: 'trash', intent: 'danger', hidden: !canDelete, onClick: () => setToDelete(e) },
        ]}
      />
    ),
  });

  return (
    <div className="page">
      <BackLink to="/season" />
      <div className="page-head">
        <h1 className="page-title">{eventName(season.data)}: Child Events</h1>
        <div className="page-actions">
          {/* The season's own ticket types and pricing (a season sells its events' seats on its own map). */}
          <Button icon="tag" text="Ticket types" onClick={() => navigate(`/events/${id}/ticket-types`)} />
          <Button icon="map" text="Pricing" onClick={() => navigate(`/events/${id}/venue-map`)} />
          <Button icon="edit" text="Edit" onClick={() => navigate(`/season/${id}/edit`)} />
          <Button intent="primary" icon="link" text="Attach Child Events" onClick={() => setAttaching(true)} />
        </div>
      </div>
      {children.isLoading ? (
        <LoadingSpinner />
      ) : !children.data ? (
        <RetryPanel onRetry={children.refetch} />
      ) : (
        <DataTable label="Child events" columns={columns} rows={children.data.collection} rowKey={(e) => e.id} rowLabel={eventName} onRowClick={(e) => navigate(`/events/${e.id}/dashboard`)} />
      )}
      <ConfirmDialog isOpen={toDetach !== null} title="Remove event" confirmText="Remove" loading={detaching.isLoading} onConfirm={confirmDetach} onClose={() => setToDetach(null)}>
        <p>Event will not be deleted, only removed from the seasonal event.</p>
      </ConfirmDialog>
      <ConfirmDialog isOpen={toDelete !== null} title="Delete event" confirmText="Delete" intent="danger" loading={deleting.isLoading} onConfirm={confirmDelete} onClose={() => setToDelete(null)}>
        <p>“{toDelete ? eventName(toDelete) : ''}” is deleted. This cannot be undone.</p>
      </ConfirmDialog>
      {attaching ? <AttachEventsDialog season={season.data} onClose={() => setAttaching(false)} /> : null}
    </div>
  );
}
