import './orders.css';
import { displayDateTime } from '../../domain/displayDates';
import { Button, Checkbox, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetEventDropdownQuery } from '../../api/eventsApi';
import { useGetOrdersQuery } from '../../api/ordersApi';
import type { OrderListRow } from '../../contracts/orders';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { ConfirmationTag, PersonCell, sek } from './orderCells';

const PER_PAGE = 50;
export const ORDER_SEARCH_HINT = 'Search by order ID, user name, document, phone or email';

const columns: Column<OrderListRow>[] = [
  { key: 'id', header: 'Order ID', render: (o) => `#${o.id}` },
  { key: 'event', header: 'Event', render: (o) => o.event.name },
  { key: 'owner', header: 'Owner', render: (o) => <PersonCell person={o.owner} /> },
  { key: 'created', header: 'Created at', render: (o) => displayDateTime(o.created_at) },
  { key: 'status', header: 'Status', render: (o) => o.status },
  { key: 'confirmation', header: 'Confirmation', render: (o) => <ConfirmationTag status={o.confirmation_status} /> },
  { key: 'tickets', header: 'Tickets', render: (o) => o.tickets, className: 'num' },
  { key: 'total', header: 'Total', render: (o) => sek(o.total), className: 'num' },
];

/** /orders: titled 'Reservations' (001 §2): search, event filter, 'Not yet accepted tickets', 50 a page. */
export function OrdersListPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [event, setEvent] = useState<number | undefined>();
  const [notAccepted, setNotAccepted] = useState(false);
  const [page, setPage] = useState(1);
  const events = useGetEventDropdownQuery();
  const orders = useGetOrdersQuery({ search: search || undefined, event, accepted: notAccepted ? 0 : undefined, page, per_page: PER_PAGE });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(text.trim());
    setPage(1);
  };
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Reservations</h1>
        <Button icon="history" text="Audit log" onClick={() => navigate('/logs')} />
      </div>
      <form className="orders-filters" onSubmit={submit} role="search">
        <ControlGroup>
          <InputGroup
            leftIcon="search" aria-label={ORDER_SEARCH_HINT} placeholder={ORDER_SEARCH_HINT} value={text}
            onChange={(e) => setText(e.target.value)} className="orders-search"
          />
          <Button type="submit" text="Search" loading={orders.isFetching} />
        </ControlGroup>
        <HTMLSelect
          aria-label="Event" value={event ?? ''}
          onChange={(e) => { setEvent(e.target.value ? Number(e.target.value) : undefined); setPage(1); }}
        >
          {/* 002 §8: the picker's own failure text. */}
          <option value="">{events.isError ? 'Error fetching events..' : 'All events'}</option>
          {(events.data?.data ?? []).map((ev) => <option key={ev.id} value={ev.id}>{ev.name}</option>)}
        </HTMLSelect>
        <Checkbox label="Not yet accepted tickets" checked={notAccepted} onChange={(e) => { setNotAccepted(e.currentTarget.checked); setPage(1); }} />
      </form>
      {orders.isLoading ? (
        <LoadingSpinner label="Loading reservations" />
      ) : !orders.data ? (
        <RetryPanel onRetry={orders.refetch} />
      ) : (
        <>
          <DataTable
            label="Reservations" columns={columns} rows={orders.data.collection} rowKey={(o) => o.id}
            rowLabel={(o) => `Order ${o.id}`} onRowClick={(o) => navigate(`/orders/${o.id}/general`)} emptyText="No data"
            busy={orders.isFetching}
          />
          <Pager page={page} count={orders.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
