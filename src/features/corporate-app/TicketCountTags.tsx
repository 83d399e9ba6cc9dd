import type { TicketCounts } from '../../contracts/corporates';

/** Sent, unsent and returned tickets of a reservation at a glance (plain text: readable on every row colour). */
export function TicketCountTags({ counts }: { counts: TicketCounts }) {
  const parts = [`${counts.sent} sent`, `${counts.unsent} unsent`, ...(counts.returned > 0 ? [`${counts.returned} returned`] : [])];
  return (
    <span className="ticket-counts" role="group" aria-label={`${counts.sent} sent, ${counts.unsent} unsent, ${counts.returned} returned`}>
      {parts.join(' · ')}
    </span>
  );
}
