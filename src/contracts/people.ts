import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/** Text that goes to the database: bounded, without NUL. */
const Text = (maxLength = 255) => Type.String({ maxLength, pattern: '^[^\\x00]*$' });
const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Page = { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, default: 1 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })) };

export const USER_TYPES = ['attendee', 'promoter', 'corporate', 'scanner', 'admin', 'boxoffice'] as const;
export const USER_STATUSES = ['active', 'inactive', 'unregistered', 'deleted'] as const;

/** One user as the users screens show it (002 §2, §3). */
export const UserDetail = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.String(),
  name: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  country: Nullable(Type.String()),
  register_type: Nullable(Type.String()),
  promoter_id: Nullable(Type.Integer()),
  promoter: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
  /** Beyond the spec: the last successful sign-in (null: never). */
  last_sign_in_at: Nullable(Type.String()),
});
export type UserDetail = Static<typeof UserDetail>;

/** PUT api/users/{id}: the attendee inline edit (phone; a password only for document-registered users). */
export const UserUpdateBody = Type.Object({
  phone: Type.Optional(Nullable(Text(40))),
  password: Type.Optional(Text(200)),
  password_confirmation: Type.Optional(Text(200)),
});
export type UserUpdateBody = Static<typeof UserUpdateBody>;

/** PUT api/users/{id}/status: 'active'|'inactive', or 1|0 (the corporates' Cancel Access, API-NOTES). */
export const UserStatusBody = Type.Object({
  status: Type.Union([OneOf(['active', 'inactive']), Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]),
});
export type UserStatusBody = Static<typeof UserStatusBody>;
export const UserStatusResult = Type.Object({ id: Type.Integer(), status: Type.String(), isActive: Type.Boolean() });
export type UserStatusResult = Static<typeof UserStatusResult>;

/** Promoters (002 §2, §3, §5). */
export const PromoterListQuery = Type.Object({ ...Page, search: Type.Optional(Text(100)), status: Type.Optional(OneOf(['active', 'inactive'])) });
export type PromoterListQuery = Static<typeof PromoterListQuery>;

export const ServiceFeeRow = Type.Object({
  price_min: Type.Number(),
  price_max: Nullable(Type.Number()),
  fixed: Type.Number(),
});
export type ServiceFeeRow = Static<typeof ServiceFeeRow>;

export const Promoter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  organization_number: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  postcode: Nullable(Type.String()),
  country: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  can_download_emails: Type.Boolean(),
  can_apply_own_branding: Type.Boolean(),
  status: Type.String(),
  created_at: Type.String(),
  /** The promoter's own sign-in account (its first and last name live there). */
  user: Nullable(Type.Object({ id: Type.Integer(), first_name: Nullable(Type.String()), last_name: Nullable(Type.String()), email: Nullable(Type.String()) })),
});
export type Promoter = Static<typeof Promoter>;
export const PromoterList = Type.Object({ collection: Type.Array(Promoter), count: Type.Integer() });
export type PromoterList = Static<typeof PromoterList>;

/** POST api/promoters, PUT api/promoters/{id}. Fields are loose here; the domain validator gives the spec's messages. */
export const PromoterBody = Type.Object({
  name: Type.Optional(Nullable(Text())),
  first_name: Type.Optional(Nullable(Text())),
  last_name: Type.Optional(Nullable(Text())),
  organization_number: Type.Optional(Nullable(Text(40))),
  address: Type.Optional(Nullable(Text())),
  city: Type.Optional(Nullable(Text(100))),
  postcode: Type.Optional(Nullable(Text(20))),
  country: Type.Optional(Nullable(Text(100))),
  phone: Type.Optional(Nullable(Text(40))),
  email: Type.Optional(Nullable(Text(320))),
  password: Type.Optional(Nullable(Text(200))),
  password_confirmation: Type.Optional(Nullable(Text(200))),
  can_download_emails: Type.Optional(Type.Boolean()),
  can_apply_own_branding: Type.Optional(Type.Boolean()),
});
export type PromoterBody = Static<typeof PromoterBody>;

export const PromoterStatusBody = Type.Object({ status: OneOf(['active', 'inactive']) });
export type PromoterStatusBody = Static<typeof PromoterStatusBody>;

/** GET api/service-fees?promoter={id} and POST api/promoters/{id}/service-fees/batch (SEK numbers). */
export const ServiceFeeList = Type.Object({ collection: Type.Array(Type.Object({ id: Type.Integer(), price_min: Type.Number(), price_max: Nullable(Type.Number()), fixed: Type.Number() })), count: Type.Integer() });
export type ServiceFeeList = Static<typeof ServiceFeeList>;
// Text as typed, a number, or null (blank): bodies are validated without coercion, and the fee rules read all three.
const FeeValue = Type.Union([Text(40), Type.Number(), Type.Null()]);
export const ServiceFeesBatchBody = Type.Object({
  fees: Type.Array(Type.Object({ price_min: Type.Optional(FeeValue), price_max: Type.Optional(FeeValue), fixed: Type.Optional(FeeValue) }), { maxItems: 100 }),
});
export type ServiceFeesBatchBody = Static<typeof ServiceFeesBatchBody>;

/** Blacklist (002 §2, §3, §7). */
export const BlacklistQuery = Type.Object({ ...Page, promoter: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) });
export type BlacklistQuery = Static<typeof BlacklistQuery>;
export const BlacklistEntry = Type.Object({
  id: Type.Integer(),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Nullable(Type.String()), email: Nullable(Type.String()) }),
  promoter: Type.Object({ id: Type.Integer(), name: Type.String() }),
  expire_date: Type.String(),
  created_at: Type.String(),
  active: Type.Boolean(),
});
export type BlacklistEntry = Static<typeof BlacklistEntry>;
export const BlacklistList = Type.Object({ collection: Type.Array(BlacklistEntry), count: Type.Integer() });
export type BlacklistList = Static<typeof BlacklistList>;
export const BlacklistCreateBody = Type.Object({
  promoter: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  user: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  expire_date: Type.Optional(Nullable(Text(20))),
});
export type BlacklistCreateBody = Static<typeof BlacklistCreateBody>;
export const BlacklistUpdateBody = Type.Object({ expire_date: Type.Optional(Nullable(Text(20))) });
export type BlacklistUpdateBody = Static<typeof BlacklistUpdateBody>;
/** GET api/blacklists/candidates?search=: the people the 'Add User' modal can choose. */
export const BlacklistCandidatesQuery = Type.Object({ search: Text(100) });
export type BlacklistCandidatesQuery = Static<typeof BlacklistCandidatesQuery>;
export const BlacklistCandidates = Type.Object({
  collection: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), phone: Nullable(Type.String()), email: Nullable(Type.String()) })),
});
export type BlacklistCandidates = Static<typeof BlacklistCandidates>;
export { IsoDay };
