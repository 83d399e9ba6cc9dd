import { Tag } from '@blueprintjs/core';

/** An event's status, capitalised, "active" highlighted (000 §4); "Passed" beside it once the event is over. */
export function StatusTag({ status, passed = false }: { status: string; passed?: boolean }) {
  return (
    <span className="status-tags">
      <Tag intent={status === 'active' ? 'success' : 'none'} minimal={status !== 'active'}>
        {status.charAt(0).toUpperCase() + status.slice(1)}
      </Tag>
      {passed ? <Tag minimal>Passed</Tag> : null}
    </span>
  );
}
