import type { TicketItem } from '../../contracts/corporates';
import { standingName } from '../../domain/places';

/** "Section 101, row A, seat 7" or "Floor (standing)": where a ticket is, as people read it. */
export function placeLabel(t: Pick<TicketItem, 'section' | 'row' | 'seat' | 'general_admission'>): string {
  if (t.general_admission || !t.seat) return standingName(t.section);
  return `${t.section}, row ${t.row ?? '–'}, seat ${t.seat}`;
}
