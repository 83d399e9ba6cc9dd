import './corporateApp.css';
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetMyCorporateDetailsQuery, useGetMyReservationsQuery } from '../../api/corporatesApi';
import type { CorporateReservation } from '../../contracts/corporates';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { TicketCountTags } from './TicketCountTags';
import { DetailsCard } from '../../ui/DetailsCard';
import { displayDateTime } from '../../domain/displayDates';

const PER_PAGE = 10;

/** /corporate-app/reservations/{mode?} (001 §2 "Corporate app"): the corporate's own reservations and its details. */
export function CorporateAppPage() {
  const { mode } = useParams();
  const navigate = useNavigate();
  const tab = mode === 'details' ? 'details' : 'list';
  return (
    <div className="page">
      <h1 className="page-title">Corporate Reservations</h1>
      <Tabs id="corporate-app" selectedTabId={tab} onChange={(t) => navigate(t === 'details' ? '/corporate-app/reservations/details' : '/corporate-app/reservations')}>
        <Tab id="list" title="Reservations" panel={<MyReservations />} />
        <Tab id="details" title="Corporate Details" panel={<CorporateDetailsPanel />} />
      </Tabs>
    </div>
  );
}

function MyReservations() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useGetMyReservationsQuery({ page, per_page: PER_PAGE });
  const open = (r: CorporateReservation) => navigate(`/corporate-app/event/${r.event.id}/reservation/${r.id}`);
  const columns: Column<CorporateReservation>[] = [
    { key: 'title', header: 'Title', render: (r) => r.title || `Reservation ${r.id}` },
    { key: 'event', header: 'Event', render: (r) => r.event.name },
    { key: 'date', header: 'Event date', render: (r) => displayDateTime(r.event.start_date) },
    { key: 'tickets', header: 'Tickets', render: (r) => `${r.tickets.total} ticket(s)` },
    { key: 'counts', header: 'Sent', render: (r) => (r.hold_ended ? <>{`Hold ended ${displayDateTime(r.reserved_until)}`}<div className="ticket-type-under">No tickets can be sent</div></> : <TicketCountTags counts={r.tickets} />) },
  ];
  if (list.isLoading) return <LoadingSpinner label="Loading reservations" />;
  if (!list.data) return <RetryPanel onRetry={list.refetch} />;
  return (
    <>
      <DataTable label="Reservations" columns={columns} rows={list.data.collection} rowKey={(r) => r.id} rowLabel={(r) => r.title} onRowClick={open} emptyText="There are no reservations yet" />
      <Pager page={page} count={list.data.count} perPage={PER_PAGE} onChange={setPage} />
    </>
  );
}

function CorporateDetailsPanel() {
  const details = useGetMyCorporateDetailsQuery();
  if (details.isLoading) return <LoadingSpinner />;
  if (!details.data) return <RetryPanel onRetry={details.refetch} />;
  const d = details.data;
  const rows: [string, string][] = [
    ['Corporate', d.corporate_name],
    ['Full name', d.full_name],
    ['Representative email', d.email],
    ['Phone number', d.phone],
  ];
  return <DetailsCard rows={rows} />;
}
