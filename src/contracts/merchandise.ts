import { Type, type Static } from 'typebox';

/**
 * Merchandise and gift cards (001 §3 "Merchandise", §7). Requests are multipart forms (bracketed keys, images as
 * files), so their bodies are read by the route, not by a schema; these are the answers. Money in SEK.
 */
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MerchandiseType = Type.Object({
  id: Type.Integer(),
  alias: Type.String(),
  translations: Type.Object({ en: Type.Object({ name: Type.String() }), sv: Type.Object({ name: Type.String() }) }),
});
export type MerchandiseType = Static<typeof MerchandiseType>;
export const MerchandiseTypeList = Type.Object({ data: Type.Array(MerchandiseType) });
export type MerchandiseTypeList = Static<typeof MerchandiseTypeList>;

const Texts = Type.Object({
  name: Type.String(),
  description: Type.String(),
  delivery_description: Type.String(),
  size_fit_description: Type.String(),
});

export const MerchandiseOption = Type.Object({
  id: Type.Integer(),
  translations: Type.Object({ en: Type.Object({ name: Type.String() }), sv: Type.Object({ name: Type.String() }) }),
  sku: Nullable(Type.String()),
  quantity: Type.Integer(),
});
export type MerchandiseOption = Static<typeof MerchandiseOption>;

export const MerchandiseMedium = Type.Object({ id: Type.Integer(), url: Type.String() });

export const MerchandiseDetail = Type.Object({
  id: Type.Integer(),
  event_id: Nullable(Type.Integer()),
  promoter: Type.Object({ id: Type.Integer(), name: Type.String() }),
  type: Type.Object({ id: Type.Integer(), alias: Type.String(), name: Type.String() }),
  translations: Type.Object({ en: Texts, sv: Texts }),
  price: Type.Number(),
  quantity: Type.Integer(),
  sku: Nullable(Type.String()),
  has_options: Type.Boolean(),
  options: Type.Array(MerchandiseOption),
  max_amount_can_be_sold_in_general: Nullable(Type.Integer()),
  max_amount_can_be_sold_per_option: Nullable(Type.Integer()),
  refundable: Type.Boolean(),
  valid: Type.Boolean(),
  age_restriction: Nullable(Type.Integer()),
  media: Type.Array(MerchandiseMedium),
  created_at: Type.String(),
});
export type MerchandiseDetail = Static<typeof MerchandiseDetail>;

/** Activate / Deactivate (001 §9: valid 1 or 0). */
export const MerchandiseStatusBody = Type.Object({ valid: Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]) });
export type MerchandiseStatusBody = Static<typeof MerchandiseStatusBody>;

export const MerchandiseItemParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  merchandiseId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type MerchandiseItemParams = Static<typeof MerchandiseItemParams>;

/** GET api/merchandise: the gift cards (merchandise of the gift_card type sold outside an event). */
export const GiftCardSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  promoter: Type.Object({ id: Type.Integer(), name: Type.String() }),
  price: Type.Number(),
  quantity: Type.Integer(),
  valid: Type.Boolean(),
  image_url: Nullable(Type.String()),
  created_at: Type.String(),
});
export type GiftCardSummary = Static<typeof GiftCardSummary>;
export const GiftCardList = Type.Object({ collection: Type.Array(GiftCardSummary), count: Type.Integer() });
export type GiftCardList = Static<typeof GiftCardList>;
export const GiftCardListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type GiftCardListQuery = Static<typeof GiftCardListQuery>;
