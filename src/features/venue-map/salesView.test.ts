import { describe, expect, it } from 'vitest';
import { SEAT_STATE_COLORS } from '../../seatmap/colors';
import { FOR_SALE_COLOR, salesColors, sellThrough, sellThroughShade, SELL_THROUGH_SHADES, SOLD_COLOR } from './salesView';
import { buildSeatStates } from './seatStates';
import { counts, model, response } from './testing/mapFixture';

describe('the sell-through view', () => {
  it('colours sold or reserved seats, hidden seats and the rest for sale, whatever their prices', () => {
    const map = response();
    const { seatColors } = salesColors(map, model, buildSeatStates(map, model));
    // Seat 2 is taken, seat 8 hidden (fixture); the others are for sale, priced or not.
    expect(seatColors[2]).toBe(SOLD_COLOR);
    expect(seatColors[8]).toBe(SEAT_STATE_COLORS.hidden);
    for (const seat of [0, 1, 3, 6, 7, 11]) expect(seatColors[seat]).toBe(FOR_SALE_COLOR);
  });

  it('shades each section by the share of its offered places sold, hidden places left out', () => {
    const map = response();
    map.sections[0].stats.seats = counts({ taken: 6 });
    map.sections[1].stats.seats = counts({ count: 4, taken: 1, hidden: 2 }) // count: the 4 seats on offer (hidden ones left out, as the server sends it);
    const { sectionColors } = salesColors(map, model, buildSeatStates(map, model));
    expect(sectionColors[0]).toBe(SELL_THROUGH_SHADES[4]);
    expect(sellThrough(map.sections[1].stats.seats)).toEqual({ sold: 1, places: 4, share: 0.25 });
    expect(sectionColors[1]).toBe(SELL_THROUGH_SHADES[1]);
    // A standing area with nothing offered counts as nothing sold.
    expect(sellThrough(counts({ count: 0 }))).toEqual({ sold: 0, places: 0, share: 0 });
    expect(sectionColors[2]).toBe(SELL_THROUGH_SHADES[0]);
  });

  it('puts every share in one of five shades, all sold in the darkest', () => {
    expect([0, 0.19, 0.2, 0.59, 0.99, 1].map(sellThroughShade)).toEqual([0, 0, 1, 2, 4, 4].map((k) => SELL_THROUGH_SHADES[k]));
  });
});
