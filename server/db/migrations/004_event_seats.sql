-- Prices and hidden flags of an event's seats (spec 000 §4 "Seat states in pricing", 001 §3).
--
-- A price set is one combination of prices per ticket type. Promoters mostly price whole sections, so a section
-- carries a default set (event_sections) and seats only get a row of their own (event_seats) when they differ:
-- priced apart from their section, released, or hidden. Pricing a 20,000-seat section is then one row plus clearing
-- that section's overrides; pricing a drawn selection writes one narrow row per seat in one INSERT ... SELECT.
-- A seat's price set: its override when it has one, else its section's.
CREATE TABLE price_sets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- Canonical text of the set ("ticketTypeId:öre,..." sorted by id), so equal price lists share one set.
  key text NOT NULL,
  UNIQUE (event_id, key)
);

CREATE TABLE price_set_items (
  price_set_id bigint NOT NULL REFERENCES price_sets (id) ON DELETE CASCADE,
  ticket_type_id bigint NOT NULL REFERENCES ticket_types (id) ON DELETE CASCADE,
  price_ore integer NOT NULL CHECK (price_ore >= 0),
  PRIMARY KEY (price_set_id, ticket_type_id)
);

CREATE TABLE event_sections (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  section_id bigint NOT NULL REFERENCES map_sections (id),
  price_set_id bigint REFERENCES price_sets (id),
  -- "hide all" of a whole section.
  hidden boolean NOT NULL DEFAULT false,
  -- General admission: places for sale (0 = released).
  seats_count integer NOT NULL DEFAULT 0 CHECK (seats_count >= 0),
  PRIMARY KEY (event_id, section_id)
);

CREATE TABLE event_seats (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  seat_id bigint NOT NULL REFERENCES map_seats (id),
  -- true: price_set_id (NULL = released) replaces the section's set for this seat.
  price_overridden boolean NOT NULL DEFAULT false,
  price_set_id bigint REFERENCES price_sets (id),
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (event_id, seat_id),
  CONSTRAINT override_or_nothing CHECK (price_overridden OR price_set_id IS NULL)
);
