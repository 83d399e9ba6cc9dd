import './events.css';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetEventsQuery } from '../../api/eventsApi';
import { EVENT_LIST_STATUSES, type EventListQuery, type EventListStatus } from '../../contracts/events';
import { EVENT_TIME_FILTERS, type EventTimeFilter } from '../../domain/dates';
import { permissionsFor } from '../../domain/roles';
import { useGetProfileQuery } from '../../api/authApi';
import { DataTable } from '../../ui/DataTable';
import { DateFilterInput } from '../../ui/DateFilterInput';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { eventColumns } from './eventColumns';
import { eventName } from '../../ui/EventNameCell';

const PER_PAGE = 30;
const STATUS_LABELS: Record<EventListStatus, string> = { all: 'All', active: 'Active', passed: 'Passed', draft: 'Draft' };

/** Debounced copy of a value: the search box asks the server once typing pauses. */
function useDebounced<T>(value: T, ms = 300): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return current;
}

/** /events: "Upcoming Events" (000 §2). */
export function EventsListPage() {
  const navigate = useNavigate();
  const profile = useGetProfileQuery().data;
  const permissions = permissionsFor(profile?.type ?? 'promoter');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EventListStatus>('all');
  const [dateTerm, setDateTerm] = useState<EventTimeFilter>('any');
  const [startDate, setStartDate] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search);
  useEffect(() => setPage(1), [debouncedSearch, status, dateTerm, startDate]);

  const query: EventListQuery = { page, per_page: PER_PAGE, status, date_term: dateTerm };
  if (debouncedSearch.trim()) query.search = debouncedSearch.trim();
  if (startDate) query.start_date = startDate;
  const events = useGetEventsQuery(query);

  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Upcoming Events</h1>
        <Button intent="primary" icon="plus" text="New Event" onClick={() => navigate('/events/create')} />
      </div>
      <div className="list-filters">
        <InputGroup type="search" leftIcon="search" placeholder="Search" aria-label="Search events" value={search} onChange={(e) => setSearch(e.target.value)} />
        <HTMLSelect aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as EventListStatus)}>
          {EVENT_LIST_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Time" value={dateTerm} onChange={(e) => setDateTerm(e.target.value as EventTimeFilter)}>
          {EVENT_TIME_FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
        </HTMLSelect>
        <DateFilterInput label="Start date" value={startDate} onChange={setStartDate} />
      </div>
      {events.isLoading ? (
        <LoadingSpinner label="Loading events" />
      ) : events.isError || !events.data ? (
        <RetryPanel onRetry={events.refetch} />
      ) : (
        <>
          <DataTable
            label="Events"
            columns={eventColumns(permissions)}
            rows={events.data.collection}
            rowKey={(e) => e.id}
            rowLabel={(e) => eventName(e)}
            onRowClick={(e) => navigate(`/events/${e.id}/dashboard`)}
            emptyText="There are no events for the search criteria"
          />
          <Pager page={page} count={events.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
