import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const SeatCounts = Type.Object({
  count: Type.Integer(),
  /** Seats whose price set includes the event's default ticket type. */
  has_default_price: Type.Integer(),
  /** Seats with any price. */
  priced: Type.Integer(),
  hidden: Type.Integer(),
  /** Sold or reserved (docs/places.md). */
  taken: Type.Integer(),
  /** Sold (paid) places; taken − sold are reserved. */
  sold: Type.Integer(),
  /** Sum of the default ticket type's price over the seats that have one, SEK. */
  sum_default_original_price: Type.Number(),
});
export type SeatCounts = Static<typeof SeatCounts>;

export const EventSection = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Index in the map's model order (the importer's section index). */
  position: Type.Integer(),
  general_admission: Type.Boolean(),
  /** Seats of a seated section, capacity of a general-admission area. */
  places: Type.Integer(),
  /** General admission: places for sale (0 = released). */
  seats_count: Type.Integer(),
  hidden: Type.Boolean(),
  /** Index into price_sets of the section's default prices, or null. */
  price_set: Nullable(Type.Integer()),
  stats: Type.Object({ seats: SeatCounts }),
});
export type EventSection = Static<typeof EventSection>;

export const PriceSet = Type.Object({
  /** Prices in SEK by ticket-type name. */
  prices: Type.Record(Type.String(), Type.Number()),
});
export type PriceSet = Static<typeof PriceSet>;

export const MapTicketType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  default: Type.Boolean(),
  kids: Type.Boolean(),
  /** Least and most tickets of this type in a general-admission section (0 / null: no bound). */
  min: Type.Integer(),
  max: Nullable(Type.Integer()),
});
export type MapTicketType = Static<typeof MapTicketType>;

/**
 * GET api/events/{id}/sections: the event's map. The SVG is fetched from `svg` (immutable per map, cached) and
 * parsed in the console's worker, which yields seats in the same order as `seat_index` here. Per-seat state is
 * sparse: sections carry their defaults; `overrides` lists the seats that differ; `taken` the reserved or bought, and
 * the seats the event's season family holds (`season_taken`).
 */
export const EventSectionsResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  svg: Type.String(),
  venue: Type.Object({ id: Type.Integer(), name: Type.String() }),
  event: Type.Object({ id: Type.Integer(), name: Type.String(), status: Type.String(), entity_type: Type.String() }),
  seat_count: Type.Integer(),
  ticket_types: Type.Array(MapTicketType),
  price_sets: Type.Array(PriceSet),
  sections: Type.Array(EventSection),
  overrides: Type.Object({
    seat_index: Type.Array(Type.Integer()),
    /** Index into price_sets, null = released; undefined entries keep the section's prices. */
    price_set: Type.Array(Nullable(Type.Integer())),
    price_overridden: Type.Array(Type.Boolean()),
    hidden: Type.Array(Type.Boolean()),
  }),
  taken: Type.Array(Type.Integer()),
  /**
   * The event's seat-state version read before anything else of this answer: every change committed after it is in
   * the seat stream resumed from it (GET api/events/{id}/seat-stream, Last-Event-ID), so a map drawn from this answer,
   * however old (a cached or warmed answer), is brought up to date without a gap. A change already in the answer may
   * come again; it carries the state now, so applying it twice changes nothing.
   */
  seat_version: Type.Integer(),
  /**
   * The seats of `taken` (by seat index) that the event's season family holds rather than the event itself (001 §3
   * `seasonal_child`): in an included event, seats the season's tickets hold; in a season, seats an included event
   * has taken. Not counted in the stats, which count the event's own places.
   */
  season_taken: Type.Optional(Type.Array(Type.Integer())),
  stats: Type.Object({ all: Type.Object({ seats: SeatCounts }) }),
  /** A seasonal event: its included events that still have seats without a default price. */
  unpriced_child_events: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type EventSectionsResponse = Static<typeof EventSectionsResponse>;

export const SeatDetail = Type.Object({
  id: Type.Integer(),
  seat_index: Type.Integer(),
  name: Type.String(),
  row: Type.String(),
  hidden: Type.Boolean(),
  reserved: Type.Boolean(),
  handicapped: Type.Boolean(),
  /** 001 §3: the event is included in a season and this seat is taken in the season (a season ticket holds it). */
  seasonal_child: Type.Boolean(),
  /** 001 §3: on sale now: the event is published and the seat visible, priced, free and not held by its season. */
  selling: Type.Boolean(),
  /** 001 §3/§4: an admin (the back office) may reserve it: visible, priced, free, a seat (docs/reservations.md). */
  can_reserve_admin: Type.Boolean(),
  /** A user (the public sale) may take it: as an admin may, and not a function-varied (wheelchair) place nor one its season holds. */
  can_reserve_user: Type.Boolean(),
  prices: Type.Array(Type.Object({
    /** The price's id: the seat's price is per ticket type, so it is the ticket type's id. */
    id: Type.Integer(),
    ticket_type: Type.Object({ name: Type.String(), default: Type.Boolean() }),
    original_price: Type.Number(),
    /** The price a ticket is reserved at now (the price set's price; discounts apply at checkout). */
    actual_price: Type.Number(),
  })),
});

/** GET api/events/{id}/sections/{section}: one section with its rows and seats (section name as in the map). */
export const SectionDetailResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  map: Type.Object({ id: Type.Integer(), name: Type.String() }),
  general_admission: Type.Boolean(),
  places: Type.Integer(),
  seats_count: Type.Integer(),
  /** `can_reserve_admin`: how many seats of the section an admin may reserve now (001 §3 section stats). */
  stats: Type.Object({
    seats: SeatCounts,
    /** 001 §3 `stats.all.seats`: the same counts under the name the event's stats use. */
    all: Type.Object({ seats: SeatCounts }),
    can_reserve_admin: Type.Integer(),
    /** 001 §3: the default ticket type's actual prices among the section's visible seats, distinct, ascending, SEK. */
    default_actual_prices: Type.Array(Type.Number()),
  }),
  rows: Type.Array(Type.Object({ name: Type.String(), seats: Type.Array(SeatDetail) })),
});
export type SectionDetailResponse = Static<typeof SectionDetailResponse>;
