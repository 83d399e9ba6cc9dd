import { Type, type Static, type TSchema } from 'typebox';
import { BEHAVIOUR_TYPES, ENTITY_TYPES, EVENT_TYPES } from '../domain/eventForm';
import { SELL_ON_MARKET_OPTIONS, SELL_TO_FRIEND_OPTIONS } from '../domain/restrictions';

/** Events (000 §3, §7). Dates travel as local wall-clock text `YYYY-MM-DD HH:mm:ss`; money as SEK numbers. */
/**
 * The schema or null, as a type list (`type: ['integer', 'null']`) rather than `anyOf`: the server's validator coerces
 * types, and in an `anyOf` whose first branch is a number it turned null into 0 (a ticket type with no maximum was
 * saved with a maximum of 0). A union of typed schemas gets null in each branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>(orNull(schema));

function orNull(schema: TSchema): TSchema {
  const s = schema as TSchema & { type?: unknown; anyOf?: TSchema[] };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] } as TSchema;
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: s.anyOf.map(orNull) } as TSchema;
  return Type.Union([Type.Null(), schema]);
}
/** One of fixed strings, typed as their union. */
export const OneOf = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

export const LANGUAGES = ['en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

export const EventStatus = OneOf(['draft', 'active']);
export type EventStatus = Static<typeof EventStatus>;

export const EventTranslation = Type.Object({
  language: OneOf(LANGUAGES),
  name: Type.String(),
  description: Type.String(),
  performer_name: Type.String(),
  genre: Type.String(),
});
export type EventTranslation = Static<typeof EventTranslation>;

export const SocialLinks = Type.Object({ facebook: Type.String(), instagram: Type.String(), spotify: Type.String() });
export type SocialLinks = Static<typeof SocialLinks>;

const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });
export const Medium = Type.Object({ id: Type.Integer(), url: Type.String() });

/** A row of the events list (and of the seasonal list and a season's child events). */
export const EventSummary = Type.Object({
  id: Type.Integer(),
  /** The English name, else the Swedish one. */
  name: Type.String(),
  translations: Type.Array(EventTranslation),
  promoter: Ref,
  entity_type: OneOf(ENTITY_TYPES),
  behaviour_type: OneOf(BEHAVIOUR_TYPES),
  membership: Type.Boolean(),
  status: EventStatus,
  /** True once the event has ended (the list's "Passed"). */
  passed: Type.Boolean(),
  start_date: Type.String(),
  end_date: Type.String(),
  tickets_release_date: Type.String(),
  notes: Type.String(),
  venue: Ref,
  map_id: Type.Integer(),
  medium: Nullable(Medium),
  thumbnail: Nullable(Type.String()),
  seasonal_event: Nullable(Ref),
  child_events_count: Type.Integer(),
  /** Tickets delivered / sold: 0 until sales exist (docs/events.md). */
  tickets_delivered: Type.Integer(),
});
export type EventSummary = Static<typeof EventSummary>;

export const EventDetail = Type.Object({
  ...EventSummary.properties,
  type: OneOf(EVENT_TYPES),
  genre: Nullable(Ref),
  map: Type.Object({ id: Type.Integer(), name: Type.String(), sections_count: Type.Integer(), seats_count: Type.Integer() }),
  venue_open_date: Nullable(Type.String()),
  social_links: SocialLinks,
  ticket_vat: Type.Number(),
  max_number_tickets: Nullable(Type.Integer()),
  sell_on_market: OneOf(SELL_ON_MARKET_OPTIONS),
  sell_to_friend: OneOf(SELL_TO_FRIEND_OPTIONS),
  resell_in_group: Type.Boolean(),
  resell_max_percent: Type.Integer(),
  age_restriction: Type.Integer(),
  kids_allowed: Type.Boolean(),
  reservation_time: Type.Integer(),
  qr_first_generation_time: Type.Integer(),
  qr_inevent_showing_time: Nullable(Type.Integer()),
  restrictions_confirmed: Type.Boolean(),
  publish_facebook_promoter: Type.Boolean(),
  publish_facebook_default: Type.Boolean(),
  tickets_sold: Type.Integer(),
  ticket_types_count: Type.Integer(),
  kids_ticket_type: Type.Boolean(),
  /** Seats for sale and how many have a default price (server/pricing/pricingStatus.ts). */
  pricing: Type.Object({ seats: Type.Integer(), priced_with_default: Type.Integer(), complete: Type.Boolean() }),
  updated_at: Type.String(),
});
export type EventDetail = Static<typeof EventDetail>;

