/** A small event map for the venue-map feature's tests: the model and the API answer describe the same venue. */
import type { EventSectionsResponse, SeatCounts } from '../../../contracts/venueMap';
import { tinyVenue } from '../../../seatmap/testing/tinyVenue';

// Two seated sections of 2 rows × 3 seats, and one standing area.
export const model = tinyVenue([
  { name: 'A', rows: [{ label: '1', seats: [[0, 0], [10, 0], [20, 0]] }, { label: '2', seats: [[0, 10], [10, 10], [20, 10]] }] },
  { name: 'B', rows: [{ label: '1', seats: [[50, 0], [60, 0], [70, 0]] }, { label: '2', seats: [[50, 10], [60, 10], [70, 10]] }] },
  { name: 'Floor', rows: [], generalAdmission: true, outline: [[0, 50], [70, 50], [70, 90], [0, 90]] },
]);

export const counts = (c: Partial<SeatCounts>): SeatCounts => ({ count: 6, has_default_price: 0, priced: 0, hidden: 0, taken: 0, sold: 0, sum_default_original_price: 0, ...c });

export function response(overrides: Partial<EventSectionsResponse> = {}): EventSectionsResponse {
  return {
    id: 1, name: 'Map', svg: '/api/venue-maps/1/svg', venue: { id: 1, name: 'Hall' },
    event: { id: 9, name: 'Show', status: 'draft', entity_type: 'ordinary' }, seat_count: 12,
    ticket_types: [{ id: 1, name: 'Standard', default: true, kids: false, min: 0, max: null }, { id: 2, name: 'Kids', default: false, kids: true, min: 0, max: null }],
    price_sets: [{ prices: { Standard: 500, Kids: 250 } }, { prices: { Standard: 300 } }, { prices: { Kids: 100 } }],
    sections: [
      { id: 11, name: 'A', position: 0, general_admission: false, places: 6, seats_count: 0, hidden: false, price_set: 0, stats: { seats: counts({ priced: 6, has_default_price: 6 }) } },
      { id: 12, name: 'B', position: 1, general_admission: false, places: 6, seats_count: 0, hidden: false, price_set: null, stats: { seats: counts({ priced: 2 }) } },
      { id: 13, name: 'Floor', position: 2, general_admission: true, places: 400, seats_count: 0, hidden: false, price_set: null, stats: { seats: counts({ count: 0 }) } },
    ],
    overrides: { seat_index: [1, 6, 7, 8], price_set: [null, 1, 2, null], price_overridden: [true, true, true, false], hidden: [false, false, false, true] },
    taken: [2],
    seat_version: 0,
    stats: { all: { seats: counts({ count: 12 }) } },
    ...overrides,
  };
}

