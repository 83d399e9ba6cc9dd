import { useNavigate } from 'react-router-dom';
import { useGetBoxOfficeAssignedQuery } from '../../api/boxOfficeApi';
import type { AssignedEvent } from '../../contracts/boxoffice';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { OperatorSummaryCard } from './OperatorSummaryCard';
import './boxoffice.css';

const COLUMNS: Column<AssignedEvent>[] = [
  { key: 'title', header: 'Reservation Name', render: (r) => r.title },
  { key: 'event', header: 'Event Name', render: (r) => r.event.name },
  { key: 'tickets', header: 'Number of Tickets', render: (r) => r.tickets },
];

/** /boxoffice-app: the events assigned to this box-office user (001 §2 "Box-office app"); a row opens its sale screen. */
export function BoxOfficeAppPage() {
  const navigate = useNavigate();
  // Read again on every visit: the sale screen keeps this list cached while it sells, so without it the counts
  // shown on coming back were those from before the sales ("Number of Tickets 0" beside "Sold today 7").
  const list = useGetBoxOfficeAssignedQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="page">
      <div className="page-head"><h2 className="page-title">Box Office</h2></div>
      {list.isLoading ? (
        <LoadingSpinner label="Loading assigned events" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : list.data.collection.length === 0 ? (
        <EmptyState text="There are no assigned events yet" />
      ) : (
        <DataTable
          label="Assigned events"
          columns={COLUMNS}
          rows={list.data.collection}
          rowKey={(r) => r.id}
          rowLabel={(r) => `${r.title}, ${r.event.name}`}
          onRowClick={(r) => navigate(`/boxoffice-app/${r.id}`)}
        />
      )}
      <OperatorSummaryCard />
    </div>
  );
}
