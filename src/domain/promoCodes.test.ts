import { describe, expect, it } from 'vitest';
import { toValidationErrors } from './forms';
import {
  applyPromoMode,
  changePromoType,
  derivePromoMode,
  PROMO_MESSAGES,
  PROMO_MODE_LABELS,
  PROMO_MODES,
  promoModesFor,
  promoExpiryError,
  promoPayload,
  readCount,
  setFreeOfCharge,
  validatePromo,
  type PromoMode,
  type PromoValues,
} from './promoCodes';

const base: PromoValues = { name: 'Summer', item_type: 'ticket', type: 'amount', value: 50, promo_code: 'SUMMER' };
const create = (promoMode: PromoMode) => ({ isAdmin: false, mode: 'create' as const, promoMode });

describe('texts', () => {
  it('are the spec messages and a label per mode', () => {
    expect(PROMO_MESSAGES).toMatchObject({
      required: 'Required',
      codeLength: 'Must be 1-10 characters',
      percentageMax: 'Discount must be less than or equal to 100%',
      invalidNumber: 'Enter valid number',
    });
    expect(Object.keys(PROMO_MODE_LABELS)).toEqual([...PROMO_MODES]);
    expect(PROMO_MODE_LABELS.buy_two_get_one).toBe('Buy two get one free');
  });
});

describe('modes', () => {
  it('offers five modes for tickets and no family offer for merchandise', () => {
    expect(promoModesFor('ticket')).toEqual(PROMO_MODES);
    expect(promoModesFor('merchandise')).toEqual(['none', 'min_quantity', 'buy_two_get_one', 'buy_x_get_y']);
  });

  it('sets the forced values of buy two get one free', () => {
    const applied = applyPromoMode({ ...base, value: 150 }, 'buy_two_get_one');
    expect(applied).toMatchObject({
      discount_type: 'custom',
      type: 'percentage',
      value: 100,
      min_tickets: 2,
      min_kids: null,
      data: { calculation: { x: 2, y: 1 } },
    });
  });

  it('stores X and Y where each mode uses them', () => {
    const withXY = { ...base, data: { calculation: { x: 3, y: 2 } } };
    expect(applyPromoMode(withXY, 'none')).toMatchObject({ discount_type: 'standard', min_tickets: null, data: { calculation: null } });
    expect(applyPromoMode(withXY, 'min_quantity')).toMatchObject({
      discount_type: 'standard',
      min_tickets: 3,
      data: { calculation: { x: 3 } },
    });
    expect(applyPromoMode(withXY, 'buy_x_get_y')).toMatchObject({ discount_type: 'custom', min_tickets: 3, min_kids: null });
    expect(applyPromoMode(withXY, 'family')).toMatchObject({ discount_type: 'family', min_kids: 3, min_tickets: 2 });
  });

  it('keeps other data such as the merchandise list', () => {
    const merch = { ...base, data: { merchandises: [{ id: 1 }], calculation: { x: 2 } } };
    expect(applyPromoMode(merch, 'none').data).toEqual({ merchandises: [{ id: 1 }], calculation: null });
  });

  it('derives the mode back from a saved promo', () => {
    const withXY = { ...base, data: { calculation: { x: 3, y: 2 } } };
    for (const mode of PROMO_MODES) expect(derivePromoMode(applyPromoMode(withXY, mode))).toBe(mode);
    expect(derivePromoMode(base)).toBe('none');
    expect(derivePromoMode({ ...base, discount_type: 'standard', min_tickets: 4 })).toBe('min_quantity');
    expect(derivePromoMode({ ...base, discount_type: 'custom', type: 'percentage', value: 50, data: { calculation: { x: 2, y: 1 } } })).toBe(
      'buy_x_get_y',
    );
    expect(derivePromoMode({ ...base, discount_type: 'custom', type: 'percentage', value: '100', data: { calculation: { x: '2', y: '1' } } })).toBe(
      'buy_two_get_one',
    );
  });
});

describe('free of charge and type changes', () => {
  it('ticking sets type free and one use per person; unticking sets amount and clears it', () => {
    expect(setFreeOfCharge(base, true)).toMatchObject({ type: 'free', person_usages: 1 });
    expect(setFreeOfCharge({ ...base, type: 'free', person_usages: 1 }, false)).toMatchObject({ type: 'amount', person_usages: null });
  });

  it('resets a value above 100 to 0 when the type becomes percentage', () => {
    expect(changePromoType({ ...base, value: 150 }, 'percentage').value).toBe(0);
    expect(changePromoType({ ...base, value: 100 }, 'percentage').value).toBe(100);
    expect(changePromoType({ ...base, value: '100,5' }, 'percentage').value).toBe(0);
    expect(changePromoType({ ...base, value: 150 }, 'amount').value).toBe(150);
  });
});

