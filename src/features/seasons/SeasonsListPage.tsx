import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetEventsQuery } from '../../api/eventsApi';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { eventName } from '../../ui/EventNameCell';
import { seasonColumns } from './seasonColumns';

const PER_PAGE = 10;

/** /season: the seasonal events, 10 per page (000 §2). */
export function SeasonsListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const seasons = useGetEventsQuery({ entity_type: 'seasonal', page, per_page: PER_PAGE });
  const columns = seasonColumns({
    childCount: true,
    menu: (e) => (
      <RowMenu
        label={`Actions for ${eventName(e)}`}
        items={[
          { text: 'View', icon: 'eye-open', onClick: () => navigate(`/events/${e.id}/dashboard`) },
          { text: 'Edit', icon: 'edit', onClick: () => navigate(`/events/${e.id}/edit`) },
          // The spec's list offers Delete event without an effect; deleting is done from the events list.
          { text: 'Delete event', icon: 'trash', onClick: () => undefined },
        ]}
      />
    ),
  });
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Seasonal Events</h1>
        <Button intent="primary" icon="plus" text="Create Event" onClick={() => navigate('/season/create')} />
      </div>
      {seasons.isLoading ? (
        <LoadingSpinner label="Loading seasonal events" />
      ) : !seasons.data ? (
        <RetryPanel onRetry={seasons.refetch} />
      ) : (
        <>
          <DataTable
            label="Seasonal events"
            columns={columns}
            rows={seasons.data.collection}
            rowKey={(e) => e.id}
            rowLabel={eventName}
            onRowClick={(e) => navigate(`/season/${e.id}`)}
          />
          <Pager page={page} count={seasons.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
