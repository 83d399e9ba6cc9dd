import { Button, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useGetBoxOfficeReservationsQuery } from '../../api/boxOfficeApi';
import { errorMessage } from '../../api/errorMessage';
import type { EventDetail } from '../../contracts/events';
import type { ReservationSummary } from '../../contracts/reservations';
import { formatReservationSek } from '../../domain/money';
import { extraFeeFromDescription } from '../../domain/serviceFees';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { useReservationDelete } from '../../ui/useReservationDelete';

const userOf = (r: ReservationSummary) => r.owner?.name ?? r.title;

/** /events/{id}/boxoffice: the event's box-office reservations (001 §2 "Event reservations", box-office part). */
export function BoxOfficeListPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const list = useGetBoxOfficeReservationsQuery({ eventId: event.id, search: search.trim() || undefined });
  const remove = useReservationDelete(event.id, (r) => `the box-office reservation of “${userOf(r)}”`);
  const add = () => navigate(`/events/${event.id}/boxoffice/add`);
  const edit = (r: ReservationSummary) => navigate(`/events/${event.id}/boxoffice/${r.id}`);

  // 001 §8: box-office list errors show the server message as a danger notification.
  useEffect(() => {
    if (list.isError) notifyDanger(errorMessage(list.error));
  }, [list.isError, list.error]);

  const columns: Column<ReservationSummary>[] = [
    { key: 'user', header: 'User', render: userOf },
    { key: 'fee', header: 'Extra Fee', render: (r) => formatReservationSek(extraFeeFromDescription(r.description)) },
    { key: 'tickets', header: 'Tickets', render: (r) => r.tickets.total },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (r) => (
        <RowMenu
          label={`Actions for ${userOf(r)}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => edit(r) },
            { text: 'Delete reservation', icon: 'trash', intent: 'danger', onClick: () => remove.ask(r) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h2 className="page-title">Box Office</h2>
        <Button intent="primary" icon="plus" text="Add Reservation" onClick={add} />
      </div>
      <InputGroup
        className="boxoffice-search"
        type="search"
        leftIcon="search"
        placeholder="Search"
        aria-label="Search box-office reservations"
        value={search}
        onValueChange={setSearch}
      />
      {list.isLoading ? (
        <LoadingSpinner label="Loading box-office reservations" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : list.data.collection.length === 0 ? (
        <EmptyState text="There are no reservations yet" action={<Button intent="primary" icon="plus" text="Add Reservation" onClick={add} />} />
      ) : (
        <DataTable
          label="Box-office reservations"
          columns={columns}
          rows={list.data.collection}
          rowKey={(r) => r.id}
          rowLabel={userOf}
          onRowClick={edit}
        />
      )}
      {remove.dialog}
    </div>
  );
}
