import { describe, expect, it } from 'vitest';
import type { SeatLease } from '../../contracts/seatLeases';
import { formatSek } from '../../domain/money';
import { LEASE_COLORS, PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../seatmap/colors';
import { leaseOverlay, NO_LEASES } from '../../seatmap/leaseOverlay';
import { seatStateWords } from './MapTooltipContent';
import { SEAT_FLAG_ACCESSIBLE, SEAT_FLAG_UNAVAILABLE } from '../../../workers/venue-map/venueModel';
import { counts, model, response } from './testing/mapFixture';
import { buildSeatStates, checkSameMap, forEachNonZero, MAP_CHANGED, priceLevelLabels, sameMapFile, SEAT_HIDDEN, SEAT_SEASON, SEAT_TAKEN, withLeases } from './seatStates';

describe('buildSeatStates', () => {
  const s = buildSeatStates(response(), model);

  it('gives each seat its section default, replaced by its own override', () => {
    expect(Array.from(s.priceSet)).toEqual([0, -1, 0, 0, 0, 0, 1, 2, -1, -1, -1, -1]);
  });

  it('marks hidden and taken seats, and only taken seats are unselectable', () => {
    expect(s.flags[8]).toBe(SEAT_HIDDEN);
    expect(s.flags[2]).toBe(SEAT_TAKEN);
    expect(s.selectable[2]).toBe(0);
    expect(s.selectable[8]).toBe(1);
  });

  it('when the season family holds a seat, then it is taken, marked as the season\'s, drawn taken and cannot be selected', () => {
    const held = buildSeatStates(response({ taken: [0, 2], season_taken: [0] }), model);
    expect(held.flags[0]).toBe(SEAT_TAKEN | SEAT_SEASON);
    expect(held.flags[2]).toBe(SEAT_TAKEN);
    expect(held.seatColors[0]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(held.selectable[0]).toBe(0);
  });

  it('colours taken, hidden, unpriced and priced seats; price levels by the default type\'s price', () => {
    expect(s.seatColors[2]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(s.seatColors[8]).toBe(SEAT_STATE_COLORS.hidden);
    expect(s.seatColors[1]).toBe(SEAT_STATE_COLORS.unpriced);
    // 300 and 500 are the distinct default prices: cheapest level 0, dearest level 5.
    expect(s.seatColors[6]).toBe(PRICE_LEVEL_COLORS[0]);
    expect(s.seatColors[0]).toBe(PRICE_LEVEL_COLORS[5]);
    // A set without the default type is priced (the tooltip lists its prices) but has no level: drawn apart, not
    // white as an unpriced seat.
    expect(s.seatColors[7]).toBe(SEAT_STATE_COLORS.noDefaultPrice);
    expect(s.seatColors[7]).not.toBe(SEAT_STATE_COLORS.unpriced);
  });

  it('a section priced for 3 of its 4 seats on offer (2 more hidden) is partly priced: hidden seats are left out of count once, not twice', () => {
    const map = response();
    map.sections[0] = { ...map.sections[0], stats: { seats: counts({ count: 4, hidden: 2, priced: 3, has_default_price: 3 }) } };
    expect(buildSeatStates(map, model).sectionColors[0]).toBe(SECTION_STATE_COLORS.partial);
  });

  it('a section whose seats are all priced but some only for another type than the default is partly priced, not green', () => {
    const map = response();
    map.sections[0] = { ...map.sections[0], stats: { seats: counts({ count: 4, priced: 4, has_default_price: 1 }) } };
    expect(buildSeatStates(map, model).sectionColors[0]).toBe(SECTION_STATE_COLORS.partial);
  });

  it('colours sections green when all is priced, yellow when part is, red when a standing area has no price', () => {
    expect(s.sectionColors[0]).toBe(SECTION_STATE_COLORS.priced);
    expect(s.sectionColors[1]).toBe(SECTION_STATE_COLORS.partial);
    const gaUnpriced = buildSeatStates(response({ sections: response().sections.map((x) => (x.general_admission ? { ...x, seats_count: 0, stats: { seats: counts({ count: 0 }) } } : x)) }), model);
    expect(gaUnpriced.sectionColors[2]).toBe(SECTION_STATE_COLORS.unpriced);
  });

  it('greys a standing area whose places are all sold or reserved', () => {
    const soldOut = (taken: number) => buildSeatStates(response({
      sections: response().sections.map((x) => (x.general_admission ? { ...x, seats_count: 400, price_set: 0, stats: { seats: counts({ count: 400, priced: 400, has_default_price: 400, taken }) } } : x)),
    }), model).sectionColors[2];
    expect(soldOut(399)).toBe(SECTION_STATE_COLORS.priced);
    expect(soldOut(400)).toBe(SECTION_STATE_COLORS.unavailable);
  });

  it('leaves price sets no seat uses out of the colour scale', () => {
    const stale = buildSeatStates(response({ price_sets: [...response().price_sets, { prices: { Standard: 9999 } }] }), model);
    expect(stale.priceLabels.join(' ')).not.toContain('9');
    expect(stale.seatColors[0]).toBe(PRICE_LEVEL_COLORS[5]);
  });

  it('leaves out of the scale a section\'s default that every one of its seats overrides', () => {
    // Section A's default (500) is overridden on all six seats: only 300 is in use, one level of the scale.
    const all = buildSeatStates(response({ overrides: { seat_index: [0, 1, 2, 3, 4, 5], price_set: [1, 1, 1, 1, 1, 1], price_overridden: [true, true, true, true, true, true], hidden: [false, false, false, false, false, false] } }), model);
    expect(all.priceLabels.filter((l) => l !== null)).toEqual([formatSek(30_000)]);
    expect(all.seatColors[0]).toBe(PRICE_LEVEL_COLORS[all.priceLabels.findIndex((l) => l !== null)]);
  });

  it('colours an accessible seat by its state: taken and hidden first, then Function varied over its price', () => {
    const flagged = { ...model, seatFlags: Uint8Array.from([SEAT_FLAG_ACCESSIBLE, 0, SEAT_FLAG_ACCESSIBLE, SEAT_FLAG_ACCESSIBLE | SEAT_FLAG_UNAVAILABLE, 0, 0, 0, 0, SEAT_FLAG_ACCESSIBLE, 0, 0, SEAT_FLAG_UNAVAILABLE]) };
    const a = buildSeatStates(response(), flagged);
    expect(a.seatColors[0]).toBe(SEAT_STATE_COLORS.functionVaried);
    expect(a.seatColors[3]).toBe(SEAT_STATE_COLORS.functionVaried);
    expect(a.seatColors[2]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(a.seatColors[8]).toBe(SEAT_STATE_COLORS.hidden);
    expect(a.seatColors[11]).toBe(SEAT_STATE_COLORS.unpriced);
    // Every other seat as without the flags.
    for (const seat of [1, 4, 5, 6, 7, 9, 10]) expect(a.seatColors[seat]).toBe(s.seatColors[seat]);
  });

  it('labels the legend with the prices of each level', () => {
    expect(s.priceLabels[0]).toMatch(/^300,00\s?kr$/);
    expect(s.priceLabels[5]).toMatch(/^500,00\s?kr$/);
    expect(s.priceLabels[2]).toBeNull();
  });
});

describe('withLeases', () => {
  const lease = (counter: string, seats: [number, boolean][]): SeatLease => ({
    id: 1, event_id: 9, reservation_id: 10, counter, holder: { id: 1, name: 'Box' }, ends_at: '2026-06-20T16:30:00.000Z', created_at: '2026-06-20T12:00:00.000Z',
    seats_left: seats.filter(([, sold]) => !sold).length, counter_key: null, standing: [],
    seats: seats.map(([seat_index, sold]) => ({ section_id: 11, section: 'A', row: '1', seat: String(seat_index), seat_index, sold })),
  });
  const base = buildSeatStates(response(), model);

  it('when a counter leases free seats, then the pricing map draws them leased, says whose and until when, and they can still be priced', () => {
    // Seat 0 priced, 1 unpriced, 3 leased and sold (drawn taken by the answer's `taken` once sold, not leased).
    const s = withLeases(base, leaseOverlay([lease('Counter 2', [[0, false], [1, false], [3, true]])]));
    expect(s.seatColors[0]).toBe(LEASE_COLORS.others);
    expect(s.seatColors[1]).toBe(LEASE_COLORS.others);
    expect(s.seatColors[3]).toBe(base.seatColors[3]);
    expect(s.seatColors[6]).toBe(base.seatColors[6]);
    expect(s.leased?.get(0)).toBe('Leased to Counter 2 until 18:30');
    expect(s.leased?.has(3)).toBe(false);
    expect(Array.from(s.selectable)).toEqual(Array.from(base.selectable));
    expect(s.priceSet).toBe(base.priceSet);
    expect(seatStateWords(response(), s, 0)).toBe(`priced: Standard ${formatSek(50_000)}, Kids ${formatSek(25_000)}, Leased to Counter 2 until 18:30`);
    expect(seatStateWords(response(), s, 1)).toBe('unpriced, Leased to Counter 2 until 18:30');
    // The states the pricing panel reads are left as they were.
    expect(base.seatColors[0]).toBe(PRICE_LEVEL_COLORS[5]);
  });

  it('when a leased seat is taken (sold or reserved), then it is drawn taken; with no lease the states are returned as they are', () => {
    const s = withLeases(base, leaseOverlay([lease('Counter 2', [[2, false]])]));
    expect(s.seatColors[2]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(s.leased?.has(2)).toBe(false);
    expect(seatStateWords(response(), s, 2)).toBe('reserved or bought');
    expect(withLeases(base, NO_LEASES)).toBe(base);
  });
});

describe('checkSameMap', () => {
  it('accepts a file that matches the stored map', () => {
    expect(checkSameMap(response(), model)).toBeNull();
  });
  it('explains a file that differs from the stored map', () => {
    expect(checkSameMap(response({ seat_count: 13 }), model)).toMatch(/does not match the stored map/);
  });
  it('refuses a model read from another file or version than the sections name (the map changed since it was loaded)', () => {
    const named = response({ svg: '/api/venue-maps/1/svg?v=new' });
    expect(checkSameMap(named, model, 'http://console.test/api/venue-maps/1/svg?v=new')).toBeNull();
    expect(checkSameMap(named, model, 'http://console.test/api/venue-maps/1/svg?v=old')).toBe(MAP_CHANGED);
    expect(checkSameMap(named, model, 'http://console.test/api/venue-maps/2/svg?v=new')).toBe(MAP_CHANGED);
    // A model loaded from text (no download) has no file to compare.
    expect(checkSameMap(named, model)).toBeNull();
  });
});

describe('sameMapFile', () => {
  it('compares the path and the version, the sections\' URL read against the model\'s origin', () => {
    expect(sameMapFile('http://a.test/api/venue-maps/4/svg?v=x', '/api/venue-maps/4/svg?v=x')).toBe(true);
    expect(sameMapFile('http://a.test/api/venue-maps/4/svg?v=x', '/api/venue-maps/4/svg')).toBe(false);
    expect(sameMapFile('http://a.test/api/venue-maps/4/svg?v=x', 'http://b.test/api/venue-maps/4/svg?v=x')).toBe(false);
  });
});

describe('priceLevelLabels', () => {
  it('groups more than six prices into six ranges', () => {
    const labels = priceLevelLabels([10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000]);
    expect(labels).toHaveLength(6);
    expect(labels[0]).toContain('–');
  });
});

describe('forEachNonZero', () => {
  const visit = (bytes: Uint8Array) => {
    const seen: number[] = [];
    forEachNonZero(bytes, (k) => seen.push(k));
    return seen;
  };

  it('visits every non-zero byte once, in order, also in the tail after the last whole word', () => {
    const bytes = new Uint8Array(11);
    for (const k of [0, 3, 4, 9, 10]) bytes[k] = k + 1;
    expect(visit(bytes)).toEqual([0, 3, 4, 9, 10]);
    expect(visit(new Uint8Array(9))).toEqual([]);
  });

  it('reads a view that does not start on a word boundary byte by byte', () => {
    const buffer = new Uint8Array(16);
    buffer[2] = 1;
    buffer[7] = 2;
    expect(visit(buffer.subarray(1, 13))).toEqual([1, 6]);
  });
});
