import { describe, expect, it } from 'vitest';
import { giftCardBody, isTwoToOne, newGiftCardValues, validateGiftCard } from './giftCardValues';
import { emptyOption, merchandiseBody, newMerchandiseValues, saveErrorLines } from './merchandiseFormValues';

describe('merchandise save errors (001 §8)', () => {
  it('when the server names fields, then one line per field with its first message', () => {
    expect(saveErrorLines({ price: ['Required', 'Must be a number'], 'translations.sv.name': ['Required'] }, 'Error in entered data'))
      .toEqual(['price: Required', 'translations.sv.name: Required']);
  });
  it('when there are no field errors, then the server message, else Save error', () => {
    expect(saveErrorLines(null, 'Merchandise not found.')).toEqual(['Merchandise not found.']);
    expect(saveErrorLines({}, undefined)).toEqual(['Save error']);
  });
});

describe('merchandise body', () => {
  it('when the product has options, then the quantity sent is their sum and sku/quantity of the product are not required', () => {
    const values = { ...newMerchandiseValues('1'), has_options: true, options: [{ ...emptyOption(), quantity: '3' }, { ...emptyOption(), id: 7, quantity: '4' }] };
    const body = merchandiseBody(values) as { quantity: string; options: { id?: number }[] };
    expect(body.quantity).toBe('7');
    expect(body.options.map((o) => o.id)).toEqual([undefined, 7]);
  });
});

describe('gift card', () => {
  it('when the price or (for an admin) the promoter is missing, then Required beside the domain rules', () => {
    const errors = validateGiftCard(newGiftCardValues(), { choosePromoter: true });
    expect(errors).toMatchObject({ title: 'Required', quantity: 'Required', price: 'Required', promoter: 'Required' });
    expect(validateGiftCard(newGiftCardValues(), { choosePromoter: false }).promoter).toBeUndefined();
  });
  it('when saved, then the title is the name in both languages and sizes become options', () => {
    const body = giftCardBody({ ...newGiftCardValues(), title: 'Card', delivery_description: 'Email', sizes: [{ name_en: 'Red', name_sv: 'Röd', quantity: '2' }] }, 5) as {
      translations: { sv: { name: string; deliveryDescription: string } }; merchandiseType: number; options: { translations: { sv: { name: string } } }[];
    };
    expect(body.translations.sv).toMatchObject({ name: 'Card', deliveryDescription: 'Email' });
    expect(body.merchandiseType).toBe(5);
    expect(body.options[0].translations.sv.name).toBe('Röd');
  });
  it('when an image is 2:1 within 2 %, then it fits', () => {
    expect(isTwoToOne(2160, 1080)).toBe(true);
    expect(isTwoToOne(2000, 1010)).toBe(true);
    expect(isTwoToOne(2200, 2200)).toBe(false);
  });
});
