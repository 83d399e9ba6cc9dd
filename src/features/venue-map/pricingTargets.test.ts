import { describe, expect, it } from 'vitest';
import { counts, model, response } from './testing/mapFixture';
import { currentPricesText, priceSummary } from './pricingTargets';
import { buildSeatStates } from './seatStates';

describe('priceSummary', () => {
  it('counts the places still for sale: taken seats and sold standing places are left out', () => {
    const map = response({
      sections: response().sections.map((x) => (x.general_admission ? { ...x, seats_count: 400, price_set: 0, stats: { seats: counts({ count: 400, priced: 400, taken: 150 }) } } : x)),
    });
    const summary = priceSummary(map, buildSeatStates(map, model));
    // Price set 0 (Standard 500): section A's seats but the taken seat 2 (seats 0, 3, 4, 5), and 400 − 150 standing places.
    const standard500 = summary.lines.find((l) => l.prices.Standard === 500)!;
    expect(standard500.seats).toBe(4 + 250);
    expect(standard500.gross).toBe((4 + 250) * 500);
  });
});

describe('currentPricesText', () => {
  const map = response();
  const states = buildSeatStates(map, model);

  it('names the one price list the seats share, in ticket-type order', () => {
    expect(currentPricesText(map, states, [0, 3])).toMatch(/^Now: Standard 500,00\skr · Kids 250,00\skr$/);
  });

  it('says when the seats are unpriced, or how many price lists they mix', () => {
    expect(currentPricesText(map, states, [1])).toBe('Now: unpriced');
    expect(currentPricesText(map, states, [0, 1, 6])).toBe('Now: 3 different price lists');
  });
});
