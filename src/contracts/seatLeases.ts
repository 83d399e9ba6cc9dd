import { Type, type Static } from 'typebox';
import { Id } from './common';

/**
 * Seat leases (issue 35, docs/boxoffice.md "Seat leases"): a counter (its box-office reservation) holds a block of
 * seats that every other channel is refused until the lease ends, is handed back or an admin revokes it.
 */
const Label = Type.String({ minLength: 1, maxLength: 200 });

/**
 * Which seats: any of a list of seats, a range of rows of a section (first and last row, in the venue's row order),
 * whole sections, or the N best free seats (the counter's best-available rule) of a section or at a price (the
 * default ticket type's price, öre). `standing` adds a number of places of a standing (general-admission) area. Each
 * part adds places; together they are one all-or-nothing ask.
 */
export const LeaseSelection = Type.Object({
  seats: Type.Optional(Type.Array(Type.Object({ section: Label, row: Label, seat: Label }, { additionalProperties: false }), { maxItems: 20_000 })),
  rows: Type.Optional(Type.Array(Type.Object({ section: Label, from: Label, to: Label }, { additionalProperties: false }), { maxItems: 100 })),
  sections: Type.Optional(Type.Array(Label, { maxItems: 100 })),
  best: Type.Optional(Type.Array(Type.Object({
    count: Type.Integer({ minimum: 1, maximum: 500 }),
    section: Type.Optional(Label),
    price_ore: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  }, { additionalProperties: false }), { maxItems: 20 })),
  standing: Type.Optional(Type.Array(Type.Object({
    section: Label,
    count: Type.Integer({ minimum: 1, maximum: 100_000 }),
  }, { additionalProperties: false }), { maxItems: 50 })),
}, { additionalProperties: false });
export type LeaseSelection = Static<typeof LeaseSelection>;

/** POST api/boxoffice/reservations/{id}/leases: take a lease until `ends_at` (an ISO date-time with its offset). */
export const TakeLeaseBody = Type.Object({ ...LeaseSelection.properties, ends_at: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
export type TakeLeaseBody = Static<typeof TakeLeaseBody>;

export const LeaseParams = Type.Object({ id: Id, lease: Id });

export const LeasedSeat = Type.Object({
  section_id: Type.Integer(),
  section: Type.String(),
  row: Type.String(),
  seat: Type.String(),
  /** The map's index of the seat (the seat map's state arrays are in this order). */
  seat_index: Type.Integer(),
  /** Sold by the counter: it stays sold when the lease ends. */
  sold: Type.Boolean(),
});
export type LeasedSeat = Static<typeof LeasedSeat>;

/** Places of a standing area in a lease: leased, sold by the counter, and left (unsold: nobody else can take them). */
export const LeasedStanding = Type.Object({
  section_id: Type.Integer(),
  section: Type.String(),
  places: Type.Integer(),
  sold: Type.Integer(),
  left: Type.Integer(),
});
export type LeasedStanding = Static<typeof LeasedStanding>;

export const SeatLease = Type.Object({
  id: Type.Integer(),
  event_id: Type.Integer(),
  /** The counter: its box-office reservation, and its name ("Counter 2"). */
  reservation_id: Type.Integer(),
  counter: Type.String(),
  holder: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** ISO 8601, UTC. */
  ends_at: Type.String(),
  created_at: Type.String(),
  /** Leased seats not yet sold. */
  seats_left: Type.Integer(),
  seats: Type.Array(LeasedSeat),
  /** Standing places in the lease, per area. */
  standing: Type.Array(LeasedStanding),
  /** The counter's Ed25519 public key (base64url): a scanner checks offline-sold tickets with it (docs/boxoffice.md). */
  counter_key: Type.Union([Type.String(), Type.Null()]),
});
export type SeatLease = Static<typeof SeatLease>;

/**
 * GET api/events/{id}/seat-leases: the event's running leases, and those of the events sharing its seats (a season and
 * its included events; `event_id` says whose) with their seats only: a seat leased there is that counter's on this map too.
 */
export const SeatLeases = Type.Object({ collection: Type.Array(SeatLease) });
export type SeatLeases = Static<typeof SeatLeases>;

/** What a seat-state change says of a seat in a running lease (GET api/events/{id}/seat-states). */
export const SeatLeaseMark = Type.Object({ lease_id: Type.Integer(), reservation_id: Type.Integer(), counter: Type.String(), ends_at: Type.String() });
export type SeatLeaseMark = Static<typeof SeatLeaseMark>;

export const SEAT_LEASE_MESSAGES = {
  endsAtInvalid: 'Give the end as a date and time.',
  endsAtPast: 'The end of a lease must be in the future.',
  endsAtTooFar: 'A lease can last at most 7 days.',
  /** The reservation's validity date closes the counter's sales: a lease past it would hold seats nobody can sell. */
  endsAfterValidity: (until: string) => `The lease must end by ${until}, when this counter's sales close.`,
  emptySelection: 'Choose the seats to lease.',
  unknownStandingArea: (section: string) => `There is no standing area ${section}.`,
  standingNotForSale: (section: string) => `${section} is hidden or has no price: its places cannot be leased.`,
  notEnoughPlaces: (n: number, section: string, free: number) => `There are not ${n} free places in ${section}: ${free} left.`,
  notInLeaseStanding: (section: string) => `This lease holds no places of ${section}.`,
  alreadyLeasing: (until: string) => `This counter already has a lease until ${until}: widen it instead.`,
  notBoxOffice: 'Only a box-office reservation (a counter) can hold a lease.',
  seatTaken: 'These seats are sold or held and cannot be leased.',
  seatLeased: (counter: string, until: string) => `These seats are leased to ${counter} until ${until}.`,
  notReservable: 'These seats cannot be leased: they are hidden, unpriced or not on the map.',
  notEnough: (n: number, where: string) => `There are not ${n} free seats ${where}.`,
  unknownRow: (section: string, row: string) => `Section ${section} has no row ${row}.`,
  unknownSection: (section: string) => `There is no seated section ${section}.`,
  notInLease: 'These seats are not in this lease.',
  leaseEnded: 'This lease has ended.',
  /** What another channel hears for a leased seat (the reserve, the corporate app, another counter). */
  leasedSeat: (counter: string, until: string) => `Seat is leased to ${counter} until ${until}: choose another seat.`,
  /** The tooltip on other maps. */
  tooltip: (counter: string, hhmm: string) => `Leased to ${counter} until ${hhmm}`,
} as const;
