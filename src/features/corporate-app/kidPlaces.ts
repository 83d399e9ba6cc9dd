import type { TicketItem } from '../../contracts/corporates';

type Place = Pick<TicketItem, 'id' | 'section' | 'general_admission'>;

/**
 * The free tickets a kid's ticket can take beside `ticket` (001 §5): for a standing ticket, the free places of the
 * same standing section; for a seat, any free seat of the reservation.
 */
export function kidPlaces<T extends Place>(ticket: Place, free: readonly T[]): T[] {
  return ticket.general_admission
    ? free.filter((t) => t.general_admission && t.section === ticket.section)
    : free.filter((t) => !t.general_admission);
}

/** What the kids' dialog says when `kidPlaces` found nothing (001 §8's words, then why). */
export function noKidPlacesText(standing: boolean): string {
  return `Error adding kids' tickets: no free tickets left${standing ? ' in this section' : ''}.`;
}
