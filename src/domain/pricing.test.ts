import { describe, expect, it } from 'vitest';
import {
  applyGaTypeInput,
  applyPriceInput,
  canSavePrices,
  distinctSortedPrices,
  gaPricesPayload,
  gaTicketCountBounds,
  isBulkPricingComplete,
  isMandatoryGaType,
  normalizePriceText,
  parsePrice,
  parseSekToOre,
  priceLevel,
  priceLevelColorNumbers,
  priceLevelColors,
  pricesPayload,
  sectionPricingState,
  validateGaNumberOfTickets,
  validateGaTypeRow,
  type GaTicketTypeRow,
  type PriceInputRow,
} from './pricing';

describe('price text', () => {
  it('turns commas into dots', () => {
    expect(normalizePriceText(' 12,50 ')).toBe('12.50');
  });

  it.each([
    ['450', 450],
    ['12,5', 12.5],
    ['12.50', 12.5],
    ['0', 0],
    [',5', 0.5],
    ['12,', 12],
  ])('reads %j as %d', (raw, expected) => {
    expect(parsePrice(raw)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '-5', '1,2,3', '1e3', '12 kr'])('refuses %j', (raw) => {
    expect(parsePrice(raw)).toBeNull();
  });

  it('converts SEK to öre without float drift', () => {
    expect(parseSekToOre('12,50')).toBe(1250);
    expect(parseSekToOre('19.99')).toBe(1999);
    expect(parseSekToOre('0.1')).toBe(10);
    expect(parseSekToOre('1.005')).toBe(101);
    expect(parseSekToOre(25)).toBe(2500);
    expect(parseSekToOre('')).toBeNull();
    expect(parseSekToOre('-1')).toBeNull();
    expect(parseSekToOre(1e300)).toBeNull();
  });
});

describe('seat price inputs', () => {
  const row: PriceInputRow = { name: 'Adult', checked: true, price: '100' };

  it('unchecks on an empty or non-numeric price and checks on a readable one', () => {
    expect(applyPriceInput(row, '')).toEqual({ name: 'Adult', checked: false, price: '' });
    expect(applyPriceInput(row, 'abc')).toEqual({ name: 'Adult', checked: false, price: 'abc' });
    expect(applyPriceInput({ ...row, checked: false }, '99,5')).toEqual({ name: 'Adult', checked: true, price: '99,5' });
    expect(pricesPayload([applyPriceInput({ ...row, checked: false }, '99,5')])).toEqual({ Adult: 99.5 });
    expect(applyPriceInput({ ...row, checked: false }, '0').checked).toBe(true);
  });

  it('enables save only when some price is entered', () => {
    expect(canSavePrices([])).toBe(false);
    expect(canSavePrices([{ ...row, price: '' }])).toBe(false);
    expect(canSavePrices([{ ...row, checked: false }])).toBe(false);
    expect(canSavePrices([{ ...row, price: '' }, { name: 'Kid', checked: true, price: '50' }])).toBe(true);
  });

  it('sends only checked types, as numbers', () => {
    expect(
      pricesPayload([
        { name: 'Adult', checked: true, price: '450.5' },
        { name: 'Senior', checked: false, price: '300' },
        { name: 'Kid', checked: true, price: '' },
        { name: 'Student', checked: true, price: '199,999' },
      ]),
    ).toEqual({ Adult: 450.5, Student: 200 });
  });
});

describe('bulk pricing', () => {
  it('needs every group value filled', () => {
    expect(isBulkPricingComplete(['100', '200,5', 0])).toBe(true);
    expect(isBulkPricingComplete(['100', ''])).toBe(false);
    expect(isBulkPricingComplete(['100', null])).toBe(false);
    expect(isBulkPricingComplete(['100', 'x'])).toBe(false);
    expect(isBulkPricingComplete([])).toBe(false);
  });
});

describe('general admission', () => {
  const adult: GaTicketTypeRow = { name: 'Adult', checked: true, min: 0, max: 500, value: '300' };
  const season: GaTicketTypeRow = { name: 'Season', checked: true, min: 10, max: 200, value: '100' };
  const kid: GaTicketTypeRow = { name: 'Kid', checked: false, min: 0, max: 50, value: '' };

  it('bounds the number of tickets by the largest min and smallest max of checked types', () => {
    expect(gaTicketCountBounds([adult, season, kid])).toEqual({ min: 10, max: 200 });
    expect(gaTicketCountBounds([adult, kid])).toEqual({ min: 0, max: 500 });
    expect(gaTicketCountBounds([{ ...adult, max: null }])).toEqual({ min: 0, max: null });
    expect(gaTicketCountBounds([adult], 300)).toEqual({ min: 0, max: 300 });
    expect(gaTicketCountBounds([])).toEqual({ min: 0, max: null });
  });

  it('validates "Number of tickets" with the spec messages at the boundaries', () => {
    const rows = [adult, season, kid];
    expect(validateGaNumberOfTickets('', rows)).toBe('Required');
    expect(validateGaNumberOfTickets(undefined, rows)).toBe('Required');
    expect(validateGaNumberOfTickets('9', rows)).toBe('should be more/eq 10');
    expect(validateGaNumberOfTickets('10', rows)).toBeUndefined();
    expect(validateGaNumberOfTickets(200, rows)).toBeUndefined();
    expect(validateGaNumberOfTickets('201', rows)).toBe('should be less/eq 200');
    expect(validateGaNumberOfTickets('12,5', rows)).toBe('Must be a whole number');
    expect(validateGaNumberOfTickets('0', [adult])).toBeUndefined();
    expect(validateGaNumberOfTickets('301', [adult], 300)).toBe('should be less/eq 300');
  });

  it('keeps a type with a non-zero min checked and requires a non-zero value', () => {
    expect(isMandatoryGaType(season)).toBe(true);
    expect(isMandatoryGaType(adult)).toBe(false);
    expect(isMandatoryGaType({ min: null })).toBe(false);
    expect(applyGaTypeInput(season, '0').checked).toBe(true);
    expect(validateGaTypeRow({ ...season, value: '' })).toEqual({ value: 'Required' });
    expect(validateGaTypeRow({ ...season, value: '0' })).toEqual({ value: 'should be non zero' });
    expect(validateGaTypeRow({ ...season, value: '0,5' })).toEqual({});
    expect(validateGaTypeRow({ ...adult, value: '' })).toEqual({});
  });

  it('auto-checks on a non-zero number and unchecks on zero', () => {
    expect(applyGaTypeInput(kid, '5').checked).toBe(true);
    expect(applyGaTypeInput({ ...kid, checked: true }, '0').checked).toBe(false);
    expect(applyGaTypeInput({ ...kid, checked: true }, '').checked).toBe(false);
    expect(applyGaTypeInput(kid, '2,5')).toMatchObject({ value: '2,5', checked: true });
  });

  it('builds the GA prices body', () => {
    expect(gaPricesPayload('Standing', 150, [adult, kid, { ...season, value: '120,5' }])).toEqual({
      section: 'Standing',
      seats_count: 150,
      prices: { Adult: 300, Season: 120.5 },
    });
  });
});

describe('price palette', () => {
  it('has 6 colours, also as numbers', () => {
    expect(priceLevelColors).toHaveLength(6);
    expect(priceLevelColorNumbers[0]).toBe(0x440154);
    expect(priceLevelColorNumbers[5]).toBe(0xfde725);
  });

  it('collects distinct prices ascending', () => {
    expect(distinctSortedPrices([300, 100, 300, 200])).toEqual([100, 200, 300]);
  });

  it('grades prices across the whole palette', () => {
    expect(priceLevel(100, [])).toBe(0);
    expect(priceLevel(100, [100])).toBe(0);
    expect([100, 200].map((p) => priceLevel(p, [100, 200]))).toEqual([0, 5]);
    const six = [1, 2, 3, 4, 5, 6];
    expect(six.map((p) => priceLevel(p, six))).toEqual([0, 1, 2, 3, 4, 5]);
    const five = [10, 20, 30, 40, 50];
    expect(five.map((p) => priceLevel(p, five))).toEqual([0, 1, 3, 4, 5]);
  });

  it('shares levels evenly when there are more than six prices, in order', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => (i + 1) * 100);
    const levels = eleven.map((p) => priceLevel(p, eleven));
    expect(levels[0]).toBe(0);
    expect(levels[10]).toBe(5);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
    const many = Array.from({ length: 600 }, (_, i) => i);
    const perLevel = [0, 0, 0, 0, 0, 0];
    for (const p of many) perLevel[priceLevel(p, many)]! += 1;
    expect(perLevel).toEqual([100, 100, 100, 100, 100, 100]);
  });

  it('places unknown prices by the next higher known one', () => {
    const prices = [100, 200, 300];
    expect(priceLevel(50, prices)).toBe(0);
    expect(priceLevel(150, prices)).toBe(priceLevel(200, prices));
    expect(priceLevel(999, prices)).toBe(5);
  });
});

describe('sectionPricingState', () => {
  it('is green, yellow, red or grey from the counts', () => {
    expect(sectionPricingState({ available: 100, priced: 100, withDefault: 100 })).toBe('priced');
    expect(sectionPricingState({ available: 100, priced: 99, withDefault: 99 })).toBe('partial');
    expect(sectionPricingState({ available: 100, priced: 1, withDefault: 1 })).toBe('partial');
    expect(sectionPricingState({ available: 100, priced: 0, withDefault: 0 })).toBe('unpriced');
    expect(sectionPricingState({ available: 0, priced: 0, withDefault: 0 })).toBe('unavailable');
    // Every place priced, but some only for another type than the default: not done (Publish needs the default price).
    expect(sectionPricingState({ available: 100, priced: 100, withDefault: 60 })).toBe('partial');
    expect(sectionPricingState({ available: 100, priced: 100, withDefault: 0 })).toBe('partial');
  });
});