export const EVENT_LIST_STATUSES = ['all', 'active', 'passed', 'draft'] as const;
export type EventListStatus = (typeof EVENT_LIST_STATUSES)[number];

export const EventListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(OneOf(EVENT_LIST_STATUSES)),
  date_term: Type.Optional(OneOf(['any', 'week', 'month', 'year'])),
  /** yyyy-MM-dd: events starting that day. */
  start_date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  promoter_id: Type.Optional(Type.Integer({ minimum: 1 })),
  entity_type: Type.Optional(OneOf(ENTITY_TYPES)),
  seasonal_event_id: Type.Optional(Type.Integer({ minimum: 1 })),
  /** 0: only events in no season (the attach modal); 1: only events in one. */
  in_season: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** 000 §7 "user or promoter_id": the events of this user's promoter (a promoter, scanner or box-office account). */
  user: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  /** 000 §7 "promoter": the same as promoter_id (promoter_id wins when both are given). */
  promoter: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  /** 000 §7 "sg" (season grouped, docs/api.md): 1 folds a season's events into their season (they are left out). */
  sg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** 000 §9 "search type default fuzzy": fuzzy ranks by trigram similarity; exact matches the typed text only. */
  search_type: Type.Optional(OneOf(['fuzzy', 'exact'])),
});
export type EventListQuery = Partial<Static<typeof EventListQuery>>;

/** GET api/events/{id} (000 §7 "optional sg"): accepted; the detail always carries its season and child count. */
export const EventDetailQuery = Type.Object({ sg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) });

/**
 * GET api/events/dropdown with filters (002 §7): the choices of every event picker (reports, CRM, orders, audit log,
 * scanner assignment). Filters travel as flat `filters[...]` keys.
 */
export const EventDropdownQuery = Type.Object({
  'filters[promoter_id]': Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  'filters[entity_type]': Type.Optional(OneOf(ENTITY_TYPES)),
  'filters[status]': Type.Optional(OneOf(['draft', 'active'])),
  /** 1: only events with at least one order (what a report can show). */
  'filters[has_orders]': Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  'filters[search]': Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' })),
});
export type EventDropdownQuery = Static<typeof EventDropdownQuery>;
export const EventOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  promoter_id: Type.Integer(),
  start_date: Type.String(),
  status: EventStatus,
  entity_type: OneOf(ENTITY_TYPES),
});
export type EventOption = Static<typeof EventOption>;
export const EventDropdown = Type.Object({ data: Type.Array(EventOption) });
export type EventDropdown = Static<typeof EventDropdown>;

export const EventList = Type.Object({ collection: Type.Array(EventSummary), count: Type.Integer() });
export type EventList = Static<typeof EventList>;

/**
 * The fields of POST api/events and POST api/events/{id} (_method=put), before they become multipart (booleans as
 * 1/0, nested keys in brackets, dates `YYYY-MM-DD HH:mm:00`). `medium` is the image file.
 */
export interface EventWriteBody {
  translations: { language: Language; name: string; description: string; performer_name: string }[];
  type: string;
  genre?: number | null;
  behaviour_type: 'event' | 'membership_card';
  membership: boolean;
  entity_type?: 'ordinary' | 'seasonal';
  venue: number | null;
  map: number | null;
  promoter?: number | null;
  start_date: string;
  end_date: string;
  tickets_release_date: string;
  venue_open_date?: string;
  ticket_vat: number;
  notes: string;
  social_links: SocialLinks;
  max_number_tickets?: number;
  reservation_time?: number;
  /** Set when the unchanged event was last read; the save is refused when someone saved in between. */
  updated_at?: string;
}

/** PATCH api/events/{id}: publish (status active, with the two social-page flags) or unpublish (status draft). */
export const EventStatusBody = Type.Object({
  status: EventStatus,
  publish_facebook_promoter: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])),
  publish_facebook_default: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])),
});
export type EventStatusBody = Static<typeof EventStatusBody>;

