import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/** Text that goes to the database: bounded, never a NUL character. */
const Text = (maxLength = 200) => Type.String({ maxLength, pattern: '^[^\\u0000]*$' });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** GET api/corporate (002 §7): `promoter`, `page`, `perPage`; answers `{data: {items, total}}`. */
export const CorporateListQuery = Type.Object({
  promoter: Type.Optional(Id),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
});
export type CorporateListQuery = Static<typeof CorporateListQuery>;

/** A corporate account (002 §3 "Corporate user", with the Gift Cards list's fields). */
export const Corporate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  corporate_name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  status: Type.Object({ status: Type.String() }),
  isActive: Type.Boolean(),
  promoter_id: Type.Integer(),
  promoter: Type.Object({ id: Type.Integer(), name: Type.String() }),
  createdAt: Type.Object({ date: Type.String() }),
});
export type Corporate = Static<typeof Corporate>;

export const CorporateList = Type.Object({ data: Type.Object({ items: Type.Array(Corporate), total: Type.Integer() }) });
export type CorporateList = Static<typeof CorporateList>;

/** POST api/corporate and PUT api/corporate/{id} (002 §5 "Corporate form"); the server checks with validateCorporateForm. */
export const CorporateBody = Type.Object({
  promoter: Type.Optional(Nullable(Id)),
  corporate_name: Type.Optional(Nullable(Text())),
  first_name: Type.Optional(Nullable(Text())),
  last_name: Type.Optional(Nullable(Text())),
  phone: Type.Optional(Nullable(Text(40))),
  email: Type.Optional(Nullable(Text())),
  password: Type.Optional(Nullable(Text(200))),
});
export type CorporateBody = Static<typeof CorporateBody>;

/** Ticket counts of a corporate reservation: sent to people, not sent yet, returned by their receivers. */
export const TicketCounts = Type.Object({ total: Type.Integer(), sent: Type.Integer(), unsent: Type.Integer(), returned: Type.Integer() });
export type TicketCounts = Static<typeof TicketCounts>;

/** A corporate reservation in lists (002 §3 "Corporate reservation", 001 §3 "Reservation"). */
export const CorporateReservation = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  created_at: Type.String(),
  event: Type.Object({ id: Type.Integer(), name: Type.String(), start_date: Type.String() }),
  tickets: TicketCounts,
  /** Held until (YYYY-MM-DD HH:mm, Stockholm); null when the reservation has no end. */
  reserved_until: Type.Union([Type.String(), Type.Null()]),
  /** Its hold has ended: its seats are free again and its tickets can no longer be sent (docs/corporates.md). */
  hold_ended: Type.Boolean(),
});
export type CorporateReservation = Static<typeof CorporateReservation>;

export const CorporateReservationList = Type.Object({ collection: Type.Array(CorporateReservation), count: Type.Integer() });
export type CorporateReservationList = Static<typeof CorporateReservationList>;

export const ReservationListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
});
export type ReservationListQuery = Static<typeof ReservationListQuery>;

/** A person a ticket can be sent to (001 §3 "Ticket item: user"). */
export const TicketUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  phone: Type.String(),
  status: Type.String(),
});
export type TicketUser = Static<typeof TicketUser>;

/** A ticket of a reservation (001 §3 "Ticket item"), with the labels of its place. */
export const TicketItem = Type.Object({
  id: Type.Integer(),
  type: Type.Literal('ticket'),
  section: Type.String(),
  row: Nullable(Type.String()),
  seat: Nullable(Type.String()),
  general_admission: Type.Boolean(),
  ticket_type: Nullable(Type.String()),
  is_child: Type.Boolean(),
  valid: Type.Boolean(),
  user: Nullable(TicketUser),
  /**
   * The newest message about this ticket to its holder (the SMS of a send, docs/outbox.md): whether it left the
   * server. Null when the ticket was never sent, or was sent before messages were linked to their tickets.
   */
  message: Type.Optional(Nullable(Type.Object({
    channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('social')]),
    status: Type.Union([Type.Literal('queued'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]),
    transport: Nullable(Type.String()),
    attempts: Type.Integer(),
    last_error: Nullable(Type.String()),
  }))),
});
export type TicketItem = Static<typeof TicketItem>;

/** GET api/corporate-app/reservations/{id}: one reservation of the signed-in corporate with its tickets. */
export const CorporateReservationDetail = Type.Object({
  ...CorporateReservation.properties,
  kids_allowed: Type.Boolean(),
  items: Type.Array(TicketItem),
});
export type CorporateReservationDetail = Static<typeof CorporateReservationDetail>;

/** GET api/events/{id}/tickets/friend?phone= (001 §7): digits only; answers the person or 404. */
export const FriendQuery = Type.Object({ phone: Type.String({ maxLength: 40 }) });
export const FriendResult = Type.Object({
  user: TicketUser,
  /** Why this person cannot receive the event's tickets (the promoter's blacklist), or null: shown before Send. */
  refusal: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type FriendResult = Static<typeof FriendResult>;

/** GET api/corporate-ticket-holders?corporate_id=&reservation_id= (001 §7): who holds which ticket. */
export const TicketHoldersQuery = Type.Object({ corporate_id: Type.Optional(Id), reservation_id: Type.Optional(Id) });
export const TicketHolders = Type.Object({
  collection: Type.Array(Type.Object({ item_id: Type.Integer(), reservation_id: Type.Integer(), is_child: Type.Boolean(), user: TicketUser })),
  count: Type.Integer(),
});
export type TicketHolders = Static<typeof TicketHolders>;

export const CorporateDetails = Type.Object({
  id: Type.Integer(),
  corporate_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});
export type CorporateDetails = Static<typeof CorporateDetails>;

export const CorporateStatusBody = Type.Object({ status: Type.Union([Type.Literal(0), Type.Literal(1), OneOf(['active', 'inactive'])]) });
