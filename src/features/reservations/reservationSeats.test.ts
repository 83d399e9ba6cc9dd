import { describe, expect, it } from 'vitest';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../seatmap/colors';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { buildReservationSeats, seatPrices } from './reservationSeats';

const model = { seatCount: 4, sectionCount: 2, sectionFirstSeat: [0, 3], sectionSeatCount: [3, 1] } as unknown as VenueModel;
const map = {
  ticket_types: [{ id: 1, name: 'Standard', default: true, kids: false, min: 0, max: null }, { id: 2, name: 'Student', default: false, kids: false, min: 0, max: null }],
  price_sets: [{ prices: { Standard: 450, Student: 300 } }],
  sections: [{ price_set: 0, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }, { price_set: null, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }],
  overrides: { seat_index: [1], price_set: [null], price_overridden: [false], hidden: [true] },
  taken: [2],
} as unknown as EventSectionsResponse;

describe('buildReservationSeats', () => {
  it('when seats are priced and free, then only they can be selected; taken, hidden and unpriced cannot', () => {
    const s = buildReservationSeats(map, model, new Map());
    expect([...s.selectable]).toEqual([1, 0, 0, 0]);
    expect([...s.sectionColors]).toEqual([SECTION_STATE_COLORS.priced, SECTION_STATE_COLORS.unavailable]);
    expect([...s.seatColors]).toEqual([PRICE_LEVEL_COLORS[0], SEAT_STATE_COLORS.hidden, SEAT_STATE_COLORS.reservedOrBought, SEAT_STATE_COLORS.unpriced]);
  });

  it('when the live poll says a seat was taken or freed, then that wins over the loaded answer', () => {
    const s = buildReservationSeats(map, model, new Map([[0, true], [2, false]]));
    expect([...s.selectable]).toEqual([0, 0, 1, 0]);
  });

  it('when a seat has a price set, then its ticket types come in the event\'s order', () => {
    expect(seatPrices(map, 0)).toEqual([{ name: 'Standard', price: 450 }, { name: 'Student', price: 300 }]);
    expect(seatPrices(map, -1)).toEqual([]);
  });
});
