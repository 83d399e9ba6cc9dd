import { Tag, type Intent } from '@blueprintjs/core';
import type { OutboxMessageSummary } from '../../contracts/outbox';
import { displayDateTime } from '../../domain/displayDates';
import { outboxStateLabel } from '../../domain/outboxTruth';
import type { Column } from '../../ui/DataTable';

const CHANNEL: Record<OutboxMessageSummary['channel'], string> = { email: 'E-mail', sms: 'SMS', social: 'Social post' };
const INTENT: Record<OutboxMessageSummary['status'], Intent> = { queued: 'none', sending: 'primary', sent: 'success', failed: 'danger' };

/** A message's state as a tag: "In the local mailbox" for messages no provider took, never "Sent". */
export function OutboxStateTag({ message }: { message: Pick<OutboxMessageSummary, 'status' | 'transport'> }) {
  const local = message.status === 'sent' && message.transport === 'local';
  return <Tag intent={local ? 'warning' : INTENT[message.status]} minimal>{outboxStateLabel(message.status, message.transport)}</Tag>;
}

export const channelLabel = (c: OutboxMessageSummary['channel']) => CHANNEL[c];

export const outboxColumns: Column<OutboxMessageSummary>[] = [
  { key: 'time', header: 'Time', render: (m) => displayDateTime(m.created_at) },
  { key: 'channel', header: 'Channel', render: (m) => channelLabel(m.channel) },
  { key: 'to', header: 'Recipient', render: (m) => m.address },
  { key: 'subject', header: 'Subject or text', render: (m) => m.subject, className: 'outbox-subject' },
  { key: 'status', header: 'Status', render: (m) => <OutboxStateTag message={m} /> },
  { key: 'attempts', header: 'Attempts', render: (m) => m.attempts },
  { key: 'error', header: 'Error', render: (m) => m.last_error ?? '', className: 'outbox-error' },
];
