import { Type, type Static } from 'typebox';

/** The highest price a ticket type may have, SEK (the price fields clamp to it). */
export const MAX_PRICE_SEK = 1_000_000;

/** Prices in SEK by ticket-type name; `{}` releases (empties) the prices. */
export const PriceMap = Type.Record(Type.String({ maxLength: 100 }), Type.Number({ minimum: 0, maximum: MAX_PRICE_SEK }));
export type PriceMap = Static<typeof PriceMap>;

export const SeatRef = Type.Object({
  section: Type.String({ maxLength: 200 }),
  row: Type.String({ maxLength: 50 }),
  seat: Type.String({ maxLength: 50 }),
});
export type SeatRef = Static<typeof SeatRef>;

/**
 * POST api/events/{id}/prices, one of (API-NOTES.md): seats with their prices; a whole seated section; a
 * general-admission section with its number of tickets (`seats_count: 0` releases it).
 */
export const PricesBody = Type.Union([
  Type.Object({ seats: Type.Array(Type.Intersect([SeatRef, Type.Object({ prices: PriceMap })]), { minItems: 1, maxItems: 250_000 }) }),
  Type.Object({ section: Type.String({ maxLength: 200 }), seats_count: Type.Integer({ minimum: 0 }), prices: PriceMap }),
  Type.Object({ section: Type.String({ maxLength: 200 }), prices: PriceMap }),
]);
export type PricesBody = Static<typeof PricesBody>;

export const PricesResponse = Type.Object({
  message: Type.String(),
  /** Seats (or GA places) whose prices changed. */
  changed: Type.Integer(),
  /**
   * A whole section hidden ("Hide all") or released: its seats sold, reserved or held, left as they are (open, with
   * their prices). Absent when the request named seats one by one (a taken one is refused there).
   */
  kept: Type.Optional(Type.Integer()),
});
export type PricesResponse = Static<typeof PricesResponse>;

export const HideSeatsBody = Type.Union([
  Type.Object({ action: Type.Union([Type.Literal('hide'), Type.Literal('unhide')]), seats: Type.Array(SeatRef, { minItems: 1, maxItems: 250_000 }) }),
  Type.Object({ action: Type.Union([Type.Literal('hide'), Type.Literal('unhide')]), section: Type.String({ maxLength: 200 }) }),
]);
export type HideSeatsBody = Static<typeof HideSeatsBody>;

export const PricableGaSection = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  places: Type.Integer(),
  seats_count: Type.Integer(),
  prices: PriceMap,
});
export const PricableGaSections = Type.Object({ collection: Type.Array(PricableGaSection) });
export type PricableGaSections = Static<typeof PricableGaSections>;
