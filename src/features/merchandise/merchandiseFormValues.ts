import type { MerchandiseDetail } from '../../contracts/merchandise';
import { merchandiseTotalQuantity, validateMerchandiseForm, type Language, type MerchandiseFormErrors } from '../../domain/merchandise';

/** The merchandise form's values (001 §5), as final-form holds them: texts as typed, new images as files. */
export interface MerchandiseOptionState {
  id?: number;
  translations: Record<Language, { name: string }>;
  sku: string;
  quantity: string;
}

export interface MerchandiseFormState {
  translations: Record<Language, { name: string; description: string; delivery_description: string; size_fit_description: string }>;
  type: string;
  price: string;
  quantity: string;
  sku: string;
  has_options: boolean;
  options: MerchandiseOptionState[];
  age_restricted: boolean;
  age_restriction: string;
  refundable: boolean;
  max_amount_can_be_sold_in_general: string;
  max_amount_can_be_sold_per_option: string;
  images: File[];
  remove_media: number[];
}

const texts = () => ({ name: '', description: '', delivery_description: '', size_fit_description: '' });
export const emptyOption = (): MerchandiseOptionState => ({ translations: { en: { name: '' }, sv: { name: '' } }, sku: '', quantity: '' });
const text = (n: number | null) => (n === null ? '' : String(n));
/** Prices are shown the Swedish way (decimal comma). */
const priceText = (sek: number) => String(sek).replace('.', ',');

export function newMerchandiseValues(type = ''): MerchandiseFormState {
  return {
    translations: { en: texts(), sv: texts() }, type, price: '', quantity: '', sku: '', has_options: false, options: [],
    age_restricted: false, age_restriction: '', refundable: true, max_amount_can_be_sold_in_general: '', max_amount_can_be_sold_per_option: '',
    images: [], remove_media: [],
  };
}

export function merchandiseValues(m: MerchandiseDetail): MerchandiseFormState {
  return {
    translations: { en: { ...m.translations.en }, sv: { ...m.translations.sv } },
    type: String(m.type.id),
    price: priceText(m.price),
    quantity: String(m.quantity),
    sku: m.sku ?? '',
    has_options: m.has_options,
    options: m.options.map((o) => ({ id: o.id, translations: o.translations, sku: o.sku ?? '', quantity: String(o.quantity) })),
    age_restricted: m.age_restriction !== null,
    age_restriction: text(m.age_restriction),
    refundable: m.refundable,
    max_amount_can_be_sold_in_general: text(m.max_amount_can_be_sold_in_general),
    max_amount_can_be_sold_per_option: text(m.max_amount_can_be_sold_per_option),
    images: [],
    remove_media: [],
  };
}

/** The multipart body of 001 §7 (booleans become 1/0 in toFormData); with options the quantity is their sum. */
export function merchandiseBody(v: MerchandiseFormState): object {
  return {
    translations: v.translations,
    type: v.type,
    price: v.price.trim(),
    quantity: v.has_options ? String(merchandiseTotalQuantity(v.options)) : v.quantity.trim(),
    sku: v.sku.trim(),
    has_options: v.has_options,
    options: v.has_options ? v.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), translations: o.translations, sku: o.sku.trim(), quantity: o.quantity.trim() })) : [],
    age_restricted: v.age_restricted,
    age_restriction: v.age_restricted ? v.age_restriction.trim() : '',
    refundable: v.refundable,
    max_amount_can_be_sold_in_general: v.max_amount_can_be_sold_in_general.trim(),
    max_amount_can_be_sold_per_option: v.has_options ? v.max_amount_can_be_sold_per_option.trim() : '',
    remove_media: v.remove_media,
  };
}

export function validateMerchandiseState(v: MerchandiseFormState): MerchandiseFormErrors {
  return validateMerchandiseForm(v);
}

/** 001 §8: a failed save shows 'field: first message' per line, else the server's message, else 'Save error'. */
export function saveErrorLines(validation: Record<string, string[]> | null, message: string | undefined): string[] {
  if (validation && Object.keys(validation).length > 0) return Object.entries(validation).map(([field, messages]) => `${field}: ${messages[0]}`);
  return [message || 'Save error'];
}
