/**
 * Merchandise and gift-card forms (001 §5, §9): required texts in both languages, options that replace the
 * product's own quantity and SKU, the age restriction, file limits and the food return rule.
 */
import { FORM_MESSAGES, isBlank, type FieldErrors, type RowErrors } from './forms';
import { parseDecimal } from './numericInput';

export const MERCHANDISE_FILE_LIMIT_BYTES = 104_857_600;
export const GIFT_CARD_MAX_IMAGES = 3;
export const GIFT_CARD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FOOD_RETURN_REMINDER =
  'Merchandise of this type can not be returned 24h prior to venue open date and time.';
/** Food can no longer be returned from this long before the venue opens. */
export const FOOD_RETURN_BLOCK_MS = 24 * 60 * 60 * 1000;

type Text = string | null | undefined;
type NumberText = number | string | null | undefined;
type Id = number | string | null | undefined;

export const MERCHANDISE_TEXT_FIELDS = ['name', 'description', 'delivery_description', 'size_fit_description'] as const;
export type MerchandiseTextField = (typeof MERCHANDISE_TEXT_FIELDS)[number];
export type Language = 'en' | 'sv';
const LANGUAGES: readonly Language[] = ['en', 'sv'];

export interface MerchandiseOptionValues {
  translations?: Partial<Record<Language, { name?: Text }>>;
  sku?: Text;
  quantity?: NumberText;
}

export interface MerchandiseFormValues {
  translations?: Partial<Record<Language, Partial<Record<MerchandiseTextField, Text>>>>;
  type?: Id;
  price?: NumberText;
  quantity?: NumberText;
  sku?: Text;
  has_options?: boolean;
  options?: MerchandiseOptionValues[];
  age_restricted?: boolean;
  age_restriction?: NumberText;
}

export interface MerchandiseFormErrors extends FieldErrors<'type' | 'price' | 'quantity' | 'sku' | 'age_restriction'> {
  translations?: Partial<Record<Language, FieldErrors<MerchandiseTextField>>>;
  options?: (
    | (FieldErrors<'sku' | 'quantity'> & { translations?: Partial<Record<Language, FieldErrors<'name'>>> })
    | undefined
  )[];
}

/** A whole number ≥ 0, or null. */
function readQuantity(value: NumberText): number | null {
  const number = parseDecimal(value ?? null);
  return number !== null && Number.isInteger(number) && number >= 0 ? number : null;
}

function quantityError(value: NumberText): string | undefined {
  if (isBlank(value)) return FORM_MESSAGES.required;
  return readQuantity(value) === null ? FORM_MESSAGES.mustBeNumber : undefined;
}

/** With options, the product's quantity is the sum of its options' quantities (the field is then read-only). */
export function merchandiseTotalQuantity(options: readonly MerchandiseOptionValues[]): number {
  return options.reduce((sum, option) => sum + (readQuantity(option.quantity) ?? 0), 0);
}

/**
 * The merchandise form: every text in en and sv, type and price 'Required'; quantity and SKU unless the product has
 * options, each option then needing both names, a SKU and a quantity; an age when age restricted.
 */
