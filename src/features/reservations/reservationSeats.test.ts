import { describe, expect, it } from 'vitest';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { seatPrices } from './reservationSeats';

const map = {
  ticket_types: [{ id: 1, name: 'Standard', default: true, kids: false, min: 0, max: null }, { id: 2, name: 'Student', default: false, kids: false, min: 0, max: null }],
  price_sets: [{ prices: { Standard: 450, Student: 300 } }],
  sections: [{ price_set: 0, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }, { price_set: null, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }],
  overrides: { seat_index: [1], price_set: [null], price_overridden: [false], hidden: [true] },
  taken: [2],
} as unknown as EventSectionsResponse;

describe('seatPrices', () => {
  it('when a seat has a price set, then its ticket types come in the event\'s order', () => {
    expect(seatPrices(map, 0)).toEqual([{ name: 'Standard', price: 450 }, { name: 'Student', price: 300 }]);
    expect(seatPrices(map, -1)).toEqual([]);
  });
});
