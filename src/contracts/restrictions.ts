import { Type, type Static } from 'typebox';
import { SELL_ON_MARKET_OPTIONS, SELL_TO_FRIEND_OPTIONS } from '../domain/restrictions';
import { Nullable, OneOf } from './events';

/** GET api/events/{id}/restrictions (000 §3 "Restrictions"); QR times in seconds. */
export const Restrictions = Type.Object({
  max_number_tickets: Nullable(Type.Integer()),
  sell_on_market: OneOf(SELL_ON_MARKET_OPTIONS),
  sell_to_friend: OneOf(SELL_TO_FRIEND_OPTIONS),
  resell_in_group: Type.Boolean(),
  resell_max_percent: Type.Integer(),
  age_restriction: Type.Integer(),
  kids_allowed: Type.Boolean(),
  reservation_time: Type.Integer(),
  qr_first_generation_time: Type.Integer(),
  qr_inevent_showing_time: Nullable(Type.Integer()),
  restrictions_confirmed: Type.Boolean(),
});
export type Restrictions = Static<typeof Restrictions>;

/** PUT api/events/{id}/restrictions: what src/domain/restrictions.ts `restrictionsPayload` builds. */
export const RestrictionsBody = Type.Object({
  max_number_tickets: Nullable(Type.Integer({ minimum: 0, maximum: 100000 })),
  sell_on_market: OneOf(SELL_ON_MARKET_OPTIONS),
  sell_to_friend: OneOf(SELL_TO_FRIEND_OPTIONS),
  resell_in_group: Type.Boolean(),
  resell_max_percent: Type.Integer({ minimum: 0 }),
  age_restriction: Type.Integer({ minimum: 0, maximum: 150 }),
  kids_allowed: Type.Boolean(),
  reservation_time: Type.Integer({ minimum: 0, maximum: 100000 }),
  restrictions_confirmed: Type.Optional(Type.Boolean()),
  /** Admins only. */
  qr_first_generation_time: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000 })),
  qr_inevent_showing_time: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10000000 }))),
});
export type RestrictionsBody = Static<typeof RestrictionsBody>;
