import { describe, expect, it } from 'vitest';
import type { Promo } from '../../contracts/promos';
import { nestErrors, NEW_PROMO, promoBody, promoToForm, validatePromoForm } from './promoFormValues';

const saved: Promo = {
  id: 7, name: 'Family weekend', promo_code: 'FAMILY', promoter: { id: 1, name: 'Nordic Live AB' }, event: null, item_type: 'ticket',
  type: 'amount', value: 75, discount_type: 'family', min_tickets: 2, min_kids: 1, data: { calculation: { x: 1, y: 2 } },
  max_usages: 500, max_person_items: null, person_usages: 1, expire_date: '2027-06-30', active: true, usages_count: 0,
  usages_count_extended: 0, mode: 'family',
};

describe('promo form values', () => {
  it('when a saved promo is edited and saved unchanged, then the same fields go back', () => {
    const form = promoToForm(saved);
    expect(form).toMatchObject({ mode: 'family', expire_date: '30.06.2027', value: '75', max_person_items: '' });
    expect(promoBody(form)).toMatchObject({
      promo_code: 'FAMILY', type: 'amount', value: 75, discount_type: 'family', min_tickets: 2, min_kids: 1,
      data: { calculation: { x: 1, y: 2 } }, max_usages: 500, max_person_items: null, person_usages: 1, expire_date: '2027-06-30',
    });
  });

  it('when a new promo has an unreadable expiry date, then the form says so beside the domain rules', () => {
    const errors = validatePromoForm({ ...NEW_PROMO, name: 'X', value: '10', expire_date: '31.02.2027' }, false, 'create');
    expect(errors).toEqual({ expire_date: 'Enter a date as dd.mm.yyyy' });
  });

  it('when the server names nested fields, then final-form gets them nested', () => {
    expect(nestErrors({ 'data.calculation.x': 'Required', name: 'Required' })).toEqual({ data: { calculation: { x: 'Required' } }, name: 'Required' });
  });
});
