import { Tag } from '@blueprintjs/core';
import { eventStatusBadge } from '../domain/eventListView';

/** An event's one status badge (000 §4): its status, "active" highlighted; "Passed" alone once the event is over. */
export function StatusTag({ status, passed = false }: { status: string; passed?: boolean }) {
  const badge = eventStatusBadge(status, passed);
  return (
    <span className="status-tags">
      <Tag intent={badge.intent} minimal={badge.minimal}>{badge.label}</Tag>
    </span>
  );
}
