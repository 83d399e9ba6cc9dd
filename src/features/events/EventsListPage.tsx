import './events.css';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { eventListTitle } from '../../domain/eventListView';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useGetEventsQuery } from '../../api/eventsApi';
import { EVENT_LIST_STATUSES, type EventListQuery, type EventListStatus } from '../../contracts/events';
import { EVENT_TIME_FILTERS } from '../../domain/dates';
import { permissionsFor } from '../../domain/roles';
import { useGetProfileQuery } from '../../api/authApi';
import { DataTable } from '../../ui/DataTable';
import { DateFilterInput } from '../../ui/DateFilterInput';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { eventColumns } from './eventColumns';
import { eventName } from '../../ui/EventNameCell';
import { rememberEventsListPath } from './eventsListPath';

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


const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * /events: "Upcoming Events" (000 §2). Search, filters and page live in the address, so browser Back, the event's
 * "< Back" and a shared link bring the same list back. Changing a filter goes back to page 1.
 */
export function EventsListPage() {
  const navigate = useNavigate();
  const profile = useGetProfileQuery().data;
  const permissions = permissionsFor(profile?.type ?? 'promoter');
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const status = oneOf<EventListStatus>(params.get('status'), EVENT_LIST_STATUSES, 'all');
  const dateTerm = oneOf<NonNullable<EventListQuery['date_term']>>(params.get('time'), EVENT_TIME_FILTERS.map((f) => f.value), 'any');
  const startDate = params.get('start');
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const debouncedSearch = useDebounced(search);

  /**
   * Sets (or with null/default, removes) address parameters; any change but the page's goes back to page 1. Starts
   * from the address as it is now: React Router renders a navigation in a transition, so right after the search
   * wrote `q` the hook's parameters (and `prev`) could still be the ones before it, and a filter chosen then dropped
   * the search from the address. Nothing once the address has left this list: a row clicked between the typed search's
   * pause ending and its effect writing `q` (a frame or more on a loaded machine) has already put the event in the
   * address, and the write, a replace relative to this list, put the list back over it (a browser flow met it in a
   * full run: the event's dashboard never came).
   */
  const update = (changes: Record<string, string | null>) =>
    window.location.pathname === pathname && setParams(() => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    }, { replace: true });

  useEffect(() => {
    if ((params.get('q') ?? '') !== debouncedSearch.trim()) update({ q: debouncedSearch.trim() });
    // Only the typed search drives this; the address's other parameters are read above.
  }, [debouncedSearch]);
  useEffect(() => {
    rememberEventsListPath(`/events${params.size ? `?${params.toString()}` : ''}`);
  }, [params]);

  const query: EventListQuery = { page, per_page: PER_PAGE, status, date_term: dateTerm };
  if (debouncedSearch.trim()) query.search = debouncedSearch.trim();
  if (startDate) query.start_date = startDate;
  const events = useGetEventsQuery(query);

  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">{eventListTitle(status)}</h1>
        <Button intent="primary" icon="plus" text="New Event" onClick={() => navigate('/events/create')} />
      </div>
      <div className="list-filters">
        <InputGroup type="search" leftIcon="search" placeholder="Search" aria-label="Search events" value={search} onChange={(e) => setSearch(e.target.value)} />
        <HTMLSelect aria-label="Status" value={status} onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value })}>
          {EVENT_LIST_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Time" value={dateTerm} onChange={(e) => update({ time: e.target.value === 'any' ? null : e.target.value })}>
          {EVENT_TIME_FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
        </HTMLSelect>
        <DateFilterInput label="Start date" value={startDate} onChange={(date) => update({ start: date })} />
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
            onRowClick={(e) => {
              // The address as it is now: the effect above may not have run yet for a filter changed just before.
              rememberEventsListPath(`/events${window.location.search}`);
              navigate(`/events/${e.id}/dashboard`);
            }}
            emptyText="There are no events for the search criteria"
          />
          <Pager page={page} count={events.data.count} perPage={PER_PAGE} onChange={(p) => update({ page: p === 1 ? null : String(p) })} />
        </>
      )}
    </div>
  );
}
