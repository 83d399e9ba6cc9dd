/**
 * Promo codes (002 §3 "Promo code", §4, §5, §9): the five discount modes, the 'free of charge' switch, the type
 * change rule and validation.
 *
 * How a mode is stored (the spec names the fields, this file fixes their use so console and server agree):
 * | mode            | discount_type | min_tickets | min_kids | data.calculation | forced                          |
 * | none            | standard      | null        | null     | null             |                                 |
 * | min_quantity    | standard      | X           | null     | { x: X }         |                                 |
 * | buy_two_get_one | custom        | 2           | null     | { x: 2, y: 1 }   | type percentage, value 100      |
 * | buy_x_get_y     | custom        | X           | null     | { x: X, y: Y }   | (the discount applies to the Y) |
 * | family          | family        | Y           | X        | { x: X, y: Y }   | (X kids, Y non-kids discounted) |
 * Merchandise promos have every mode but family.
 */
import { FORM_MESSAGES, isBlank, type FieldErrors } from './forms';
import { EXPIRY_BEFORE_TODAY_MESSAGE } from './dates';
import { parseDecimal } from './numericInput';

export const PROMO_TYPES = ['percentage', 'amount', 'free'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];
export const PROMO_ITEM_TYPES = ['ticket', 'merchandise'] as const;
export type PromoItemType = (typeof PROMO_ITEM_TYPES)[number];
export const DISCOUNT_TYPES = ['standard', 'custom', 'family'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PROMO_MODES = ['none', 'min_quantity', 'buy_two_get_one', 'buy_x_get_y', 'family'] as const;
export type PromoMode = (typeof PROMO_MODES)[number];

export const PROMO_MODE_LABELS: Record<PromoMode, string> = {
  none: 'No extra requirement',
  min_quantity: 'Buy at least X tickets for a discount',
  buy_two_get_one: 'Buy two get one free',
  buy_x_get_y: 'Buy X get Y with a discount',
  family: 'Family offer',
};

export const PROMO_CODE_MAX_LENGTH = 10;

export const PROMO_MESSAGES = {
  required: FORM_MESSAGES.required,
  codeLength: 'Must be 1-10 characters',
  percentageMax: 'Discount must be less than or equal to 100%',
  invalidNumber: 'Enter valid number',
  familyForTicketsOnly: 'A family offer is for tickets only',
  expiredOnCreate: EXPIRY_BEFORE_TODAY_MESSAGE,
} as const;

/**
 * Beyond the spec (docs/promos.md): a new code cannot expire before the venue's today (it would be born dead, a
 * typing slip); an edit keeps a past expiry, so an expired code's other fields can still be saved. `expiry` and
 * `today` are days at local midnight (`parseFormDate`, `parseIsoDay`, `venueToday`).
 */
export function promoExpiryError(expiry: Date | null, today: Date, mode: 'create' | 'edit'): string | undefined {
  return mode === 'create' && expiry !== null && expiry.getTime() < today.getTime() ? PROMO_MESSAGES.expiredOnCreate : undefined;
}

type NumberText = number | string | null | undefined;
type Id = number | string | null | undefined;

export interface PromoCalculation {
  x?: NumberText;
  y?: NumberText;
}

/** The promo form's values (and a saved promo's fields, which have the same names). */
export interface PromoValues {
  name?: string | null;
  promo_code?: string | null;
  promoter?: Id;
  /** null or empty: all events. */
  event?: Id;
  item_type?: PromoItemType;
  type?: PromoType | null;
  value?: NumberText;
  discount_type?: DiscountType | null;
  min_tickets?: NumberText;
  min_kids?: NumberText;
  data?: { calculation?: PromoCalculation | null; merchandises?: unknown[] } | null;
  max_usages?: NumberText;
  max_person_items?: NumberText;
  person_usages?: NumberText;
  expire_date?: string | null;
  active?: boolean;
}

/** The modes offered for an item type: merchandise has no family offer. */
export function promoModesFor(itemType: PromoItemType | undefined): readonly PromoMode[] {
  return itemType === 'merchandise' ? PROMO_MODES.filter((mode) => mode !== 'family') : PROMO_MODES;
}

/** A positive whole number, or null (blank, zero, negative, fractional or unreadable). */
export function readCount(value: NumberText): number | null {
  const number = parseDecimal(value ?? null);
  return number !== null && Number.isInteger(number) && number > 0 ? number : null;
}

const calculationOf = (promo: PromoValues): PromoCalculation => promo.data?.calculation ?? {};

/** The mode of a saved promo (see the table at the top). */
export function derivePromoMode(promo: PromoValues): PromoMode {
  const { x, y } = calculationOf(promo);
  if (promo.discount_type === 'family') return 'family';
  if (promo.discount_type === 'custom') {
    const twoForOne =
      promo.type === 'percentage' &&
      parseDecimal(promo.value ?? null) === 100 &&
      readCount(x) === 2 &&
      readCount(y) === 1;
    return twoForOne ? 'buy_two_get_one' : 'buy_x_get_y';
  }
  return readCount(promo.min_tickets) !== null || readCount(x) !== null ? 'min_quantity' : 'none';
}

/** The values after choosing a mode: its discount_type, X/Y kept where the mode uses them, forced values set. */
export function applyPromoMode<V extends PromoValues>(values: V, mode: PromoMode): V {
  const { x, y } = calculationOf(values);
  const withCalculation = (calculation: PromoCalculation | null): V['data'] => ({
    ...(values.data ?? {}),
    calculation,
  });
  switch (mode) {
    case 'none':
      return { ...values, discount_type: 'standard', min_tickets: null, min_kids: null, data: withCalculation(null) };
    case 'min_quantity':
      return {
        ...values,
        discount_type: 'standard',
        min_tickets: x ?? null,
        min_kids: null,
        data: withCalculation({ x }),
      };
    case 'buy_two_get_one':
      return {
        ...values,
        discount_type: 'custom',
        type: 'percentage',
        value: 100,
        min_tickets: 2,
        min_kids: null,
        data: withCalculation({ x: 2, y: 1 }),
      };
    case 'buy_x_get_y':
      return {
        ...values,
        discount_type: 'custom',
        min_tickets: x ?? null,
        min_kids: null,
        data: withCalculation({ x, y }),
      };
    case 'family':
      return {
        ...values,
        discount_type: 'family',
        min_tickets: y ?? null,
        min_kids: x ?? null,
        data: withCalculation({ x, y }),
      };
  }
}

/** Ticking 'free of charge': type free and one use per person; unticking: type amount and no per-person limit. */
export function setFreeOfCharge<V extends PromoValues>(values: V, on: boolean): V {
  return on ? { ...values, type: 'free', person_usages: 1 } : { ...values, type: 'amount', person_usages: null };
}

/** Changing the type: a percentage above 100 is reset to 0. */
export function changePromoType<V extends PromoValues>(values: V, type: PromoType): V {
  const value = parseDecimal(values.value ?? null);
  return { ...values, type, ...(type === 'percentage' && value !== null && value > 100 ? { value: 0 } : {}) };
}

export type PromoField =
  | 'name'
  | 'promoter'
  | 'type'
  | 'value'
  | 'promo_code'
  | 'discount_type'
  | 'max_usages'
  | 'max_person_items'
  | 'person_usages';

export type PromoErrors = FieldErrors<PromoField> & { data?: { calculation?: FieldErrors<'x' | 'y'> } };

function countError(value: NumberText): string | undefined {
  if (isBlank(value)) return PROMO_MESSAGES.required;
  return readCount(value) === null ? PROMO_MESSAGES.invalidNumber : undefined;
}

/**
 * The promo form (002 §5): name, type and (for admins) promoter required; a positive value, at most 100 for a
 * percentage; a code of 1–10 characters (blank on create: the system generates one); X and Y non-zero where the mode
 * uses them; limits blank (unlimited) or positive whole numbers. Save stays disabled while anything is reported.
 */
export function validatePromo(
  values: PromoValues,
  context: { isAdmin: boolean; mode: 'create' | 'edit'; promoMode: PromoMode },
): PromoErrors {
  const errors: PromoErrors = {};
  if (isBlank(values.name)) errors.name = PROMO_MESSAGES.required;
  if (context.isAdmin && isBlank(values.promoter)) errors.promoter = PROMO_MESSAGES.required;
  if (!values.type || !PROMO_TYPES.includes(values.type)) errors.type = PROMO_MESSAGES.required;

  if (values.type && values.type !== 'free') {
    const value = parseDecimal(values.value ?? null);
    if (isBlank(values.value)) errors.value = PROMO_MESSAGES.required;
    else if (value === null || value <= 0) errors.value = PROMO_MESSAGES.invalidNumber;
    else if (values.type === 'percentage' && value > 100) errors.value = PROMO_MESSAGES.percentageMax;
  }

  const code = (values.promo_code ?? '').trim();
  if (code.length > PROMO_CODE_MAX_LENGTH || (code === '' && context.mode === 'edit')) {
    errors.promo_code = PROMO_MESSAGES.codeLength;
  }

  if (context.promoMode === 'family' && values.item_type === 'merchandise') {
    errors.discount_type = PROMO_MESSAGES.familyForTicketsOnly;
  }
  const { x, y } = calculationOf(values);
  const usesY = context.promoMode === 'buy_x_get_y' || context.promoMode === 'family';
  const usesX = usesY || context.promoMode === 'min_quantity';
  const calculation: FieldErrors<'x' | 'y'> = {};
  if (usesX && countError(x)) calculation.x = countError(x);
  if (usesY && countError(y)) calculation.y = countError(y);
  if (calculation.x || calculation.y) errors.data = { calculation };

  for (const field of ['max_usages', 'max_person_items', 'person_usages'] as const) {
    if (!isBlank(values[field]) && readCount(values[field]) === null) errors[field] = PROMO_MESSAGES.invalidNumber;
  }
  return errors;
}

/** The body of POST/PUT api/discounts (002 §7) for a validated form. */
export function promoPayload(values: PromoValues, promoMode: PromoMode) {
  const applied = applyPromoMode(values, promoMode);
  const { x, y } = calculationOf(applied);
  const code = (values.promo_code ?? '').trim();
  return {
    event: isBlank(values.event) ? null : values.event,
    promo_code: code === '' ? null : code,
    promoter: values.promoter ?? null,
    name: (values.name ?? '').trim(),
    type: applied.type ?? null,
    item_type: values.item_type ?? 'ticket',
    value: applied.type === 'free' ? 0 : (parseDecimal(applied.value ?? null) ?? 0),
    discount_type: applied.discount_type ?? 'standard',
    max_usages: readCount(values.max_usages),
    max_person_items: readCount(values.max_person_items),
    person_usages: readCount(applied.person_usages),
    expire_date: isBlank(values.expire_date) ? null : (values.expire_date as string),
    min_tickets: readCount(applied.min_tickets),
    min_kids: readCount(applied.min_kids),
    data: {
      ...(values.data ?? {}),
      calculation: promoMode === 'none' ? null : { x: readCount(x), y: readCount(y) },
    },
  };
}

export type PromoPayload = ReturnType<typeof promoPayload>;
