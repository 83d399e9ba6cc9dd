import './staff.css';
import { Button, Card, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useGetAssignedEventsQuery, useGetStaffUserQuery } from '../../api/staffApi';
import type { AssignedEvents, StaffUser } from '../../contracts/staff';
import { formatDateIn, parseApiDateTime } from '../../domain/dates';
import { BackLink } from '../../ui/BackLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { EventNameCell } from '../../ui/EventNameCell';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { StatusTag } from '../../ui/StatusTag';
import { AssignEventsDialog } from './AssignEventsDialog';
import { StaffStatusTag } from './StaffStatusTag';

const MODES = ['events', 'information'] as const;
type AssignedEvent = AssignedEvents['collection'][number];
const day = (text: string | undefined) => {
  const d = parseApiDateTime(text);
  return d ? formatDateIn('formDate', d) : '';
};

/** /scanner-users/{id}/management/{events|information}: 'Assigned Events' and 'Scanner Information' (002 §2). */
export function ScannerManagementPage() {
  const { id, mode = 'events' } = useParams();
  const navigate = useNavigate();
  const userId = Number(id);
  const scanner = useGetStaffUserQuery({ path: 'scanner-users', id: userId });
  if (!MODES.includes(mode as (typeof MODES)[number])) return <Navigate to={`/scanner-users/${userId}/management/events`} replace />;
  if (scanner.isLoading) return <LoadingSpinner />;
  if (errorStatus(scanner.error) === 404) return <NotFoundPanel title="Scanner user not found" back={{ to: '/scanner-users', list: 'scanner users' }} />;
  if (!scanner.data) return <RetryPanel onRetry={scanner.refetch} />;
  return (
    <div className="page">
      <BackLink to="/scanner-users" />
      <div className="page-head">
        <h1 className="page-title">{scanner.data.name}</h1>
        <Button icon="edit" text="Edit" onClick={() => navigate(`/scanner-users/${userId}/edit`)} />
      </div>
      <Tabs id="scanner-management" selectedTabId={mode} onChange={(tab) => navigate(`/scanner-users/${userId}/management/${tab}`)}>
        <Tab id="events" title="Assigned Events" panel={<AssignedEventsPanel scanner={scanner.data} />} />
        <Tab id="information" title="Scanner Information" panel={<ScannerInformation scanner={scanner.data} />} />
      </Tabs>
    </div>
  );
}

function AssignedEventsPanel({ scanner }: { scanner: StaffUser }) {
  const events = useGetAssignedEventsQuery(scanner.id);
  const [assigning, setAssigning] = useState(false);
  const columns: Column<AssignedEvent>[] = [
    { key: 'name', header: 'Event', render: (e) => <EventNameCell event={{ id: e.id, name: e.name, thumbnail: e.thumbnail ?? null }} /> },
    { key: 'release', header: 'Tickets release', render: (e) => day(e.tickets_release_date) },
    { key: 'start', header: 'Start date', render: (e) => day(e.start_date) },
    { key: 'status', header: 'Status', render: (e) => (e.status ? <StatusTag status={e.status} /> : null) },
  ];
  return (
    <>
      <div className="page-head">
        <h2 className="section-title">Assigned Events</h2>
        <Button intent="primary" icon="link" text="Assign to event" onClick={() => setAssigning(true)} />
      </div>
      {events.isLoading ? <LoadingSpinner label="Loading assigned events" /> : !events.data ? <RetryPanel onRetry={events.refetch} /> : (
        <DataTable label="Assigned events" columns={columns} rows={events.data.collection} rowKey={(e) => e.id} rowLabel={(e) => e.name}
          emptyText="No events are assigned yet" />
      )}
      {assigning ? (
        <AssignEventsDialog scanner={scanner} assigned={new Set((events.data?.collection ?? []).map((e) => e.id))} onClose={() => setAssigning(false)} />
      ) : null}
    </>
  );
}

function ScannerInformation({ scanner }: { scanner: StaffUser }) {
  const rows: [string, React.ReactNode][] = [
    ['Name', scanner.name], ['First Name', scanner.first_name], ['Last Name', scanner.last_name], ['Phone', scanner.phone],
    ['Email', scanner.email], ['Promoter', scanner.promoter.name], ['Status', <StaffStatusTag key="s" status={scanner.status} />],
  ];
  return (
    <Card>
      <dl className="staff-details">
        {rows.map(([label, value]) => (
          <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
        ))}
      </dl>
    </Card>
  );
}
