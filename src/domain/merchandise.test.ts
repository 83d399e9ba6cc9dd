import { describe, expect, it } from 'vitest';
import { toValidationErrors } from './forms';
import {
  canReturnFood,
  FOOD_RETURN_REMINDER,
  MERCHANDISE_FILE_LIMIT_BYTES,
  GIFT_CARD_IMAGE_MAX_BYTES,
  merchandiseTotalQuantity,
  validateGiftCardForm,
  validateMerchandiseForm,
  type MerchandiseFormValues,
} from './merchandise';

const texts = (prefix: string) => ({
  name: `${prefix} T-shirt`,
  description: 'Cotton',
  delivery_description: 'At the venue',
  size_fit_description: 'Regular fit',
});

const simple: MerchandiseFormValues = {
  translations: { en: texts('Tour'), sv: texts('Turné') },
  type: 1,
  price: '249,50',
  quantity: 100,
  sku: 'TS-1',
};

describe('validateMerchandiseForm', () => {
  it('accepts a complete product without options', () => {
    expect(validateMerchandiseForm(simple)).toEqual({});
  });

  it('requires every text in both languages, type, price, quantity and SKU', () => {
    const errors = validateMerchandiseForm({ translations: { en: { ...texts('Tour'), description: '' } } });
    expect(errors).toEqual({
      translations: {
        en: { description: 'Required' },
        sv: { name: 'Required', description: 'Required', delivery_description: 'Required', size_fit_description: 'Required' },
      },
      type: 'Required',
      price: 'Required',
      quantity: 'Required',
      sku: 'Required',
    });
    expect(toValidationErrors(errors)).toHaveProperty('translations.sv.size_fit_description', ['Required']);
  });

  it('refuses a non-numeric price and quantity', () => {
    expect(validateMerchandiseForm({ ...simple, price: 'free', quantity: '1,5' })).toEqual({
      price: 'Must be a number',
      quantity: 'Must be a number',
    });
  });

  it('moves quantity and SKU to the options when the product has them', () => {
    const withOptions: MerchandiseFormValues = {
      ...simple,
      quantity: '',
      sku: '',
      has_options: true,
      options: [
        { translations: { en: { name: 'S' }, sv: { name: 'S' } }, sku: 'TS-S', quantity: 10 },
        { translations: { en: { name: 'M' } }, sku: '', quantity: '' },
      ],
    };
    expect(validateMerchandiseForm(withOptions)).toEqual({
      options: [undefined, { translations: { sv: { name: 'Required' } }, sku: 'Required', quantity: 'Required' }],
    });
    expect(merchandiseTotalQuantity(withOptions.options!)).toBe(10);
    expect(merchandiseTotalQuantity([{ quantity: '5' }, { quantity: 7 }, { quantity: 'x' }])).toBe(12);
  });

  it('requires an age only when age restricted', () => {
    expect(validateMerchandiseForm({ ...simple, age_restricted: true })).toEqual({ age_restriction: 'Required' });
    expect(validateMerchandiseForm({ ...simple, age_restricted: true, age_restriction: 18 })).toEqual({});
    expect(validateMerchandiseForm({ ...simple, age_restricted: false, age_restriction: 'x' })).toEqual({});
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(MERCHANDISE_FILE_LIMIT_BYTES).toBe(104857600);
    expect(FOOD_RETURN_REMINDER).toBe(
      'Merchandise of this type can not be returned 24h prior to venue open date and time.',
    );
  });
});

describe('food returns', () => {
  it('are blocked from 24 hours before the venue opens', () => {
    const open = new Date(2024, 4, 10, 18, 0);
    expect(canReturnFood(open, new Date(2024, 4, 9, 17, 59))).toBe(true);
    expect(canReturnFood(open, new Date(2024, 4, 9, 18, 0))).toBe(false);
    expect(canReturnFood(open, new Date(2024, 4, 10, 19, 0))).toBe(false);
  });
});

describe('validateGiftCardForm', () => {
  const valid = {
    title: 'Gift card 500',
    quantity: 50,
    description_en: 'A gift',
    description_sv: 'En gåva',
    delivery_description: 'By email',
    size_fit_description: '-',
  };

  it('requires title, quantity and the four descriptions', () => {
    expect(validateGiftCardForm(valid)).toEqual({});
    expect(validateGiftCardForm({})).toEqual({
      title: 'Required',
      quantity: 'Required',
      description_en: 'Required',
      description_sv: 'Required',
      delivery_description: 'Required',
      size_fit_description: 'Required',
    });
  });

  it('requires both names and a quantity per size row', () => {
    expect(validateGiftCardForm({ ...valid, sizes: [{ name_en: 'A', name_sv: 'A', quantity: 1 }, { name_en: 'B' }] })).toEqual({
      sizes: [undefined, { name_sv: 'Required', quantity: 'Required' }],
    });
  });

  it('allows at most 3 images of at most 10 MB', () => {
    expect(validateGiftCardForm({ ...valid, images: [1, 2, 3] })).toEqual({});
    expect(validateGiftCardForm({ ...valid, images: [1, 2, 3, 4] }).images).toBe('At most 3 images');
    expect(validateGiftCardForm({ ...valid, images: [GIFT_CARD_IMAGE_MAX_BYTES] })).toEqual({});
    expect(validateGiftCardForm({ ...valid, images: [GIFT_CARD_IMAGE_MAX_BYTES + 1] }).images).toBe(
      'Each image must be at most 10 MB',
    );
  });
});
