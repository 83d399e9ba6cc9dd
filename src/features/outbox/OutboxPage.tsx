import { Button, Callout, HTMLSelect } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetOutboxQuery, useGetOutboxSetupQuery } from '../../api/outboxApi';
import { OUTBOX_CHANNELS, OUTBOX_STATUSES, type OutboxListQuery } from '../../contracts/outbox';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { channelLabel, outboxColumns } from './outboxColumns';
import './outbox.css';

const PER_PAGE = 20;

/**
 * /outbox (admin; the spec has no such screen, docs/outbox.md designs it): every message the product sends, newest
 * first, with what became of it. Page and filters live in the address, so a reload or a shared link keeps them.
 */
export function OutboxPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') as OutboxListQuery['status'] | null;
  const channel = params.get('channel') as OutboxListQuery['channel'] | null;
  const query: OutboxListQuery = { page, per_page: PER_PAGE, ...(status ? { status } : {}), ...(channel ? { channel } : {}) };
  const list = useGetOutboxQuery(query, { pollingInterval: 5000, refetchOnMountOrArgChange: true });
  const setup = useGetOutboxSetupQuery();
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const local = setup.data && (setup.data.email === 'local' || setup.data.sms === 'local');
  return (
    <div className="page outbox-page">
      <div className="page-head">
        <h1 className="page-title">Outbox</h1>
        <Button icon="refresh" text="Refresh" onClick={list.refetch} />
      </div>
      {local && (
        <Callout intent="warning" className="outbox-setup">
          {setup.data!.email === 'local' && setup.data!.sms === 'local'
            ? 'No mail server and no SMS provider are configured (SMTP_URL, SMS_URL):'
            : setup.data!.email === 'local' ? 'No mail server is configured (SMTP_URL):' : 'No SMS provider is configured (SMS_URL):'}{' '}
          those messages are kept here, in the local mailbox, and reach nobody. Open one to read it.
        </Callout>
      )}
      <div className="outbox-filters">
        <HTMLSelect aria-label="Status" value={status ?? ''} onChange={(e) => set('status', e.currentTarget.value || null)}
          options={[{ value: '', label: 'All statuses' }, ...OUTBOX_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))]} />
        <HTMLSelect aria-label="Channel" value={channel ?? ''} onChange={(e) => set('channel', e.currentTarget.value || null)}
          options={[{ value: '', label: 'All channels' }, ...OUTBOX_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) }))]} />
      </div>
      {list.isLoading ? (
        <LoadingSpinner label="Loading the outbox" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : (
        <>
          <DataTable
            label="Messages"
            columns={outboxColumns}
            rows={list.data.collection}
            rowKey={(m) => m.id}
            rowLabel={(m) => `${channelLabel(m.channel)} to ${m.address}: ${m.subject}`}
            onRowClick={(m) => navigate(`/outbox/${m.id}`)}
            emptyText="No messages yet"
          />
          <Pager page={page} count={list.data.count} perPage={PER_PAGE} onChange={(p) => set('page', String(p))} />
        </>
      )}
    </div>
  );
}
