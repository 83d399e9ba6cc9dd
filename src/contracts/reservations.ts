import { Tender, TicketReference } from './boxoffice';
import { SeatLeaseMark } from './seatLeases';
import { Type, type Static } from 'typebox';
import { Nullable, OneOf } from './events';

/** Event reservations (001 §3, §7 "Reservations"); docs/reservations.md says where the spec is silent. */
const Text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\x00]*$' });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const BACK_OFFICE_RESERVATION_TYPES = ['guest', 'corporate', 'handicapped', 'known_person', 'vip'] as const;
export const ReservationTypeSchema = OneOf(['guest', 'corporate', 'handicapped', 'known_person', 'vip', 'boxoffice']);

export const ReservationListQuery = Type.Object({
  event: Type.Optional(Id),
  type: Type.Optional(ReservationTypeSchema),
  /** Comma-separated types (001 §9: guest,corporate,handicapped,known_person,vip). */
  types: Type.Optional(Text(200)),
  valid: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  search: Type.Optional(Text(200)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 30 })),
});
export type ReservationListQuery = Static<typeof ReservationListQuery>;

export const ReservationSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  event: Type.Object({ id: Type.Integer(), name: Type.String() }),
  corporate: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  reserved_until: Nullable(Type.String()),
  expired: Type.Boolean(),
  /** The owner (a box-office reservation's user; the box-office list's "User" column). */
  owner: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }))),
  /** Box office: until when the box-office user may sell from it (YYYY-MM-DD HH:mm:ss). */
  validity_date: Type.Optional(Nullable(Type.String())),
  /** 'X of Y ticket(s)': assigned of total valid tickets. */
  tickets: Type.Object({ assigned: Type.Integer(), total: Type.Integer() }),
});
export type ReservationSummary = Static<typeof ReservationSummary>;

const OutOf = Type.Object({ sent: Type.Integer(), total: Type.Integer() });
export const EventReservationList = Type.Object({
  collection: Type.Array(ReservationSummary),
  count: Type.Integer(),
  /** 'Total tickets sent in guest / corporate reservations', each 'X out of Y'. */
  statistics: Type.Object({ guest: OutOf, corporate: OutOf }),
});
export type EventReservationList = Static<typeof EventReservationList>;

export const ReservationList = Type.Object({ collection: Type.Array(ReservationSummary), count: Type.Integer() });
export type ReservationList = Static<typeof ReservationList>;

export const TicketItem = Type.Object({
  id: Type.Integer(),
  type: Type.Literal('ticket'),
  section: Type.String(),
  row: Nullable(Type.String()),
  seat: Nullable(Type.String()),
  general_admission: Type.Boolean(),
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), first_name: Nullable(Type.String()), last_name: Nullable(Type.String()), phone: Nullable(Type.String()) })),
  is_child: Type.Boolean(),
  ticket_type: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** SEK incl VAT. */
  price: Type.Number(),
  valid: Type.Boolean(),
  /** The sub-reservation holding it (001 §3 "Ticket item: sub_reservation"), null when the reservation itself does. */
  sub_reservation: Type.Optional(Nullable(Type.Integer())),
  /** Paid: its price after re-seats (the sale's price + differences paid − differences refunded by re-seats), SEK; null while unpaid. */
  paid: Type.Optional(Nullable(Type.Number())),
});
export type TicketItem = Static<typeof TicketItem>;

