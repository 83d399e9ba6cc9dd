import type { MerchandiseDetail } from '../../contracts/merchandise';
import { validateGiftCardForm, type GiftCardErrors } from '../../domain/merchandise';
import { parseDecimal } from '../../domain/numericInput';

/** The Add Gift Card form (001 §5) and the spec's create payload (001 §3). */
export interface GiftCardSizeState {
  id?: number;
  name_en: string;
  name_sv: string;
  quantity: string;
}

export interface GiftCardFormState {
  promoter: string;
  title: string;
  quantity: string;
  price: string;
  description_en: string;
  description_sv: string;
  delivery_description: string;
  size_fit_description: string;
  refundable: boolean;
  sizes: GiftCardSizeState[];
  images: File[];
  remove_media: number[];
}

/** The fields the save buttons wait for (001 §5: disabled until all watched fields are filled). */
export const WATCHED_FIELDS = ['title', 'quantity', 'description_en', 'description_sv', 'delivery_description', 'size_fit_description'] as const;

export const newGiftCardValues = (): GiftCardFormState => ({
  promoter: '', title: '', quantity: '', price: '', description_en: '', description_sv: '', delivery_description: '', size_fit_description: '',
  refundable: false, sizes: [], images: [], remove_media: [],
});

export function giftCardValues(m: MerchandiseDetail): GiftCardFormState {
  return {
    promoter: String(m.promoter.id),
    title: m.translations.en.name,
    quantity: String(m.quantity),
    price: String(m.price).replace('.', ','),
    description_en: m.translations.en.description,
    description_sv: m.translations.sv.description,
    delivery_description: m.translations.en.delivery_description,
    size_fit_description: m.translations.en.size_fit_description,
    refundable: m.refundable,
    sizes: m.options.map((o) => ({ id: o.id, name_en: o.translations.en.name, name_sv: o.translations.sv.name, quantity: String(o.quantity) })),
    images: [],
    remove_media: [],
  };
}

export function validateGiftCard(v: GiftCardFormState, opts: { choosePromoter: boolean }): GiftCardErrors & { price?: string; promoter?: string } {
  const errors: GiftCardErrors & { price?: string; promoter?: string } = validateGiftCardForm({ ...v, images: v.images.map((f) => f.size) });
  const price = parseDecimal(v.price);
  if (!v.price.trim()) errors.price = 'Required';
  else if (price === null || price < 0) errors.price = 'Must be a number';
  if (opts.choosePromoter && !v.promoter) errors.promoter = 'Required';
  return errors;
}

/** The payload of 001 §3: one title in both languages, the descriptions, sizes as options, price in SEK. */
export function giftCardBody(v: GiftCardFormState, giftCardTypeId: number | undefined): object {
  return {
    ...(v.promoter ? { promoter: v.promoter } : {}),
    translations: {
      en: { name: v.title.trim(), description: v.description_en.trim(), deliveryDescription: v.delivery_description.trim(), sizeFitDescription: v.size_fit_description.trim() },
      sv: { name: v.title.trim(), description: v.description_sv.trim(), deliveryDescription: v.delivery_description.trim(), sizeFitDescription: v.size_fit_description.trim() },
    },
    merchandiseType: giftCardTypeId,
    price: v.price.trim(),
    quantity: v.quantity.trim(),
    isRefundable: v.refundable,
    options: v.sizes.map((s) => ({ ...(s.id ? { id: s.id } : {}), translations: { en: { name: s.name_en.trim() }, sv: { name: s.name_sv.trim() } }, quantity: s.quantity.trim() })),
    remove_media: v.remove_media,
  };
}

/** Gift-card images are 2:1 (recommended 2160x1080); a small rounding either way is accepted. */
export function isTwoToOne(width: number, height: number): boolean {
  return height > 0 && Math.abs(width / height - 2) <= 0.02;
}
