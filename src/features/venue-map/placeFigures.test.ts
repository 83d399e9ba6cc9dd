import { describe, expect, it } from 'vitest';
import { counts, response } from './testing/mapFixture';
import { standingOfferWords } from './MapTooltipContent';
import { sectionPlaces, standingReleased, venueHeadline, venuePlaces } from './placeFigures';

describe('placeFigures', () => {
  it('a standing area offers its released places; unpriced it offers none, whatever its capacity', () => {
    const map = response();
    expect(sectionPlaces(map.sections[2])).toMatchObject({ places: 400, offered: 0, forSale: 0 });
    const priced = { ...map.sections[2], seats_count: 300, price_set: 0, stats: { seats: counts({ count: 300, taken: 50, sold: 40 }) } };
    expect(sectionPlaces(priced)).toEqual({ places: 400, offered: 300, sold: 40, reserved: 10, taken: 50, forSale: 250 });
  });
  it('a seated section offers its seats not hidden; the venue sums its sections', () => {
    const map = response();
    map.sections[0] = { ...map.sections[0], stats: { seats: counts({ count: 5, hidden: 1, taken: 2, sold: 1 }) } };
    expect(sectionPlaces(map.sections[0])).toEqual({ places: 6, offered: 5, sold: 1, reserved: 1, taken: 2, forSale: 3 });
    expect(venuePlaces(map)).toMatchObject({ places: 412, offered: 11, sold: 1, reserved: 1 });
  });
  it('a section hidden whole with sold seats offers those seats, counted once, as taken: the venue\'s For sale stays right', () => {
    const map = response();
    // As the server counts it (pricingStatus.ts): of 6 seats, 2 sold stay open, 4 are hidden.
    map.sections[0] = { ...map.sections[0], hidden: true, stats: { seats: counts({ count: 2, hidden: 4, taken: 2, sold: 2 }) } };
    expect(sectionPlaces(map.sections[0])).toEqual({ places: 6, offered: 2, sold: 2, reserved: 0, taken: 2, forSale: 0 });
    // Section B's 6 seats are for sale; nothing of A is, and A's sold seats take nothing off B's.
    expect(venuePlaces(map)).toMatchObject({ offered: 8, taken: 2, forSale: 6 });
  });
  it('a standing area hidden whole offers the places its tickets hold and no more', () => {
    const map = response();
    // As the server counts it: of 400 places, 50 sold stay counted, 350 hidden.
    map.sections[2] = { ...map.sections[2], hidden: true, seats_count: 300, price_set: 0, stats: { seats: counts({ count: 50, hidden: 350, taken: 50, sold: 50 }) } };
    expect(sectionPlaces(map.sections[2])).toEqual({ places: 400, offered: 50, sold: 50, reserved: 0, taken: 50, forSale: 0 });
    // Its tooltip says it is hidden, not "50 offered", nor "unpriced" as before when none of its places were sold.
    expect(standingOfferWords(map.sections[2])).toBe('hidden');
    expect(standingOfferWords({ ...map.sections[2], stats: { seats: counts({ count: 0, hidden: 400 }) } })).toBe('hidden');
    expect(standingOfferWords({ ...map.sections[2], hidden: false })).toBe('300 offered');
    expect(standingOfferWords(response().sections[2])).toBe('not offered (unpriced)');
  });
  it('names seats and standing places in the header', () => {
    expect(venueHeadline(response())).toBe('12 seats · 400 standing places');
  });
  it('says how many standing places are released of all, so On offer below the venue\'s places explains itself', () => {
    const map = response();
    expect(standingReleased(map)).toEqual({ released: 0, standing: 400 });
    map.sections[2] = { ...map.sections[2], seats_count: 300, price_set: 0 };
    expect(standingReleased(map)).toEqual({ released: 300, standing: 400 });
  });
});
