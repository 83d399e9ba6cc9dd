import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/**
 * GET api/users: promoters' users for the admin's promoter select, scanner users for connecting events, and the
 * admin's users screen (002 §2): any type, a search (name, email, or a phone normalised as 002 §5 says) and a status
 * (`active` when not given, as the first callers expect; `any` = every status but deleted).
 */
export const UserListQuery = Type.Object({
  type: Type.Optional(OneOf(['attendee', 'promoter', 'corporate', 'scanner', 'admin', 'boxoffice'])),
  search: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\x00]*$' })),
  status: Type.Optional(OneOf(['active', 'inactive', 'unregistered', 'any'])),
  promoter_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserSummary = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  promoter: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  phone: Type.Optional(Nullable(Type.String())),
  status: Type.Optional(Type.String()),
  /** Beyond the spec: the last successful sign-in (null: never). */
  last_sign_in_at: Type.Optional(Nullable(Type.String())),
});
export type UserSummary = Static<typeof UserSummary>;
export const UserList = Type.Object({ collection: Type.Array(UserSummary), count: Type.Integer() });
export type UserList = Static<typeof UserList>;

/** GET/POST api/users/{id}/events: the events a scanner user is connected to. POST connects more (idempotent). */
export const UserEventsBody = Type.Object({ events: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }) });
export type UserEventsBody = Static<typeof UserEventsBody>;
export const UserEvents = Type.Object({
  collection: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  count: Type.Integer(),
});
export type UserEvents = Static<typeof UserEvents>;
