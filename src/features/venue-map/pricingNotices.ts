import type { PricesResponse } from '../../contracts/pricing';
import { formatCount } from '../../domain/money';

const seats = (v: number) => `${formatCount(v)} ${v === 1 ? 'seat' : 'seats'}`;
const kept = (v: number) => `${formatCount(v)} sold, reserved or leased ${v === 1 ? 'seat' : 'seats'}`;

/**
 * The toast after a hide or unhide: what changed, and, when a whole section was hidden, the seats sold, reserved, held
 * or leased that "Hide all" left as they are (open, counted as taken: docs/places.md "Hidden and taken").
 */
export function hideNotice(res: PricesResponse): string {
  if (res.kept) return `Hid ${seats(res.changed)}; ${kept(res.kept)} left as ${res.kept === 1 ? 'it is' : 'they are'}`;
  return `${res.message}: ${formatCount(res.changed)}`;
}

/** The toast after a save or release of prices; a whole section released keeps the prices of its taken seats. */
export function pricesNotice(res: PricesResponse): string {
  if (res.kept) return `Released ${seats(res.changed)}; ${kept(res.kept)} keep ${res.kept === 1 ? 'its price' : 'their prices'}`;
  return `${res.message}: ${formatCount(res.changed)} ${res.changed === 1 ? 'place' : 'places'}`;
}
