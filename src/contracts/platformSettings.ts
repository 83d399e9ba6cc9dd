import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/** Platform settings beyond fees (002 §2 "Settings", §3, §7): default service fees, VAT categories, forget user, FAQ. */

const Sek = Type.Number({ minimum: 0, maximum: 20_000_000 });

export const DefaultServiceFee = Type.Object({
  id: Type.Integer(),
  ticketPriceMin: Type.Number(),
  /** null: open upwards. */
  ticketPriceMax: Nullable(Type.Number()),
  fee: Type.Number(),
});
export type DefaultServiceFee = Static<typeof DefaultServiceFee>;
export const DefaultServiceFeeList = Type.Object({ collection: Type.Array(DefaultServiceFee), count: Type.Integer() });
export type DefaultServiceFeeList = Static<typeof DefaultServiceFeeList>;
export const DefaultServiceFeeBody = Type.Object({ ticketPriceMin: Sek, ticketPriceMax: Type.Optional(Nullable(Sek)), fee: Sek });
export type DefaultServiceFeeBody = Static<typeof DefaultServiceFeeBody>;

export const VAT_ITEM_TYPES = ['ticket', 'merchandise', 'fee'] as const;
export const VatCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category: Type.String(),
  item_type: OneOf(VAT_ITEM_TYPES),
  vat: Type.Number(),
});
export type VatCategory = Static<typeof VatCategory>;
export const VatCategoryList = Type.Object({ collection: Type.Array(VatCategory), count: Type.Integer() });
export type VatCategoryList = Static<typeof VatCategoryList>;
export const VatCategoryBody = Type.Object({ vat: Type.Number({ minimum: 0, maximum: 100 }) });
export type VatCategoryBody = Static<typeof VatCategoryBody>;

export const UserIdParams = Type.Object({ userId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
/** The forget-user schedule: execute_date `YYYY-MM-DD HH:mm:ss` (null: nothing scheduled). */
/** GET (or POST) api/forget-me/user/{userId}: the erasure as scheduled (002 §7: "params with execute_date and user_id"). */
/** Days between a forget-user request and the erasure (002 §4 "requested, then scheduled"; see docs/promos.md). */
export const FORGET_DELAY_DAYS = 30;

export const ForgetSchedule = Type.Object({
  user_id: Type.Integer(),
  /** Swedish wall-clock time, "YYYY-MM-DD HH:MM:SS". */
  execute_date: Type.String(),
  executed: Type.Boolean(),
  /** The same two fields as the spec names them. */
  params: Type.Object({ user_id: Type.Integer(), execute_date: Type.String() }),
});
export type ForgetSchedule = Static<typeof ForgetSchedule>;

/** Forget user's search: each attendee with the date their erasure is scheduled for, while it can still be cancelled. */
export const ForgetCandidate = Type.Object({
  id: Type.Integer(), name: Type.String(), phone: Nullable(Type.String()), email: Nullable(Type.String()),
  /** Swedish wall-clock time, "YYYY-MM-DD HH:MM:SS"; null when no erasure is pending. */
  erasure_date: Nullable(Type.String()),
});
export type ForgetCandidate = Static<typeof ForgetCandidate>;
export const ForgetCandidateList = Type.Object({ collection: Type.Array(ForgetCandidate), count: Type.Integer() });
export type ForgetCandidateList = Static<typeof ForgetCandidateList>;

export const FAQ_PLATFORMS = ['app', 'event_manager'] as const;
export const FAQ_LANGUAGES = ['en', 'sv'] as const;
export const FaqTranslation = Type.Object({
  language: OneOf(FAQ_LANGUAGES),
  title: Type.String({ maxLength: 500 }),
  /** Rich text (a small HTML subset, cleaned by the server). */
  description: Type.String({ maxLength: 50_000 }),
});
export type FaqTranslation = Static<typeof FaqTranslation>;
export const FaqItem = Type.Object({
  id: Type.Integer(),
  platform: OneOf(FAQ_PLATFORMS),
  position: Type.Integer(),
  /** `YYYY-MM-DD HH:mm:ss`, shown as MM/DD/YYYY HH:MM. */
  created_at: Type.String(),
  updated_at: Type.String(),
  translations: Type.Array(FaqTranslation),
});
export type FaqItem = Static<typeof FaqItem>;
export const FaqList = Type.Object({ collection: Type.Array(FaqItem), count: Type.Integer() });
export type FaqList = Static<typeof FaqList>;
export const FaqBody = Type.Object({
  platform: OneOf(FAQ_PLATFORMS),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  translations: Type.Array(FaqTranslation, { maxItems: 2 }),
});
export type FaqBody = Static<typeof FaqBody>;
export const FaqQuery = Type.Object({ platform: Type.Optional(OneOf(FAQ_PLATFORMS)) });
