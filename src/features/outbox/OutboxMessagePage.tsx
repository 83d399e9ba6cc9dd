import { Card } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import { useGetOutboxMessageQuery } from '../../api/outboxApi';
import { displayDateTimeSeconds } from '../../domain/displayDates';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { channelLabel, OutboxStateTag } from './outboxColumns';
import './outbox.css';

/** Text with its web addresses as links (a password-reset mail's link is followed from here). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? <a key={i} href={part} rel="noopener noreferrer">{part}</a> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

/** /outbox/{id}: one message in full, as a mail viewer shows it: its headers, then its text. */
export function OutboxMessagePage() {
  const id = Number(useParams().id);
  const message = useGetOutboxMessageQuery(id, { pollingInterval: 5000 });
  if (message.isLoading) return <LoadingSpinner label="Loading the message" />;
  const m = message.data;
  if (!m) {
    return (
      <div className="page">
        <BackLink to="/outbox" label="Outbox" />
        {errorStatus(message.error) === 404 ? <NotFoundPanel title="Message not found" back={{ to: '/outbox', list: 'the outbox' }} /> : <RetryPanel onRetry={message.refetch} />}
      </div>
    );
  }
  const rows: [string, React.ReactNode][] = [
    ['From', m.from ?? (m.channel === 'sms' ? 'SMS' : '—')],
    ['To', m.address],
    ['Channel', channelLabel(m.channel)],
    ['Queued', displayDateTimeSeconds(m.created_at)],
    ['Status', <OutboxStateTag key="s" message={m} />],
    ['Attempts', String(m.attempts)],
    // A message no provider took was kept in the local mailbox: it reached nobody, so it is not 'Delivered'.
    ...(m.sent_at ? [[m.transport === 'local' ? 'Kept in the local mailbox' : 'Delivered', displayDateTimeSeconds(m.sent_at)] as [string, string]] : []),
    ...(m.next_attempt_at ? [['Next attempt', displayDateTimeSeconds(m.next_attempt_at)] as [string, string]] : []),
    ...(m.last_error ? [['Last error', m.last_error] as [string, string]] : []),
    ...(m.provider_id ? [['Provider id', m.provider_id] as [string, string]] : []),
  ];
  return (
    <div className="page outbox-message-page">
      <BackLink to="/outbox" label="Outbox" />
      <h1 className="page-title">{m.subject}</h1>
      <Card className="outbox-message">
        <dl className="outbox-headers">
          {rows.map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </Fragment>
          ))}
        </dl>
        <pre className="outbox-body" aria-label="Message text"><Linked text={m.body} /></pre>
      </Card>
    </div>
  );
}
