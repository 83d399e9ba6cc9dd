import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/**
 * Staff of a promoter (002 §2, §3, §7): scanner-app users, box-office users and affiliates. Lists answer
 * `{collection, count}`; a promoter's lists are scoped to their own promoter whatever the query says.
 */
const Text = (max = 200) => Type.String({ maxLength: max });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const StaffStatus = OneOf(['active', 'inactive']);

export const StaffListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
  promoter: Type.Optional(Id),
  status: Type.Optional(StaffStatus),
});
export type StaffListQuery = Static<typeof StaffListQuery>;

const PromoterRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const StaffUser = Type.Object({
  id: Type.Integer(),
  type: OneOf(['scanner', 'boxoffice']),
  name: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  status: Type.String(),
  promoter: PromoterRef,
});
export type StaffUser = Static<typeof StaffUser>;
export const StaffUserList = Type.Object({ collection: Type.Array(StaffUser), count: Type.Integer() });
export type StaffUserList = Static<typeof StaffUserList>;

/**
 * Create or update a scanner or box-office user (002 §7): promoter (admin only; `promoter_id` accepted as the spec's
 * box-office update names it), the names, phone, email and an optional password with its confirmation.
 */
export const StaffUserBody = Type.Object({
  promoter: Type.Optional(Nullable(Id)),
  promoter_id: Type.Optional(Nullable(Id)),
  name: Type.Optional(Nullable(Text())),
  first_name: Type.Optional(Nullable(Text())),
  last_name: Type.Optional(Nullable(Text())),
  phone: Type.Optional(Nullable(Text(40))),
  email: Type.Optional(Nullable(Text(320))),
  password: Type.Optional(Nullable(Text(200))),
  password_confirmation: Type.Optional(Nullable(Text(200))),
});
export type StaffUserBody = Static<typeof StaffUserBody>;

export const Affiliate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  promoter: PromoterRef,
  link_short_name: Type.String(),
  primary_color: Type.String(),
  /** The logo's public URL (/api/media/{id}/{key}), or null. */
  logo: Nullable(Type.String()),
  status: Type.String(),
  /** Whether the caller may change the colour and logo: an admin always, a promoter's staff when their promoter can_apply_own_branding. */
  can_apply_branding: Type.Boolean(),
});
export type Affiliate = Static<typeof Affiliate>;
export const AffiliateList = Type.Object({ collection: Type.Array(Affiliate), count: Type.Integer() });
export type AffiliateList = Static<typeof AffiliateList>;

export const AffiliateCreateBody = Type.Object({
  promoter: Type.Optional(Nullable(Id)),
  name: Type.Optional(Nullable(Text())),
  link_short_name: Type.Optional(Nullable(Text(100))),
  primary_color: Type.Optional(Nullable(Text(20))),
});
export type AffiliateCreateBody = Static<typeof AffiliateCreateBody>;

/** An event's affiliate links (the event menu's "Event links"): one per active affiliate of the event's promoter. */
export const EventAffiliateLinks = Type.Object({
  collection: Type.Array(Type.Object({
    affiliate: Type.Object({ id: Type.Integer(), name: Type.String(), link_short_name: Type.String(), primary_color: Type.String() }),
    url: Type.String(),
  })),
  count: Type.Integer(),
});
export type EventAffiliateLinks = Static<typeof EventAffiliateLinks>;

/** GET/POST api/users/{id}/events: a scanner's assigned events (002 §3: name, thumbnail, release and start, status). */
export const AssignedEvents = Type.Object({
  collection: Type.Array(Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    thumbnail: Type.Optional(Nullable(Type.String())),
    tickets_release_date: Type.Optional(Type.String()),
    start_date: Type.Optional(Type.String()),
    status: Type.Optional(Type.String()),
  })),
  count: Type.Integer(),
});
export type AssignedEvents = Static<typeof AssignedEvents>;
