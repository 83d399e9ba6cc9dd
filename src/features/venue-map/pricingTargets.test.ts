import { describe, expect, it } from 'vitest';
import { counts, model, response } from './testing/mapFixture';
import { SEAT_STATE_COLORS } from '../../seatmap/colors';
import { missingDefaultPrice, seatStateWords } from './MapTooltipContent';
import { currentPricesText, noDefaultText, priceSummary } from './pricingTargets';
import { buildSeatStates, pricingLegendMore } from './seatStates';

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

describe('a seat priced only for a type other than the default (Kids, no Standard)', () => {
  // Seat 7 of the fixture: price set 2, { Kids: 100 }.
  const map = response();
  const states = buildSeatStates(map, model);

  it('is priced on the map, the legend, the tooltip and the summary alike, and each says it has no Standard price', () => {
    expect(states.seatColors[7]).toBe(SEAT_STATE_COLORS.noDefaultPrice);
    expect(pricingLegendMore(map, states, [])).toEqual([{ label: 'Priced, no Standard price', color: SEAT_STATE_COLORS.noDefaultPrice }]);
    expect(seatStateWords(map, states, 7)).toMatch(/^priced: Kids 100,00\skr; no Standard price \(needed to publish\)$/);
    expect(missingDefaultPrice(map, 2)).toBe('No Standard price (needed to publish)');
    expect(missingDefaultPrice(map, 0)).toBeNull();
    const summary = priceSummary(map, states);
    expect(summary.unpriced).toBe(4); // seat 1 released, seats 9–11 of section B: seat 8 is hidden
    expect(summary.noDefault).toBe(1);
    expect(noDefaultText(summary.noDefault, 'Standard')).toBe('1 seat has prices but no Standard price: Publish needs one on every seat.');
  });

  it('without such a seat, the legend adds nothing and the summary says nothing of it', () => {
    const priced = response({ overrides: { seat_index: [6], price_set: [1], price_overridden: [true], hidden: [false] } });
    const s = buildSeatStates(priced, model);
    expect(pricingLegendMore(priced, s, [])).toEqual([]);
    expect(priceSummary(priced, s).noDefault).toBe(0);
    expect(noDefaultText(0, 'Standard')).toBeNull();
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

describe('standing areas in the price summary', () => {
  it('counts unpriced standing areas and says what is left', async () => {
    const { response } = await import('./testing/mapFixture');
    const { unpricedStanding, unpricedText, standingPricesBodies } = await import('./pricingTargets');
    const map = response();
    expect(unpricedStanding(map)).toEqual({ sections: [2], places: 400 });
    expect(unpricedText(0, unpricedStanding(map))).toBe('Every seat for sale is priced. 400 standing places (1 area) are unpriced.');
    expect(unpricedText(3, { sections: [], places: 0 })).toBe('3 seats are unpriced.');
    expect(unpricedText(0, { sections: [], places: 0 })).toBe('Every place for sale is priced: seats and standing areas.');
    const rows = [{ name: 'Standard', checked: true, price: '295' }, { name: 'Kids', checked: true, price: '0' }];
    expect(standingPricesBodies(map, [2], rows)).toEqual({ bodies: [{ section: 'Floor', seats_count: 400, prices: { Standard: 295 } }], error: null });
    const bounded = response({ ticket_types: [{ id: 1, name: 'Standard', default: true, kids: false, min: 2, max: 300 }] });
    expect(standingPricesBodies(bounded, [2], [{ name: 'Standard', checked: true, price: '0' }]).error).toBe('Standing areas: Standard should be non zero');
    expect(standingPricesBodies(bounded, [2], [{ name: 'Standard', checked: true, price: '10' }]).bodies[0].seats_count).toBe(300);
  });
});

describe('grouped bulk pricing and current prices', () => {
  it('groups the selection by row or section, needs every group value, and prices each group with its own', async () => {
    const { model } = await import('./testing/mapFixture');
    const { pricingGroups, groupValuesComplete, groupedPricesBody } = await import('./pricingTargets');
    const seats = [0, 1, 3, 4, 6];
    const rowsOf = pricingGroups(model, seats, 'row');
    expect(rowsOf.map((g) => g.label)).toEqual(['A, row 1 (2 seats)', 'A, row 2 (2 seats)', 'B, row 1 (1 seat)']);
    expect(pricingGroups(model, seats, 'section').map((g) => g.label)).toEqual(['A (4 seats)', 'B (1 seat)']);
    const values = { [rowsOf[0].key]: { Standard: '100' }, [rowsOf[1].key]: { Standard: '200,5' } };
    expect(groupValuesComplete(rowsOf, ['Standard'], values)).toBe(false);
    const all = { ...values, [rowsOf[2].key]: { Standard: '300' } };
    expect(groupValuesComplete(rowsOf, ['Standard'], all)).toBe(true);
    const body = groupedPricesBody(model, rowsOf, ['Standard'], all);
    expect(body.seats.map((s) => `${s.section}/${s.row}/${s.seat}=${s.prices.Standard}`)).toHaveLength(5);
    expect(body.seats[0].prices).toEqual({ Standard: 100 });
    expect(body.seats[2].prices).toEqual({ Standard: 200.5 });
    expect(body.seats[4].prices).toEqual({ Standard: 300 });
  });

  it('fills the inputs with the one price list a selection shares, in decimal comma', async () => {
    const { response, model } = await import('./testing/mapFixture');
    const { buildSeatStates } = await import('./seatStates');
    const { sharedPriceSet, rowsForPriceSet } = await import('./pricingTargets');
    const map = response({ price_sets: [{ prices: { Standard: 500.5, Kids: 250 } }, { prices: { Standard: 300 } }, { prices: { Kids: 100 } }] });
    const states = buildSeatStates(map, model);
    expect(sharedPriceSet(states, [0, 3])).toBe(0);
    expect(rowsForPriceSet(map, sharedPriceSet(states, [0, 3]))).toEqual([{ name: 'Standard', checked: true, price: '500,5' }, { name: 'Kids', checked: true, price: '250' }]);
    expect(sharedPriceSet(states, [0, 1])).toBeNull();
    expect(rowsForPriceSet(map, null).every((r) => !r.checked && r.price === '')).toBe(true);
  });
});
