import { Tag } from '@blueprintjs/core';
import type { TicketCounts } from '../../contracts/corporates';

/** Sent, unsent and returned tickets of a reservation at a glance. */
export function TicketCountTags({ counts }: { counts: TicketCounts }) {
  return (
    <span className="ticket-counts" role="group" aria-label={`${counts.sent} sent, ${counts.unsent} unsent, ${counts.returned} returned`}>
      <Tag intent="success" minimal>{counts.sent} sent</Tag>
      <Tag minimal>{counts.unsent} unsent</Tag>
      {counts.returned > 0 ? <Tag intent="warning" minimal>{counts.returned} returned</Tag> : null}
    </span>
  );
}
