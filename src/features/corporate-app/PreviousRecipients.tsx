import { Button, Callout } from '@blueprintjs/core';
import { useGetTicketHoldersQuery } from '../../api/corporatesApi';
import type { TicketUser } from '../../contracts/corporates';

/** At most this many people are offered: the most recent recipients are the likely ones. */
const SHOWN = 8;

/**
 * People the corporate sent tickets to before (GET api/corporate-ticket-holders, 001 §7), newest first, each once:
 * one click searches their number again. A failed load says 'Error fetching previous users' (001 §8); the phone search
 * still works without the list.
 */
export function PreviousRecipients({ onPick }: { onPick: (user: TicketUser) => void }) {
  const holders = useGetTicketHoldersQuery({});
  if (holders.isError) return <Callout intent="warning" className="previous-recipients">Error fetching previous users</Callout>;
  const seen = new Set<number>();
  const people: TicketUser[] = [];
  for (const h of [...(holders.data?.collection ?? [])].reverse()) {
    if (seen.has(h.user.id) || !h.user.phone) continue;
    seen.add(h.user.id);
    people.push(h.user);
  }
  if (people.length === 0) return null;
  return (
    <div role="group" aria-label="Sent to before" className="previous-recipients">
      <span className="previous-recipients__label">Sent to before:</span>
      {people.slice(0, SHOWN).map((u) => (
        <Button key={u.id} size="small" variant="outlined" text={u.name || u.phone} title={u.phone} onClick={() => onPick(u)} />
      ))}
    </div>
  );
}
