import { describe, expect, it } from 'vitest';
import type { EventSectionsResponse } from '../contracts/venueMap';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { LEASE_COLORS, PICKABLE_COLOR, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from './colors';
import { buildLeaseOnlySeats, buildPickableSeats, seasonTakenReason, takenBySeason, updatePickableSeats } from './pickableSeats';
import { TWO_SECTIONS_ANSWER } from './twoSectionsAnswer';

// The reservation map's view.
const model = { seatCount: 4, sectionCount: 2, sectionFirstSeat: [0, 3], sectionSeatCount: [3, 1] } as unknown as VenueModel;
const map = TWO_SECTIONS_ANSWER;

describe('buildPickableSeats', () => {
  it('when seats are priced and free, then only they can be selected; taken, hidden and unpriced cannot', () => {
    const s = buildPickableSeats(map, model, new Map());
    expect([...s.selectable]).toEqual([1, 0, 0, 0]);
    expect([...s.sectionColors]).toEqual([PICKABLE_COLOR, SECTION_STATE_COLORS.unavailable]);
    expect([...s.seatColors]).toEqual([PICKABLE_COLOR, SEAT_STATE_COLORS.hidden, SEAT_STATE_COLORS.reservedOrBought, SEAT_STATE_COLORS.unpriced]);
  });

  it('when a section has something to pick, then it is drawn in the pickable seats\' colour, never in the counter\'s own lease colour', () => {
    const s = buildPickableSeats(map, model, new Map());
    expect(s.sectionColors[0]).toBe(s.seatColors[0]);
    expect(s.sectionColors[0]).not.toBe(LEASE_COLORS.own);
    expect(LEASE_COLORS.own).not.toBe(PICKABLE_COLOR);
  });

  it('when the live poll says a seat was taken or freed, then that wins over the loaded answer', () => {
    const s = buildPickableSeats(map, model, new Map([[0, true], [2, false]]));
    expect([...s.selectable]).toEqual([0, 0, 1, 0]);
  });

  it('when another counter leases a free seat, then it is drawn leased and cannot be picked; a counter\'s own leased seat is drawn "yours" and can', () => {
    const others = buildPickableSeats(map, model, new Map(), { others: new Map([[0, 'Leased to Counter 2 until 18:30']]), own: new Set() });
    expect(others.selectable[0]).toBe(0);
    expect(others.seatColors[0]).toBe(LEASE_COLORS.others);
    const own = buildPickableSeats(map, model, new Map(), { others: new Map(), own: new Set([0]) });
    expect(own.selectable[0]).toBe(1);
    expect(own.seatColors[0]).toBe(LEASE_COLORS.own);
  });
});

// The box-office counter's view.
describe('the counter seat map', () => {
  const section = (over: object) => ({ price_set: 0, hidden: false, general_admission: false, seats_count: 3, stats: { seats: { taken: 0 } }, ...over });
  const map = {
    sections: [section({}), section({ general_admission: true }), section({ hidden: true })],
    overrides: { seat_index: [2], price_set: [null], price_overridden: [true], hidden: [false] },
    taken: [1],
  } as unknown as EventSectionsResponse;
  const model = { seatCount: 9, sectionCount: 3, sectionFirstSeat: new Uint32Array([0, 3, 6]), sectionSeatCount: new Uint32Array([3, 3, 3]) };
  it('when seats are taken, released from sale, standing or hidden, then only free priced seats can be selected', () => {
    const m = buildPickableSeats(map, model as never, new Map());
    expect([...m.selectable]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(m.seatColors[0]).toBe(PICKABLE_COLOR);
    expect(m.seatColors[1]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(m.seatColors[2]).toBe(SEAT_STATE_COLORS.unpriced);
    expect(m.seatColors[6]).toBe(SEAT_STATE_COLORS.hidden);
  });
  it('when the seat-state poll says a seat was freed or taken, then the map follows it', () => {
    const m = buildPickableSeats(map, model as never, new Map([[1, false], [0, true]]));
    expect(m.selectable[0]).toBe(0);
    expect(m.selectable[1]).toBe(1);
    expect(m.seatColors[0]).toBe(SEAT_STATE_COLORS.reservedOrBought);
  });
  it('when live states change, then the update from the last result equals a build from scratch, and touches only what changed', () => {
    const rowsModel = { ...model, seatRow: new Uint32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]), rowSection: new Uint32Array([0, 1, 2]) };
    const lease = { others: new Map(), own: new Set([0]) };
    const steps: Map<number, boolean>[] = [new Map(), new Map([[0, true]]), new Map([[0, true], [1, false]]), new Map([[1, false]]), new Map()];
    let last = buildPickableSeats(map, rowsModel as never, steps[0]!, lease);
    for (let k = 1; k < steps.length; k++) {
      const next = updatePickableSeats(last, map, rowsModel as never, steps[k - 1]!, steps[k]!, lease);
      const fresh = buildPickableSeats(map, rowsModel as never, steps[k]!, lease);
      for (const key of ['taken', 'seatColors', 'selectable', 'sectionColors'] as const) expect([...next[key]], `${key} at step ${k}`).toEqual([...fresh[key]]);
      expect(next.seatColors).not.toBe(last.seatColors);
      last = next;
    }
    // Section 0 is closed once its only free seat is sold, and open again when it is freed.
    expect(updatePickableSeats(last, map, rowsModel as never, new Map(), new Map([[0, true]]), lease).sectionColors[0]).toBe(SECTION_STATE_COLORS.unavailable);
    expect(updatePickableSeats(last, map, rowsModel as never, new Map([[0, true]]), new Map([[0, true]]), lease)).toBe(last);
  });
});

// The counter's map with no server (issue 35): its lease alone.
describe('buildLeaseOnlySeats', () => {
  // Seats 0–2 in section 0 (rows 0 and 1), seat 3 in section 1.
  const offline = { seatCount: 4, sectionCount: 2, seatRow: [0, 0, 1, 2], rowSection: [0, 0, 1] } as unknown as VenueModel;

  it('when offline, then only the lease\'s unsold seats can be picked; its seats sold offline are drawn taken and every other seat dimmed', () => {
    const s = buildLeaseOnlySeats(offline, { others: new Map(), own: new Set([1, 2]) }, new Set([2]));
    expect([...s.selectable]).toEqual([0, 1, 0, 0]);
    expect([...s.seatColors]).toEqual([LEASE_COLORS.outside, LEASE_COLORS.own, SEAT_STATE_COLORS.reservedOrBought, LEASE_COLORS.outside]);
    expect([...s.sectionColors]).toEqual([LEASE_COLORS.own, SECTION_STATE_COLORS.unavailable]);
  });

  it('when the whole lease is sold, then nothing can be picked and no section is green', () => {
    const s = buildLeaseOnlySeats(offline, { others: new Map(), own: new Set([3]) }, new Set([3]));
    expect([...s.selectable]).toEqual([0, 0, 0, 0]);
    expect([...s.sectionColors]).toEqual([SECTION_STATE_COLORS.unavailable, SECTION_STATE_COLORS.unavailable]);
  });
});

// A seat the event's season family holds (the sections answer's season_taken, live changes over it).
describe('takenBySeason', () => {
  const inSeason = { ...TWO_SECTIONS_ANSWER, taken: [0, 2], season_taken: [0], event: { id: 5, name: 'Included', status: 'active', entity_type: 'ordinary' } } as EventSectionsResponse;
  it('when the answer says the season holds a seat, then it is taken by the season; an own taken seat is not', () => {
    expect(takenBySeason(inSeason, 0)).toBe(true);
    expect(takenBySeason(inSeason, 2)).toBe(false);
    expect(takenBySeason(TWO_SECTIONS_ANSWER, 2)).toBe(false);
    expect(buildPickableSeats(inSeason, model, new Map()).selectable[0]).toBe(0);
  });
  it('when a pushed change says otherwise, then the change wins', () => {
    expect(takenBySeason(inSeason, 0, new Map([[0, false]]))).toBe(false);
    expect(takenBySeason(inSeason, 2, new Map([[2, true]]))).toBe(true);
  });
  it('when the event is the season itself, then the reason names the included event', () => {
    expect(seasonTakenReason(inSeason)).toBe('A season ticket holds it.');
    expect(seasonTakenReason({ event: { ...inSeason.event, entity_type: 'seasonal' } })).toBe('It is taken in an event of the season.');
  });
});
