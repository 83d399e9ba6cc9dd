import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_MODAL } from '../../../src/domain/eventForm';
import { toValidationErrors } from '../../../src/domain/forms';
import {
  GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_MAX_IMAGES, MERCHANDISE_FILE_LIMIT_BYTES, validateGiftCardForm, validateMerchandiseForm,
  type Language, type MerchandiseFormValues,
} from '../../../src/domain/merchandise';
import { oreFromSek } from '../../../src/domain/money';
import { parseDecimal } from '../../../src/domain/numericInput';
import { HttpError, ValidationError } from '../../httpErrors';
import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '../../plugins/inputLimits';
import { nestFields, sniffImageType, type UploadedImage } from '../events/eventMultipart';

/**
 * Reading the merchandise and gift-card forms (001 §5, §7). Both arrive as multipart (bracketed keys as the console's
 * toFormData writes them, images as files) or as JSON with the same fields; both are checked with the rules of
 * src/domain/merchandise.ts, so the server answers with the console's messages.
 */
export const MAX_MERCHANDISE_IMAGES = 10;
const INT4_MAX = 2_147_483_647;
const MAX_PRICE_SEK = 21_474_836.47;

export interface MerchandiseInput {
  translations: Record<Language, { name: string; description: string; delivery_description: string; size_fit_description: string }>;
  type: number | null;
  priceOre: number;
  quantity: number;
  sku: string | null;
  hasOptions: boolean;
  options: { id: number | null; name_en: string; name_sv: string; sku: string | null; quantity: number }[];
  ageRestriction: number | null;
  refundable: boolean;
  maxInGeneral: number | null;
  maxPerOption: number | null;
  valid: boolean | null;
  removeMedia: number[];
  event: number | null;
  promoter: number | null;
}

export interface MerchandiseRequest {
  fields: Record<string, unknown>;
  images: UploadedImage[];
  method: string;
}

const IMAGE_FIELD = /^(images|fileUpload|files?)(\[\d*\])?$/;

/** The form's fields and its images (each sniffed: only JPEG, PNG, WebP or GIF), with a per-file size limit. */
export async function readMerchandiseRequest(request: FastifyRequest, fileLimit = MERCHANDISE_FILE_LIMIT_BYTES, fileMessage: string = FILE_SIZE_MODAL.text): Promise<MerchandiseRequest> {
  if (!request.isMultipart()) {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    // JSON may use the form's bracketed keys too (`translations[en][name]`): nest them as multipart's are.
    const bracketed = Object.entries(body).filter(([k, v]) => k.includes('[') && (typeof v === 'string' || typeof v === 'number'));
    const fields = { ...Object.fromEntries(Object.entries(body).filter(([k]) => !k.includes('['))), ...nestFields(Object.fromEntries(bracketed.map(([k, v]) => [k, String(v)]))) };
    return { fields, images: [], method: String(fields._method ?? request.method).toLowerCase() };
  }
  const flat: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: fileLimit, files: MAX_MERCHANDISE_IMAGES, fields: 400, fieldSize: 100_000 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!IMAGE_FIELD.test(part.fieldname) || bytes.length === 0) continue;
        const contentType = sniffImageType(bytes);
        if (!contentType) throw new ValidationError({ images: ['Choose a JPEG, PNG, WebP or GIF image.'] });
        images.push({ bytes, contentType, fileName: (part.filename ?? '').slice(0, 200).split('\u0000').join('') });
      } else {
        flat[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file_too_large', fileMessage);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(413, 'too_many_parts', 'The form has too many fields or files.');
    }
    throw err;
  }
  const fields = nestFields(flat);
  return { fields, images, method: String(fields._method ?? request.method).toLowerCase() };
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
/** Arrays arrive as arrays (JSON, `a[0]`) or as objects keyed by index (`a[1]` without `a[0]`). */
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []).filter((v) => v !== undefined);

function wholeOrNull(value: unknown): number | null {
  const n = parseDecimal(text(value) || null);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= INT4_MAX ? n : null;
}

