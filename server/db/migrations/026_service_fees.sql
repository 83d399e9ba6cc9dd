-- Service-fee schemes (001 §9, 002 §2 "Promoters", §7 service-fees/batch, "Settings → Fees" default rows).
-- A band: price_min <= price < price_max (NULL max: open upwards) adds the fixed fee to a ticket's price.
-- promoter_id NULL: the platform's default scheme, used for a promoter that has no bands of its own.
-- Wave 2 areas read it: reservations and the box office (entrance fee), promoters (their scheme), settings (defaults).
CREATE TABLE service_fees (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint REFERENCES promoters (id) ON DELETE CASCADE,
  price_min_ore integer NOT NULL CHECK (price_min_ore >= 0),
  price_max_ore integer CHECK (price_max_ore IS NULL OR price_max_ore > price_min_ore),
  fixed_ore integer NOT NULL CHECK (fixed_ore >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_fees_promoter ON service_fees (promoter_id, price_min_ore);
