import type { EventSectionsResponse } from '../contracts/venueMap';

/**
 * For tests: an event's sections answer in small. Two seated sections, the first priced (Standard 450, Student 300),
 * the second unpriced; seat 1 hidden, seat 2 taken.
 */
export const TWO_SECTIONS_ANSWER = {
  ticket_types: [{ id: 1, name: 'Standard', default: true, kids: false, min: 0, max: null }, { id: 2, name: 'Student', default: false, kids: false, min: 0, max: null }],
  price_sets: [{ prices: { Standard: 450, Student: 300 } }],
  sections: [{ price_set: 0, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }, { price_set: null, hidden: false, general_admission: false, seats_count: 0, stats: { seats: { taken: 0 } } }],
  overrides: { seat_index: [1], price_set: [null], price_overridden: [false], hidden: [true] },
  taken: [2],
} as unknown as EventSectionsResponse;