/** Field errors beyond the domain's form rules: sizes of numbers the database holds, and no NUL in texts. */
function boundsErrors(fields: Record<string, unknown>, numbers: Record<string, unknown>, price: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  // A walk with its own stack, not recursion: input reaching here nests at most MAX_INPUT_DEPTH levels, but a walk
  // over a body must never be what a deep body breaks (issue 34).
  const stack: Array<[unknown, string, number]> = [[fields, '', 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof value === 'string' && value.includes('\u0000')) errors[path] = 'Remove the invisible NUL character.';
    else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) errors[path || 'body'] = TOO_DEEP_MESSAGE;
      else for (const [k, v] of Object.entries(value)) stack.push([v, path ? `${path}.${k}` : k, depth + 1]);
    }
  }
  for (const [field, value] of Object.entries(numbers)) {
    if (text(value) === '') continue;
    const n = parseDecimal(text(value));
    if (n === null || !Number.isInteger(n) || n < 0) errors[field] ??= 'Must be a whole number of 0 or more';
    else if (n > INT4_MAX) errors[field] ??= `Must be at most ${INT4_MAX}`;
  }
  const p = parseDecimal(text(price) || null);
  if (p !== null && p > MAX_PRICE_SEK) errors.price ??= `Must be at most ${MAX_PRICE_SEK}`;
  if (p !== null && Math.abs(p * 100 - Math.round(p * 100)) > 1e-6) errors.price ??= 'Use at most 2 decimals';
  return errors;
}

function fail(errors: Record<string, string[]>): never {
  throw new ValidationError(errors);
}

function ids(value: unknown): number[] {
  return list(value).map((v) => wholeOrNull(v)).filter((v): v is number => v !== null && v > 0);
}

/** The event merchandise form (`translations[en][name]`, `options[0][translations][sv][name]`, …). */
export function readMerchandiseInput(fields: Record<string, unknown>): MerchandiseInput {
  const translations = obj(fields.translations);
  const hasOptions = flag(fields.has_options);
  const rawOptions = hasOptions ? list(fields.options).map(obj) : [];
  const values: MerchandiseFormValues = {
    translations: Object.fromEntries((['en', 'sv'] as const).map((l) => [l, Object.fromEntries(Object.entries(obj(translations[l])).map(([k, v]) => [k, text(v)]))])),
    type: text(fields.type) || null,
    price: text(fields.price),
    quantity: text(fields.quantity),
    sku: text(fields.sku),
    has_options: hasOptions,
    options: rawOptions.map((o) => ({
      translations: { en: { name: text(obj(obj(o.translations).en).name) }, sv: { name: text(obj(obj(o.translations).sv).name) } },
      sku: text(o.sku),
      quantity: text(o.quantity),
    })),
    age_restricted: flag(fields.age_restricted),
    age_restriction: text(fields.age_restriction),
  };
  const numbers: Record<string, unknown> = {
    type: fields.type, quantity: hasOptions ? '' : fields.quantity, age_restriction: values.age_restricted ? fields.age_restriction : '',
    max_amount_can_be_sold_in_general: fields.max_amount_can_be_sold_in_general,
    max_amount_can_be_sold_per_option: fields.max_amount_can_be_sold_per_option,
  };
  rawOptions.forEach((o, i) => { numbers[`options.${i}.quantity`] = o.quantity; numbers[`options.${i}.id`] = o.id; });
  const errors = { ...toValidationErrors(validateMerchandiseForm(values)) };
  for (const [field, message] of Object.entries(boundsErrors(fields, numbers, fields.price))) errors[field] ??= [message];
  if (hasOptions && rawOptions.length === 0) errors.options ??= ['Add at least one option, or choose no options'];
  if (Object.keys(errors).length > 0) fail(errors);

  const options = values.options!.map((o, i) => ({
    id: wholeOrNull(rawOptions[i].id) || null,
    name_en: String(o.translations!.en!.name),
    name_sv: String(o.translations!.sv!.name),
    sku: text(o.sku) || null,
    quantity: wholeOrNull(o.quantity)!,
  }));
  const t = (l: Language) => {
    const v = obj(translations[l]);
    return { name: text(v.name), description: text(v.description), delivery_description: text(v.delivery_description), size_fit_description: text(v.size_fit_description) };
  };
  return {
    translations: { en: t('en'), sv: t('sv') },
    type: wholeOrNull(fields.type),
    priceOre: oreFromSek(parseDecimal(text(fields.price))!),
    quantity: hasOptions ? options.reduce((s, o) => s + o.quantity, 0) : wholeOrNull(fields.quantity)!,
    sku: hasOptions ? text(fields.sku) || null : text(fields.sku),
    hasOptions,
    options,
    ageRestriction: values.age_restricted ? wholeOrNull(fields.age_restriction) : null,
    refundable: fields.refundable === undefined ? true : flag(fields.refundable),
    maxInGeneral: wholeOrNull(fields.max_amount_can_be_sold_in_general),
    maxPerOption: hasOptions ? wholeOrNull(fields.max_amount_can_be_sold_per_option) : null,
    valid: fields.valid === undefined ? null : flag(fields.valid),
    removeMedia: ids(fields.remove_media),
    event: null,
    promoter: null,
  };
}