/** POST api/events/duplicate: the copy wizard's first step; startDate `YYYY-MM-DD HH:mm`. */
export const DuplicateBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  startDate: Type.String({ maxLength: 20 }),
  /** The copy's name (both languages' titles); the console proposes "… (copy)". Omitted: the source's names. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\u0000]*\\S[^\\u0000]*$' })),
});
export type DuplicateBody = Static<typeof DuplicateBody>;

/** POST api/events/{id}/copy-prices and /copy-hidden-seats: from another event on the same map. */
export const CopyFromBody = Type.Object({ source_event_id: Type.Integer({ minimum: 1 }) });
export type CopyFromBody = Static<typeof CopyFromBody>;
export const CopyPricesResult = Type.Object({ sections: Type.Integer(), seats: Type.Integer() });
export type CopyPricesResult = Static<typeof CopyPricesResult>;

/** POST api/copy (000 §7): corporate reservations of events; answers how many were copied per pair. */
export const CopyBody = Type.Object({
  copy: Type.Array(
    Type.Object({
      source_event_id: Type.Integer({ minimum: 1 }),
      destination_event_id: Type.Integer({ minimum: 1 }),
      reservations: Type.Array(Type.Object({ type: Type.Literal('corporate') }), { maxItems: 10 }),
    }),
    { minItems: 1, maxItems: 20 },
  ),
});
export type CopyBody = Static<typeof CopyBody>;
/** A place of a source reservation that the copy could not hold, and why (docs/events.md, copy wizard step 4). */
export const CopyConflict = Type.Object({
  /** The source reservation (order id) and its title. */
  reservation_id: Type.Integer(),
  reservation: Type.String(),
  section: Type.String(),
  /** Null for a general-admission place. */
  row: Nullable(Type.String()),
  seat: Nullable(Type.String()),
  /** `leased`: a counter's running lease on the copy (or in its season family) keeps the seat (issue 35). */
  reason: OneOf(['taken', 'leased', 'hidden', 'unpriced', 'no_free_place', 'not_on_map', 'ticket_type_missing'] as const),
});
export type CopyConflict = Static<typeof CopyConflict>;
export const CopyPairResult = Type.Object({
  source_event_id: Type.Integer(),
  destination_event_id: Type.Integer(),
  /** Corporate reservations created on the destination. */
  reservations: Type.Integer(),
  /** Seats and general-admission places they hold. */
  seats: Type.Integer(),
  /** Source reservations already copied onto the destination by an earlier run: not copied again. */
  already_copied: Type.Integer(),
  conflicts: Type.Array(CopyConflict),
});
export type CopyPairResult = Static<typeof CopyPairResult>;
export const CopyResult = Type.Object({ copied: Type.Array(CopyPairResult) });
export type CopyResult = Static<typeof CopyResult>;

/** GET api/events/{id}/stats (000 §3 "Event stats"); money in SEK. */
export const EventStats = Type.Object({
  all: Type.Object({
    seats: Type.Object({ count: Type.Integer(), has_default_price: Type.Integer(), sum_default_original_price: Type.Number() }),
    tickets: Type.Object({ count: Type.Integer(), paid_net_price: Type.Number() }),
    service_fees: Type.Object({ paid_net_price: Type.Number() }),
    admin_fees: Type.Object({ paid_net_price: Type.Number() }),
    /** What refunds took off the tickets and ticket fees above (their price decrease); the Total subtracts it. */
    refunds: Type.Object({ price_decrease: Type.Number() }),
    reservations: Type.Object({ assigned: Type.Integer() }),
  }),
});
export type EventStats = Static<typeof EventStats>;

/** GET api/events/{id}/merchandises (001 §7) as the copy wizard reads it: the event's products, price in SEK. */
export const EventMerchandise = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  price: Type.Number(),
  quantity: Type.Integer(),
  valid: Type.Boolean(),
});
export type EventMerchandise = Static<typeof EventMerchandise>;
export const EventMerchandiseList = Type.Object({ collection: Type.Array(EventMerchandise), count: Type.Integer() });
export type EventMerchandiseList = Static<typeof EventMerchandiseList>;
export const MerchandiseListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type MerchandiseListQuery = Static<typeof MerchandiseListQuery>;
/** Step 5 of the copy wizard: one product of the source event created on the copy (with its texts and options). */
export const CopyMerchandiseBody = Type.Object({ source_event_id: Type.Integer({ minimum: 1 }), merchandise_id: Type.Integer({ minimum: 1 }) });
export type CopyMerchandiseBody = Static<typeof CopyMerchandiseBody>;
