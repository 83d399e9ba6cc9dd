import './orders.css';
import { Icon, InputGroup } from '@blueprintjs/core';
import { displayDay } from '../../domain/displayDates';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetOrdersQuery } from '../../api/ordersApi';
import type { OrderListRow } from '../../contracts/orders';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { PersonCell } from './orderCells';

const PER_PAGE = 500;
export const REASSIGN_SEARCH_HINT = 'Order ID, or user name, document, phone or email';

/** /events/{id}/reassign (001 §2): the event's orders whose owner is unregistered, 500 a page. */
export function ReassignListPage() {
  const { id } = useParams();
  const eventId = Number(id);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const orders = useGetOrdersQuery({ event: eventId, unregistered: 1, search: search || undefined, page, per_page: PER_PAGE });
  const columns: Column<OrderListRow>[] = [
    { key: 'id', header: 'Order ID', render: (o) => <Link to={`/events/${eventId}/general/${o.id}`}>#{o.active_payment?.id ?? o.id}</Link> },
    { key: 'event', header: 'Events', render: (o) => o.event.name },
    { key: 'owner', header: 'Owner', render: (o) => <PersonCell person={o.owner} /> },
    { key: 'created', header: 'Created', render: (o) => displayDay(o.created_at) },
    {
      key: 'items', header: 'Items', render: (o) => (
        <span className="reassign-items">
          {o.tickets ? <span title={`${o.tickets} ticket(s)`}><Icon icon="th" aria-label="Tickets" /> {o.tickets}</span> : null}
          {o.merchandise ? <span title={`${o.merchandise} merchandise`}><Icon icon="shopping-cart" aria-label="Merchandise" /> {o.merchandise}</span> : null}
        </span>
      ),
    },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(text.trim());
    setPage(1);
  };
  return (
    <>
      <h1 className="page-title">Re-assign</h1>
      <form onSubmit={submit} role="search" className="orders-filters">
        <InputGroup leftIcon="search" placeholder={REASSIGN_SEARCH_HINT} aria-label={REASSIGN_SEARCH_HINT} value={text} onChange={(e) => setText(e.target.value)} className="orders-search" />
      </form>
      {orders.isLoading ? (
        <LoadingSpinner label="Loading unassigned orders" />
      ) : !orders.data ? (
        <RetryPanel onRetry={orders.refetch} />
      ) : (
        <>
          <DataTable
            label="Orders of unregistered owners" columns={columns} rows={orders.data.collection} rowKey={(o) => o.id}
            rowLabel={(o) => `Order ${o.id}`} onRowClick={(o) => navigate(`/events/${eventId}/general/${o.id}`)} emptyText="No unassigned items found"
          />
          <Pager page={page} count={orders.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </>
  );
}