/**
 * The gift-card payload of 001 §3: `translations[en][name|description|deliveryDescription|sizeFitDescription]`,
 * `merchandiseType`, `price`, `quantity`, `isRefundable`, `maxAmountCanBeSoldInGeneral`,
 * `maxAmountCanBeSoldPerOption`, `options[i][translations][en][name]`, `options[i][sku]`, `options[i][quantity]`,
 * `event` (optional) and, for an admin, `promoter`. Errors are named as the gift-card form names its fields.
 */
export function readGiftCardInput(fields: Record<string, unknown>, images: UploadedImage[], keptImages = 0): MerchandiseInput {
  const tr = obj(fields.translations);
  const en = obj(tr.en);
  const sv = obj(tr.sv);
  const rawOptions = list(fields.options).map(obj);
  const sizes = rawOptions.map((o) => ({
    name_en: text(obj(obj(o.translations).en).name),
    name_sv: text(obj(obj(o.translations).sv).name),
    quantity: text(o.quantity),
  }));
  const form = {
    title: text(en.name),
    quantity: text(fields.quantity),
    description_en: text(en.description),
    description_sv: text(sv.description),
    delivery_description: text(en.deliveryDescription),
    size_fit_description: text(en.sizeFitDescription),
    sizes,
    images: [...Array(keptImages).fill(0), ...images.map((i) => i.bytes.length)],
  };
  const errors = toValidationErrors(validateGiftCardForm(form));
  const numbers: Record<string, unknown> = {
    quantity: fields.quantity, maxAmountCanBeSoldInGeneral: fields.maxAmountCanBeSoldInGeneral,
    maxAmountCanBeSoldPerOption: fields.maxAmountCanBeSoldPerOption, event: fields.event, promoter: fields.promoter,
  };
  rawOptions.forEach((o, i) => { numbers[`sizes.${i}.quantity`] = o.quantity; numbers[`sizes.${i}.id`] = o.id; });
  for (const [field, message] of Object.entries(boundsErrors(fields, numbers, fields.price))) errors[field] ??= [message];
  const price = parseDecimal(text(fields.price) || null);
  if (text(fields.price) === '') errors.price ??= ['Required'];
  else if (price === null || price < 0) errors.price ??= ['Must be a number'];
  if (Object.keys(errors).length > 0) fail(errors);

  const options = rawOptions.map((o, i) => ({
    id: wholeOrNull(o.id) || null,
    name_en: sizes[i].name_en,
    name_sv: sizes[i].name_sv,
    sku: text(o.sku) || null,
    quantity: wholeOrNull(o.quantity)!,
  }));
  // One title in both languages (the form has one); delivery and size/fit texts are the same in both unless sv is sent.
  const texts = (v: Record<string, unknown>, fallback: Record<string, unknown>) => ({
    name: text(v.name) || text(fallback.name),
    description: text(v.description) || text(fallback.description),
    delivery_description: text(v.deliveryDescription) || text(fallback.deliveryDescription),
    size_fit_description: text(v.sizeFitDescription) || text(fallback.sizeFitDescription),
  });
  return {
    translations: { en: texts(en, en), sv: texts(sv, en) },
    type: null,
    priceOre: oreFromSek(price!),
    quantity: wholeOrNull(fields.quantity)!,
    sku: text(fields.sku) || null,
    hasOptions: options.length > 0,
    options,
    ageRestriction: null,
    refundable: fields.isRefundable === undefined ? true : flag(fields.isRefundable),
    maxInGeneral: wholeOrNull(fields.maxAmountCanBeSoldInGeneral),
    maxPerOption: options.length > 0 ? wholeOrNull(fields.maxAmountCanBeSoldPerOption) : null,
    valid: fields.valid === undefined ? null : flag(fields.valid),
    removeMedia: ids(fields.remove_media),
    event: wholeOrNull(fields.event) || null,
    promoter: wholeOrNull(fields.promoter) || null,
  };
}

export { GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_MAX_IMAGES };
