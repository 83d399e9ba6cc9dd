import './corporates.css';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetCorporateQuery, useGetCorporateReservationsQuery } from '../../api/corporatesApi';
import type { Corporate, CorporateReservation } from '../../contracts/corporates';
import { BackLink } from '../../ui/BackLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { DetailsCard } from '../../ui/DetailsCard';
import { displayDateTime, displayDay } from '../../domain/displayDates';

const PER_PAGE = 10;

/** /corporates/{id}/management/reservations/{mode}: Corporate Information (details, the default) and Reservations (list). */
export function CorporateManagementPage() {
  const { id, mode } = useParams();
  const navigate = useNavigate();
  const corporateId = Number(id);
  const corporate = useGetCorporateQuery(corporateId);
  const tab = mode === 'list' ? 'list' : 'details';
  if (corporate.isLoading) return <LoadingSpinner />;
  if (errorStatus(corporate.error) === 404) return <NotFoundPanel title="Corporate not found" back={{ to: '/corporates', list: 'corporates' }} />;
  if (!corporate.data) return <RetryPanel onRetry={corporate.refetch} />;
  const c = corporate.data;
  return (
    <div className="page">
      <BackLink to="/corporates" label="Corporates" />
      <div className="page-head">
        <h1 className="page-title">{c.name}</h1>
        <Button icon="edit" text="Edit" onClick={() => navigate(`/corporates/${c.id}/edit`)} />
      </div>
      <Tabs id="corporate-management" selectedTabId={tab} onChange={(t) => navigate(`/corporates/${c.id}/management/reservations/${String(t)}`)}>
        <Tab id="details" title="Corporate Information" panel={<CorporateInformation corporate={c} />} />
        <Tab id="list" title="Reservations" panel={<CorporateReservations corporateId={c.id} />} />
      </Tabs>
    </div>
  );
}

function CorporateInformation({ corporate: c }: { corporate: Corporate }) {
  const rows: [string, string][] = [
    ['Corporate name', c.corporate_name],
    ['Representative', `${c.first_name} ${c.last_name}`.trim()],
    ['Email', c.email],
    ['Phone', c.phone],
    ['Promoter', c.promoter.name],
    ['Status', c.isActive ? 'Active' : 'Inactive'],
    ['Created on', displayDay(c.createdAt.date.slice(0, 10))],
  ];
  return <DetailsCard rows={rows} />;
}

function CorporateReservations({ corporateId }: { corporateId: number }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useGetCorporateReservationsQuery({ id: corporateId, page, per_page: PER_PAGE });
  const columns: Column<CorporateReservation>[] = [
    { key: 'title', header: 'Title', render: (r) => <Link to={`/events/${r.event.id}/reservation/${r.id}/edit`}>{r.title || `Reservation ${r.id}`}</Link> },
    { key: 'event', header: 'Event', render: (r) => r.event.name },
    { key: 'date', header: 'Event date', render: (r) => displayDateTime(r.event.start_date) },
    { key: 'tickets', header: 'Tickets', render: (r) => `${r.tickets.sent} of ${r.tickets.total} ticket(s)` },
  ];
  if (list.isLoading) return <LoadingSpinner label="Loading reservations" />;
  if (!list.data) return <RetryPanel onRetry={list.refetch} />;
  return (
    <>
      <DataTable
        label="Reservations"
        columns={columns}
        rows={list.data.collection}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.title}
        onRowClick={(r) => navigate(`/events/${r.event.id}/reservation/${r.id}/edit`)}
        emptyText="There is no reservations for selected user"
      />
      <Pager page={page} count={list.data.count} perPage={PER_PAGE} onChange={setPage} />
    </>
  );
}