export const Reservation = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  status: Type.String(),
  reserved_until: Nullable(Type.String()),
  validity_date: Type.Optional(Nullable(Type.String())),
  expired: Type.Boolean(),
  corporate_id: Nullable(Type.Integer()),
  owner: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  event: Type.Object({ id: Type.Integer(), name: Type.String(), promoter: Type.Object({ id: Type.Integer() }) }),
  items: Type.Array(TicketItem),
  /** Tickets split off to a person (001 §3, 002 §3 "sub_reservations (valid, owner)"): docs/reservations.md. */
  sub_reservations: Type.Array(Type.Object({
    id: Type.Integer(), title: Type.String(), valid: Type.Boolean(),
    owner: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
    items: Type.Array(TicketItem),
  })),
  total_price: Type.Number(),
  /** 001 §3: the service and admin fee items of the reservation and its sub-reservations, SEK incl. VAT. */
  total_fees: Type.Number(),
  /** 001 §3: the VAT percent of its tickets (the event's) and of its fees. */
  ticket_vat: Type.Number(),
  fees_vat: Type.Number(),
  /** 001 §3: the events its tickets admit to: the event first, then a season's included events by start. */
  events: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
  /**
   * A release at the box-office counter (items made invalid on a box-office reservation): how many tickets, and what
   * goes back to the customer in SEK, in all and per tender of the payments refunded (docs/boxoffice.md).
   */
  /**
   * A box-office reservation's answer to PUT api/reservations/{id}: the signed references (QR codes) of its valid
   * tickets, as GET api/boxoffice/reservations/{id}/references lists them (docs/boxoffice.md).
   */
  references: Type.Optional(Type.Array(TicketReference)),
  released: Type.Optional(Type.Object({
    tickets: Type.Integer(),
    refund_amount: Type.Number(),
    tenders: Type.Array(Type.Object({ method: Type.String(), amount: Type.Number() })),
  })),
});
export type Reservation = Static<typeof Reservation>;

/** YYYY-MM-DD HH:mm:ss (001 §9). */
const Moment = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$' });

/**
 * Create: a back-office reservation needs title, type and reserved_until ('Required!'); a box-office one (type
 * boxoffice) needs owner ('User is required'), validity_date and a description holding {"extra_fee": …}
 * ('Extra Fee is required'); its title defaults to the owner's name. docs/boxoffice.md.
 */
export const CreateReservationBody = Type.Object({
  event: Id,
  title: Type.Optional(Text(255)),
  description: Type.Optional(Text(5000)),
  type: ReservationTypeSchema,
  reserved_until: Type.Optional(Moment),
  validity_date: Type.Optional(Moment),
  owner: Type.Optional(Nullable(Id)),
});
export type CreateReservationBody = Static<typeof CreateReservationBody>;

/** A ticket to reserve: a seat by its map labels, or `count` places of a standing section; `ticket_type` by name. */
export const TicketToReserve = Type.Object({
  section: Text(200),
  row: Type.Optional(Text(100)),
  seat: Type.Optional(Text(100)),
  event: Id,
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
  ticket_type: Type.Optional(Text(100)),
});
export type TicketToReserve = Static<typeof TicketToReserve>;

/**
 * One item of `items` (001 §7): `{id, valid: false}` removes it; `{id, user: {id}, is_child}` assigns it (`user: null`
 * takes it back). In the corporate app a person not registered yet is named by phone (and the names typed in the send
 * modal) instead of an id: the server creates them as an unregistered user (docs/corporates.md).
 */
export const ItemChange = Type.Object({
  id: Id,
  valid: Type.Optional(Type.Literal(false)),
  user: Type.Optional(Nullable(Type.Object({
    id: Type.Optional(Id),
    phone: Type.Optional(Text(40)),
    first_name: Type.Optional(Text(255)),
    last_name: Type.Optional(Text(255)),
  }))),
  is_child: Type.Optional(Type.Boolean()),
});
export type ItemChange = Static<typeof ItemChange>;

/**
 * `sub_reservation {id, items}` (001 §7): without `id` the listed tickets split off into a new sub-reservation (for
 * `owner`, optional); with `id` that sub-reservation holds exactly the listed tickets (the others go back to the
 * reservation); with `id` and no items it is deleted (its tickets go back).
 */
export const SubReservationChange = Type.Object({
  id: Type.Optional(Id),
  owner: Type.Optional(Nullable(Id)),
  title: Type.Optional(Text(255)),
  items: Type.Array(Type.Object({ id: Id }), { maxItems: 5000 }),
});
export type SubReservationChange = Static<typeof SubReservationChange>;

