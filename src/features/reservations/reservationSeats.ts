import type { EventSectionsResponse } from '../../contracts/venueMap';

/** The ticket types a seat can be reserved with and their prices (SEK), from its price set. */
export function seatPrices(map: EventSectionsResponse, priceSet: number): { name: string; price: number }[] {
  if (priceSet < 0) return [];
  const prices = map.price_sets[priceSet]?.prices ?? {};
  return map.ticket_types.filter((t) => t.name in prices).map((t) => ({ name: t.name, price: prices[t.name] }));
}