export function validateMerchandiseForm(values: MerchandiseFormValues): MerchandiseFormErrors {
  const errors: MerchandiseFormErrors = {};
  for (const language of LANGUAGES) {
    const texts = values.translations?.[language] ?? {};
    const missing: FieldErrors<MerchandiseTextField> = {};
    for (const field of MERCHANDISE_TEXT_FIELDS) if (isBlank(texts[field])) missing[field] = FORM_MESSAGES.required;
    if (Object.keys(missing).length > 0) (errors.translations ??= {})[language] = missing;
  }
  if (isBlank(values.type)) errors.type = FORM_MESSAGES.required;
  const price = parseDecimal(values.price ?? null);
  if (isBlank(values.price)) errors.price = FORM_MESSAGES.required;
  else if (price === null || price < 0) errors.price = FORM_MESSAGES.mustBeNumber;

  if (values.has_options) {
    const optionErrors: NonNullable<MerchandiseFormErrors['options']> = (values.options ?? []).map((option) => {
      const rowErrors: NonNullable<MerchandiseFormErrors['options']>[number] = {};
      for (const language of LANGUAGES) {
        if (isBlank(option.translations?.[language]?.name)) {
          (rowErrors.translations ??= {})[language] = { name: FORM_MESSAGES.required };
        }
      }
      if (isBlank(option.sku)) rowErrors.sku = FORM_MESSAGES.required;
      const quantity = quantityError(option.quantity);
      if (quantity) rowErrors.quantity = quantity;
      return Object.keys(rowErrors).length > 0 ? rowErrors : undefined;
    });
    if (optionErrors.some(Boolean)) errors.options = optionErrors;
  } else {
    const quantity = quantityError(values.quantity);
    if (quantity) errors.quantity = quantity;
    if (isBlank(values.sku)) errors.sku = FORM_MESSAGES.required;
  }

  if (values.age_restricted) {
    const age = readQuantity(values.age_restriction);
    if (isBlank(values.age_restriction)) errors.age_restriction = FORM_MESSAGES.required;
    else if (age === null || age === 0) errors.age_restriction = FORM_MESSAGES.mustBeNumber;
  }
  return errors;
}

/** Whether a food item can still be returned: not from 24 hours before the venue opens. */
export function canReturnFood(venueOpen: Date, now: Date): boolean {
  return now.getTime() < venueOpen.getTime() - FOOD_RETURN_BLOCK_MS;
}

export interface GiftCardSizeRow {
  name_en?: Text;
  name_sv?: Text;
  quantity?: NumberText;
}

/**
 * The gift-card form. The spec names "all four descriptions" without listing them; they are read here as the
 * description in English and Swedish plus the delivery and size/fit descriptions.
 */
export interface GiftCardFormValues {
  title?: Text;
  quantity?: NumberText;
  description_en?: Text;
  description_sv?: Text;
  delivery_description?: Text;
  size_fit_description?: Text;
  sizes?: GiftCardSizeRow[];
  /** Sizes of the chosen image files, in bytes. */
  images?: number[];
}

export type GiftCardErrors = FieldErrors<
  | 'title'
  | 'quantity'
  | 'description_en'
  | 'description_sv'
  | 'delivery_description'
  | 'size_fit_description'
  | 'images'
> & { sizes?: RowErrors<keyof GiftCardSizeRow> };

const GIFT_CARD_REQUIRED = [
  'title',
  'description_en',
  'description_sv',
  'delivery_description',
  'size_fit_description',
] as const;

/**
 * The gift-card form: title, quantity and the four descriptions 'Required'; each size row both names and a quantity;
 * at most 3 images of at most 10 MB each.
 */
export function validateGiftCardForm(values: GiftCardFormValues): GiftCardErrors {
  const errors: GiftCardErrors = {};
  for (const field of GIFT_CARD_REQUIRED) {
    if (isBlank(values[field])) errors[field] = FORM_MESSAGES.required;
  }
  const quantity = quantityError(values.quantity);
  if (quantity) errors.quantity = quantity;
  const sizes = (values.sizes ?? []).map((row) => {
    const rowErrors: FieldErrors<keyof GiftCardSizeRow> = {};
    if (isBlank(row.name_en)) rowErrors.name_en = FORM_MESSAGES.required;
    if (isBlank(row.name_sv)) rowErrors.name_sv = FORM_MESSAGES.required;
    const rowQuantity = quantityError(row.quantity);
    if (rowQuantity) rowErrors.quantity = rowQuantity;
    return Object.keys(rowErrors).length > 0 ? rowErrors : undefined;
  });
  if (sizes.some(Boolean)) errors.sizes = sizes;
  const images = values.images ?? [];
  if (images.length > GIFT_CARD_MAX_IMAGES) errors.images = `At most ${GIFT_CARD_MAX_IMAGES} images`;
  else if (images.some((size) => size > GIFT_CARD_IMAGE_MAX_BYTES)) errors.images = 'Each image must be at most 10 MB';
  return errors;
}