/** Update: one of tickets (reserve), items (remove or assign), sub_reservation, or the details (001 §7). */
export const UpdateReservationBody = Type.Object({
  tickets: Type.Optional(Type.Array(TicketToReserve, { minItems: 1, maxItems: 5000 })),
  /** With tickets on a box-office reservation: how the sale was paid (issue 35); none is recorded as "other". */
  tender: Type.Optional(Tender),
  items: Type.Optional(Type.Array(ItemChange, { minItems: 1, maxItems: 5000 })),
  sub_reservation: Type.Optional(SubReservationChange),
  title: Type.Optional(Text(255)),
  description: Type.Optional(Text(5000)),
  owner: Type.Optional(Nullable(Id)),
  reserved_until: Type.Optional(Moment),
  validity_date: Type.Optional(Moment),
});
export type UpdateReservationBody = Static<typeof UpdateReservationBody>;

export const SeatLabel = Type.Object({ section: Type.String(), row: Nullable(Type.String()), seat: Nullable(Type.String()) });
export type SeatLabel = Static<typeof SeatLabel>;

/** PUT api/reservations/{id}/items/{itemId}/seat: the seat a ticket moves to (re-seat; docs/reservations.md). */
const Label = Type.String({ minLength: 1, maxLength: 200 });
/**
 * How a paid ticket's dearer seat is paid (docs/orders.md "Re-seat"): at the counter a tender (cash with the amount
 * given, card with its reference, other), on the order screen the payment's method; `amount_ore` is the difference the
 * user saw, so a price or fee that changed meanwhile is refused rather than collected silently.
 */
export const ReseatPayment = Type.Object({
  method: Type.Union([Type.Literal('cash'), Type.Literal('card'), Type.Literal('other'), Type.Literal('swish'), Type.Literal('invoice')]),
  amount_ore: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  given_ore: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
  reference: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
}, { additionalProperties: false });
export type ReseatPayment = Static<typeof ReseatPayment>;
export const ReseatBody = Type.Object({ section: Label, row: Label, seat: Label, payment: Type.Optional(ReseatPayment) }, { additionalProperties: false });
export type ReseatBody = Static<typeof ReseatBody>;

export const ServiceFeeQuery = Type.Object({ promoter: Type.Optional(Id) });
export const ServiceFeeList = Type.Object({
  collection: Type.Array(Type.Object({ id: Type.Integer(), fixed: Type.Number(), price_min: Type.Number(), price_max: Nullable(Type.Number()) })),
});
export type ServiceFeeList = Static<typeof ServiceFeeList>;

export const SeatStatesQuery = Type.Object({ since: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })) });
/** A seat (by the map's seat index) or a standing section whose state changed; `taken` is its state now. */
export const SeatStateChange = Type.Object({
  section_id: Type.Integer(),
  seat_index: Nullable(Type.Integer()),
  taken: Type.Integer(),
  /**
   * A seat in a running lease: whose (the counter's reservation and name) and until when (issue 35). In a season family
   * also a lease of the season or an included event: the seat is that counter's on this map too.
   */
  leased: Type.Optional(Nullable(SeatLeaseMark)),
  /**
   * True when the seat is taken because its season family holds it (001 §3 `seasonal_child`): in an included event,
   * the season's ticket holds it; in a season, an included event has it. Absent when the event's own item takes it,
   * or the seat is free.
   */
  season: Type.Optional(Type.Boolean()),
});
export const SeatStates = Type.Object({ version: Type.Integer(), changed: Type.Array(SeatStateChange), reload: Type.Boolean() });
export type SeatStates = Static<typeof SeatStates>;

export const CorporateOptions = Type.Object({ collection: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) });
export type CorporateOptions = Static<typeof CorporateOptions>;

export const RESERVATION_MESSAGES = {
  deleted: 'Reservation deleted.',
  cannotDelete: "Can't delete reservation. Check if tickets are still assigned.",
  seatTaken: 'Seat is already taken, please select a new seat.',
  cannotReserve: "Seat can't be reserved",
} as const;