describe('validatePromo', () => {
  it('accepts a simple amount promo', () => {
    expect(validatePromo(base, create('none'))).toEqual({});
  });

  it('requires name, type and the admin promoter', () => {
    expect(validatePromo({ value: 5 }, { isAdmin: true, mode: 'create', promoMode: 'none' })).toEqual({
      name: 'Required',
      promoter: 'Required',
      type: 'Required',
    });
  });

  it('needs a positive value, at most 100 for a percentage', () => {
    expect(validatePromo({ ...base, value: '' }, create('none')).value).toBe('Required');
    expect(validatePromo({ ...base, value: 0 }, create('none')).value).toBe('Enter valid number');
    expect(validatePromo({ ...base, value: -5 }, create('none')).value).toBe('Enter valid number');
    expect(validatePromo({ ...base, type: 'percentage', value: 100 }, create('none')).value).toBeUndefined();
    expect(validatePromo({ ...base, type: 'percentage', value: '100,01' }, create('none')).value).toBe(
      'Discount must be less than or equal to 100%',
    );
    expect(validatePromo({ ...base, type: 'amount', value: 500 }, create('none')).value).toBeUndefined();
    expect(validatePromo({ ...base, type: 'free', value: '' }, create('none')).value).toBeUndefined();
  });

  it('allows a code of 1 to 10 characters, or blank on create only', () => {
    expect(validatePromo({ ...base, promo_code: '1234567890' }, create('none')).promo_code).toBeUndefined();
    expect(validatePromo({ ...base, promo_code: '12345678901' }, create('none')).promo_code).toBe('Must be 1-10 characters');
    expect(validatePromo({ ...base, promo_code: '' }, create('none')).promo_code).toBeUndefined();
    expect(validatePromo({ ...base, promo_code: ' ' }, { isAdmin: false, mode: 'edit', promoMode: 'none' }).promo_code).toBe(
      'Must be 1-10 characters',
    );
  });

  it('needs non-zero X and Y where the mode uses them', () => {
    expect(validatePromo(base, create('min_quantity')).data).toEqual({ calculation: { x: 'Required' } });
    const zero = { ...base, data: { calculation: { x: 0, y: '' } } };
    expect(validatePromo(zero, create('buy_x_get_y')).data).toEqual({ calculation: { x: 'Enter valid number', y: 'Required' } });
    expect(validatePromo({ ...base, data: { calculation: { x: 2, y: 1.5 } } }, create('family')).data).toEqual({
      calculation: { y: 'Enter valid number' },
    });
    expect(validatePromo(applyPromoMode(base, 'buy_two_get_one'), create('buy_two_get_one'))).toEqual({});
    expect(toValidationErrors(validatePromo(base, create('min_quantity')))).toEqual({ 'data.calculation.x': ['Required'] });
  });

  it('refuses a family offer for merchandise', () => {
    const merch = { ...base, item_type: 'merchandise' as const, data: { calculation: { x: 2, y: 2 } } };
    expect(validatePromo(merch, create('family')).discount_type).toBe('A family offer is for tickets only');
  });

  it('takes blank limits as unlimited and refuses other non-counts', () => {
    expect(validatePromo({ ...base, max_usages: '', max_person_items: null }, create('none'))).toEqual({});
    expect(validatePromo({ ...base, max_usages: 0, person_usages: 'x' }, create('none'))).toEqual({
      max_usages: 'Enter valid number',
      person_usages: 'Enter valid number',
    });
  });
});

describe('promoExpiryError', () => {
  const today = new Date(2026, 10, 30);
  it('refuses a new code that expires before today; takes today; an edit keeps a past expiry', () => {
    expect(promoExpiryError(new Date(2026, 10, 29), today, 'create')).toBe('Expiry date cannot be before today');
    expect(promoExpiryError(new Date(2026, 10, 30), today, 'create')).toBeUndefined();
    expect(promoExpiryError(null, today, 'create')).toBeUndefined();
    expect(promoExpiryError(new Date(2026, 10, 29), today, 'edit')).toBeUndefined();
  });
});

describe('promoPayload', () => {
  it('sends numbers, nulls for blank limits and the mode fields', () => {
    const values: PromoValues = {
      ...base,
      promo_code: ' ',
      event: '',
      max_usages: '100',
      person_usages: '',
      data: { calculation: { x: '3', y: '2' } },
    };
    expect(promoPayload(values, 'family')).toEqual({
      event: null,
      promo_code: null,
      promoter: null,
      name: 'Summer',
      type: 'amount',
      item_type: 'ticket',
      value: 50,
      discount_type: 'family',
      max_usages: 100,
      max_person_items: null,
      person_usages: null,
      expire_date: null,
      min_tickets: 2,
      min_kids: 3,
      data: { calculation: { x: 3, y: 2 } },
    });
  });

  it('sends the forced values of buy two get one free and 0 for a free promo', () => {
    expect(promoPayload(base, 'buy_two_get_one')).toMatchObject({
      type: 'percentage',
      value: 100,
      min_tickets: 2,
      data: { calculation: { x: 2, y: 1 } },
    });
    expect(promoPayload(setFreeOfCharge(base, true), 'none')).toMatchObject({ type: 'free', value: 0, person_usages: 1 });
  });

  it('reads counts strictly', () => {
    expect(readCount('3')).toBe(3);
    expect(readCount(0)).toBeNull();
    expect(readCount('2,5')).toBeNull();
    expect(readCount('')).toBeNull();
  });
});
