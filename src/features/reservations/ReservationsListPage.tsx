import { Button, Card, Tag } from '@blueprintjs/core';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useGetEventReservationsQuery } from '../../api/reservationsApi';
import type { EventDetail } from '../../contracts/events';
import type { ReservationSummary } from '../../contracts/reservations';
import { outOfText, RESERVATION_TYPE_LABELS, ticketsColumnText, type ReservationType } from '../../domain/reservations';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { useReservationDelete } from '../../ui/useReservationDelete';
import './reservations.css';

/** /events/{id}/reservations: 'Reserved Seats', the statistics block and the reservations (001 §2 "Event reservations"). */
export function ReservationsListPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const list = useGetEventReservationsQuery(event.id);
  const remove = useReservationDelete(event.id, (r) => `the reservation “${r.title}”`);
  const add = () => navigate(`/events/${event.id}/reservations/add`);

  const columns: Column<ReservationSummary>[] = [
    { key: 'title', header: 'Title', render: (r) => <>{r.title}{r.expired ? <Tag minimal intent="warning" className="reservation-expired">Expired</Tag> : null}</> },
    { key: 'type', header: 'Type', render: (r) => r.corporate?.name ?? RESERVATION_TYPE_LABELS[r.type as ReservationType] ?? r.type },
    { key: 'tickets', header: 'Tickets', render: (r) => ticketsColumnText(r.tickets.assigned, r.tickets.total) },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (r) => (
        <RowMenu
          label={`Actions for ${r.title}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/events/${event.id}/reservation/${r.id}/edit`) },
            { text: 'Delete reservation', icon: 'trash', intent: 'danger', onClick: () => remove.ask(r) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h2 className="page-title">Reserved Seats</h2>
        <Button intent="primary" icon="plus" text="Add Reservation" onClick={add} />
      </div>
      {list.isLoading ? (
        <LoadingSpinner label="Loading reservations" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : (
        <>
          <Card className="reservation-stats" aria-label="Statistics">
            <div>
              <span>Total tickets sent in guest reservations</span>{' '}
              <strong>{outOfText(list.data.statistics.guest.sent, list.data.statistics.guest.total)}</strong>
            </div>
            <div>
              <span>Total tickets sent in corporate reservations</span>{' '}
              <strong>{outOfText(list.data.statistics.corporate.sent, list.data.statistics.corporate.total)}</strong>
            </div>
          </Card>
          {list.data.collection.length === 0 ? (
            <EmptyState text="There are no reservations yet" action={<Button intent="primary" icon="plus" text="Add Reservation" onClick={add} />} />
          ) : (
            <DataTable
              label="Reservations"
              columns={columns}
              rows={list.data.collection}
              rowKey={(r) => r.id}
              rowLabel={(r) => r.title}
              onRowClick={(r) => navigate(`/events/${event.id}/reservation/${r.id}/edit`)}
            />
          )}
        </>
      )}
      {remove.dialog}
    </div>
  );
}
