import { Type, type Static } from 'typebox';

/** Platform settings: admin fee in SEK (2 decimals), refund fee in percent. */
export const PlatformSettings = Type.Object({
  admin_fee: Type.Number({ minimum: 0 }),
  refund_fee: Type.Number({ minimum: 0, maximum: 100 }),
});
export type PlatformSettings = Static<typeof PlatformSettings>;
