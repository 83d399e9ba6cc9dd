import './orders.css';
import { HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetEventDropdownQuery } from '../../api/eventsApi';
import { useGetAuditLogQuery } from '../../api/ordersApi';
import { AUDIT_ACTIONS, type AuditLogRow } from '../../contracts/orders';
import { formatSek } from '../../domain/money';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { displayDateTime, displayDateTimeSeconds } from '../../domain/displayDates';

const PER_PAGE = 50;
const ACTION_LABELS: Record<string, string> = { 'order.void': 'Void', 'order.refund': 'Refund', 'order.reassign': 'Re-assign' };

/** One value of a log row as the console writes it: a time as dd.MM.yyyy HH:mm (000 §5), a flag as yes or no. */
function valueText(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(v)) return displayDateTime(v);
  return String(v);
}

/** The amounts of a log row in words: the öre amounts as SEK, times and flags as the console writes them, the rest as they are. */
function amountsText(amounts: Record<string, unknown>): string {
  return Object.entries(amounts)
    .filter(([, v]) => typeof v !== 'object')
    .map(([k, v]) => (k.endsWith('_ore') && typeof v === 'number' ? `${k.replace(/_ore$/, '').replace(/_/g, ' ')}: ${formatSek(v)}` : `${k.replace(/_/g, ' ')}: ${valueText(v)}`))
    .join(' · ');
}

const columns: Column<AuditLogRow>[] = [
  { key: 'when', header: 'When', render: (r) => displayDateTimeSeconds(r.created_at) },
  { key: 'who', header: 'User', render: (r) => r.user?.name ?? '–' },
  { key: 'action', header: 'Action', render: (r) => ACTION_LABELS[r.action] ?? r.action },
  { key: 'event', header: 'Event', render: (r) => r.event?.name ?? '–' },
  { key: 'order', header: 'Order', render: (r) => (r.order_id ? <Link to={`/orders/${r.order_id}/general`}>#{r.order_id}</Link> : '–') },
  { key: 'amounts', header: 'Amounts', render: (r) => amountsText(r.amounts) },
];

/** /logs (admin): the append-only audit log of money actions, filterable by event, user and action. */
export function AuditLogPage() {
  const [event, setEvent] = useState<number | undefined>();
  const [user, setUser] = useState<number | undefined>();
  const [action, setAction] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const events = useGetEventDropdownQuery();
  const log = useGetAuditLogQuery({ event_id: event, user_id: user, action, page, per_page: PER_PAGE });
  const num = (v: string) => (v ? Number(v) : undefined);
  return (
    <div className="page">
      <div className="page-head"><h1 className="page-title">Logs</h1></div>
      <div className="orders-filters">
        <HTMLSelect aria-label="Event" value={event ?? ''} onChange={(e) => { setEvent(num(e.target.value)); setPage(1); }}>
          {/* 002 §8: the picker's own failure text. */}
          <option value="">{events.isError ? 'Error fetching events..' : 'All events'}</option>
          {(events.data?.data ?? []).map((ev) => <option key={ev.id} value={ev.id}>{ev.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="User" value={user ?? ''} onChange={(e) => { setUser(num(e.target.value)); setPage(1); }}>
          <option value="">All users</option>
          {(log.data?.users ?? []).map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Action" value={action ?? ''} onChange={(e) => { setAction(e.target.value || undefined); setPage(1); }}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{ACTION_LABELS[a]}</option>)}
        </HTMLSelect>
      </div>
      {log.isLoading ? (
        <LoadingSpinner label="Loading the log" />
      ) : !log.data ? (
        <RetryPanel onRetry={log.refetch} />
      ) : (
        <>
          <DataTable label="Audit log" columns={columns} rows={log.data.collection} rowKey={(r) => r.id} emptyText="No data" />
          <Pager page={page} count={log.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
