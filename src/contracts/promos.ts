import { Type, type Static } from 'typebox';
import { DISCOUNT_TYPES, PROMO_ITEM_TYPES, PROMO_MODES, PROMO_TYPES } from '../domain/promoCodes';
import { Nullable, OneOf } from './events';

/**
 * Promo codes (discounts) and ombuds (002 §3, §7). Numbers of the promo form may arrive as numbers or text: the
 * server reads them with the same rules as the form (src/domain/promoCodes.ts) and answers the spec's messages.
 */
// Bodies are validated without coercion (docs/security.md): a number, its text as typed, or null — the domain reads
// them alike, with the form's messages.
const NumberText = Type.Unsafe<number | string | null>({ anyOf: [{ type: 'string', maxLength: 40 }, { type: 'number' }, { type: 'null' }] });
const IdRef = Type.Unsafe<number | string | null>({ anyOf: [{ type: 'string', maxLength: 20 }, { type: 'integer', minimum: 0 }, { type: 'null' }] });

export const PromoBody = Type.Object({
  event: Type.Optional(IdRef),
  promo_code: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  promoter: Type.Optional(IdRef),
  name: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  type: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  item_type: Type.Optional(OneOf(PROMO_ITEM_TYPES)),
  value: Type.Optional(NumberText),
  discount_type: Type.Optional(Nullable(OneOf(DISCOUNT_TYPES))),
  max_usages: Type.Optional(NumberText),
  max_person_items: Type.Optional(NumberText),
  person_usages: Type.Optional(NumberText),
  expire_date: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  min_tickets: Type.Optional(NumberText),
  min_kids: Type.Optional(NumberText),
  data: Type.Optional(
    Nullable(
      Type.Object({
        calculation: Type.Optional(Nullable(Type.Object({ x: Type.Optional(NumberText), y: Type.Optional(NumberText) }))),
        merchandises: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
      }),
    ),
  ),
  active: Type.Optional(Type.Boolean()),
});
export type PromoBody = Static<typeof PromoBody>;

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

export const Promo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  promo_code: Type.String(),
  promoter: Named,
  event: Nullable(Named),
  item_type: OneOf(PROMO_ITEM_TYPES),
  type: OneOf(PROMO_TYPES),
  value: Type.Number(),
  discount_type: OneOf(DISCOUNT_TYPES),
  min_tickets: Nullable(Type.Integer()),
  min_kids: Nullable(Type.Integer()),
  data: Type.Object({
    calculation: Type.Optional(Nullable(Type.Object({ x: Type.Optional(Nullable(Type.Number())), y: Type.Optional(Nullable(Type.Number())) }))),
    merchandises: Type.Optional(Type.Array(Type.Unknown())),
  }),
  max_usages: Nullable(Type.Integer()),
  max_person_items: Nullable(Type.Integer()),
  person_usages: Nullable(Type.Integer()),
  expire_date: Nullable(Type.String()),
  active: Type.Boolean(),
  usages_count: Type.Integer(),
  usages_count_extended: Type.Integer(),
  /** The discount mode of 002 §4, derived from the saved fields. */
  mode: OneOf(PROMO_MODES),
});
export type Promo = Static<typeof Promo>;

export const PromoList = Type.Object({ collection: Type.Array(Promo), count: Type.Integer() });
export type PromoList = Static<typeof PromoList>;

export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
  promoter: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type ListQuery = Static<typeof ListQuery>;

/** The choices of the promo and ombud forms: promoters (admin: all, promoter: own), their events and codes. */
export const PromoOptions = Type.Object({
  promoters: Type.Array(Named),
  events: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), promoter_id: Type.Integer() })),
  discounts: Type.Array(Type.Object({ id: Type.Integer(), promo_code: Type.String(), name: Type.String(), promoter_id: Type.Integer() })),
});
export type PromoOptions = Static<typeof PromoOptions>;

export const OmbudBody = Type.Object({
  promoter: Type.Optional(IdRef),
  attendee: Type.Optional(IdRef),
  /** DD.MM.YYYY (002 §9). */
  selectedDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  discount: Type.Optional(IdRef),
});
export type OmbudBody = Static<typeof OmbudBody>;

export const Person = Type.Object({ id: Type.Integer(), name: Type.String(), phone: Nullable(Type.String()), email: Nullable(Type.String()) });
export type Person = Static<typeof Person>;

export const Ombud = Type.Object({
  id: Type.Integer(),
  promoter: Named,
  attendee: Person,
  discount: Nullable(
    Type.Object({
      id: Type.Integer(),
      promo_code: Type.String(),
      value: Type.Number(),
      type: Type.String(),
      expire_date: Nullable(Type.String()),
      usages_count: Type.Integer(),
      active: Type.Boolean(),
    }),
  ),
  selectedDate: Nullable(Type.String()),
});
export type Ombud = Static<typeof Ombud>;
export const OmbudList = Type.Object({ collection: Type.Array(Ombud), count: Type.Integer() });
export type OmbudList = Static<typeof OmbudList>;

export const PersonSearchQuery = Type.Object({ search: Type.String({ minLength: 1, maxLength: 100 }) });
export const PersonList = Type.Object({ collection: Type.Array(Person), count: Type.Integer() });
export type PersonList = Static<typeof PersonList>;
