import { Type, type Static } from 'typebox';
import { Nullable } from './events';

/** Ticket types of an event (000 §3); ages null = no limit; prices in SEK. */
export const TicketType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  default: Type.Boolean(),
  kids: Type.Boolean(),
  age_from: Nullable(Type.Integer()),
  age_to: Nullable(Type.Integer()),
  min: Type.Integer(),
  max: Nullable(Type.Integer()),
  /** The lowest price set for this type, SEK; null while unpriced. */
  original_price: Nullable(Type.Number()),
  has_price: Type.Boolean(),
});
export type TicketType = Static<typeof TicketType>;

export const TicketTypeList = Type.Object({ collection: Type.Array(TicketType), count: Type.Integer() });
export type TicketTypeList = Static<typeof TicketTypeList>;

const Age = Type.Optional(Nullable(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])));

/** POST api/events/{id}/ticket-types and PUT …/{tid}: one type (the form saves its rows one at a time). */
export const TicketTypeBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  default: Type.Boolean(),
  kids: Type.Boolean(),
  age_from: Age,
  age_to: Age,
  min: Type.Optional(Type.Integer({ minimum: 0 })),
  max: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
});
export type TicketTypeBody = Static<typeof TicketTypeBody>;

/** GET api/dictionary/ticket-types: the suggested rows of a new event's form. */
export const TicketTypeTemplate = Type.Object({
  name: Type.String(),
  default: Type.Boolean(),
  kids: Type.Boolean(),
  age_from: Nullable(Type.Integer()),
  age_to: Nullable(Type.Integer()),
});
export type TicketTypeTemplate = Static<typeof TicketTypeTemplate>;
export const TicketTypeTemplateList = Type.Object({ collection: Type.Array(TicketTypeTemplate), count: Type.Integer() });
export type TicketTypeTemplateList = Static<typeof TicketTypeTemplateList>;
