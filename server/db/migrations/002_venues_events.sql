-- Venues and their maps (imported from SVG), events, ticket types and the dictionaries they use.
CREATE TABLE media (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_type text NOT NULL,
  file_name text NOT NULL DEFAULT '',
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name_en text NOT NULL,
  name_sv text NOT NULL,
  city text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venue_maps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id bigint NOT NULL REFERENCES venues (id),
  name text NOT NULL,
  -- The source SVG, kept as uploaded: the console parses it in its worker with the same importer.
  svg text NOT NULL,
  seat_count integer NOT NULL DEFAULT 0,
  section_count integer NOT NULL DEFAULT 0,
  import_report jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (venue_id, name)
);

CREATE TABLE map_sections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  map_id bigint NOT NULL REFERENCES venue_maps (id) ON DELETE CASCADE,
  -- Position in the importer's model order.
  position integer NOT NULL,
  name text NOT NULL,
  general_admission boolean NOT NULL DEFAULT false,
  capacity integer NOT NULL DEFAULT 0,
  UNIQUE (map_id, name),
  UNIQUE (map_id, position)
);

CREATE TABLE map_seats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  map_id bigint NOT NULL REFERENCES venue_maps (id) ON DELETE CASCADE,
  section_id bigint NOT NULL REFERENCES map_sections (id) ON DELETE CASCADE,
  -- Index of the seat in the importer's model order: per-seat states travel as arrays in this order.
  seat_index integer NOT NULL,
  row_label text NOT NULL,
  seat_label text NOT NULL,
  accessible boolean NOT NULL DEFAULT false,
  UNIQUE (map_id, seat_index),
  UNIQUE (section_id, row_label, seat_label)
);

CREATE TABLE genres (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE vats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  vat numeric(5, 2) NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('ticket', 'merchandise', 'fee')),
  UNIQUE (item_type, vat)
);

CREATE TABLE events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  entity_type text NOT NULL DEFAULT 'ordinary' CHECK (entity_type IN ('ordinary', 'seasonal')),
  seasonal_event_id bigint REFERENCES events (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active')),
  behaviour_type text NOT NULL DEFAULT 'event' CHECK (behaviour_type IN ('event', 'membership_card')),
  type text NOT NULL CHECK (type IN ('musical', 'theater', 'sport')),
  genre_id bigint REFERENCES genres (id),
  venue_id bigint NOT NULL REFERENCES venues (id),
  map_id bigint NOT NULL REFERENCES venue_maps (id),
  -- Local (Swedish) wall-clock times, as the console enters and shows them.
  start_date timestamp NOT NULL,
  end_date timestamp NOT NULL,
  tickets_release_date timestamp NOT NULL,
  venue_open_date timestamp,
  notes text NOT NULL DEFAULT '',
  social_links jsonb NOT NULL DEFAULT '{}'::jsonb,
  ticket_vat numeric(5, 2) NOT NULL DEFAULT 6,
  medium_id bigint REFERENCES media (id),
  max_number_tickets integer DEFAULT 6,
  sell_on_market text NOT NULL DEFAULT 'anytime' CHECK (sell_on_market IN ('false', 'sold-out', 'anytime')),
  sell_to_friend text NOT NULL DEFAULT 'anytime' CHECK (sell_to_friend IN ('not-sold-out', 'anytime')),
  resell_in_group boolean NOT NULL DEFAULT true,
  resell_max_percent integer NOT NULL DEFAULT 50,
  age_restriction integer NOT NULL DEFAULT 18,
  kids_allowed boolean NOT NULL DEFAULT false,
  reservation_time integer NOT NULL DEFAULT 60,
  qr_first_generation_time integer NOT NULL DEFAULT 60,
  qr_inevent_showing_time integer,
  restrictions_confirmed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT end_after_start CHECK (end_date >= start_date),
  CONSTRAINT release_before_start CHECK (tickets_release_date < start_date),
  CONSTRAINT membership_has_no_vat CHECK (behaviour_type <> 'membership_card' OR ticket_vat = 0)
);
CREATE INDEX events_promoter ON events (promoter_id);
CREATE INDEX events_start ON events (start_date);
CREATE INDEX events_season ON events (seasonal_event_id);

CREATE TABLE event_translations (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'sv')),
  name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  performer_name text NOT NULL DEFAULT '',
  genre text NOT NULL DEFAULT '',
  PRIMARY KEY (event_id, language)
);

CREATE TABLE ticket_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  is_default boolean NOT NULL DEFAULT false,
  kids boolean NOT NULL DEFAULT false,
  age_from integer,
  age_to integer,
  min integer NOT NULL DEFAULT 0,
  max integer,
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT kids_not_default CHECK (NOT (kids AND is_default))
);
CREATE UNIQUE INDEX ticket_types_name ON ticket_types (event_id, lower(name));
CREATE UNIQUE INDEX ticket_types_one_default ON ticket_types (event_id) WHERE is_default;
