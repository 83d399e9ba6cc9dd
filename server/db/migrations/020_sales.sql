-- The sales data model (issue 7; spec 001 §3 orders, items, fees, refunds; 002 §3 reports, promo codes, scans).
-- docs/reports.md explains it; the short version:
--   orders         a reservation or purchase of one event (001 "Reservation"): the public's purchases and resales,
--                  box-office sales, and the back office's guest/corporate/vip/... reservations; sub-reservations
--                  are orders with a parent.
--   order_items    ticket, merchandise or fee lines. A ticket holds one seat (or one general-admission place).
--   payments       attempts to pay an order, with the payment provider's order id; a paid item names its payment.
--   refunds        refunds of items of one order (001 "Refund item": original_price_decrease, net_price_decrease,
--                  refund_amount); the refund fee is what was kept back.
--   scans          entrance and pick-up scans of items.
-- Money is integer öre. Moments are local Swedish wall-clock time (timestamp), as events are, so a report's day is
-- the day people saw on the clock and a date range is an index range.

-- Merchandise catalogue (001 §3 "Merchandise"): what order items of type merchandise refer to. The merchandise
-- screens own its forms; the columns are the spec's.
CREATE TABLE merchandise_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alias text NOT NULL UNIQUE,
  name_en text NOT NULL,
  name_sv text NOT NULL
);
INSERT INTO merchandise_types (alias, name_en, name_sv) VALUES
  ('clothing', 'Clothing', 'Kläder'),
  ('accessories', 'Accessories', 'Accessoarer'),
  ('print', 'Programmes and prints', 'Program och tryck'),
  ('food', 'Food and drinks', 'Mat och dryck'),
  ('gift_card', 'Gift card', 'Presentkort');

CREATE TABLE merchandises (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL for a gift card sold outside an event.
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  type_id bigint NOT NULL REFERENCES merchandise_types (id),
  price_ore integer NOT NULL CHECK (price_ore >= 0),
  vat_percent numeric(5, 2) NOT NULL DEFAULT 25,
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  sku text,
  has_options boolean NOT NULL DEFAULT false,
  max_amount_can_be_sold_in_general integer,
  max_amount_can_be_sold_per_option integer,
  refundable boolean NOT NULL DEFAULT true,
  valid boolean NOT NULL DEFAULT true,
  age_restriction integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX merchandises_event ON merchandises (event_id);

CREATE TABLE merchandise_translations (
  merchandise_id bigint NOT NULL REFERENCES merchandises (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'sv')),
  name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  delivery_description text NOT NULL DEFAULT '',
  size_fit_description text NOT NULL DEFAULT '',
  PRIMARY KEY (merchandise_id, language)
);

CREATE TABLE merchandise_options (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchandise_id bigint NOT NULL REFERENCES merchandises (id) ON DELETE CASCADE,
  name_en text NOT NULL,
  name_sv text NOT NULL,
  sku text,
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0)
);
CREATE INDEX merchandise_options_merchandise ON merchandise_options (merchandise_id);

-- Promo codes (002 §3 "Promo code (discount)"). Order items name the code that lowered their price.
CREATE TABLE discounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  -- NULL: all events of the promoter.
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  name text NOT NULL,
  promo_code text NOT NULL CHECK (char_length(promo_code) BETWEEN 1 AND 10),
  item_type text NOT NULL CHECK (item_type IN ('ticket', 'merchandise')),
  type text NOT NULL CHECK (type IN ('percentage', 'amount', 'free')),
  -- Percent for 'percentage', SEK for 'amount' (as the promo form sends it).
  value numeric(12, 2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  discount_type text NOT NULL DEFAULT 'standard' CHECK (discount_type IN ('standard', 'custom', 'family')),
  min_tickets integer,
  min_kids integer,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  max_usages integer,
  max_person_items integer,
  person_usages integer,
  expire_date date,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT percentage_at_most_100 CHECK (type <> 'percentage' OR value <= 100)
);
CREATE UNIQUE INDEX discounts_code ON discounts (promoter_id, upper(promo_code));

CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  -- The event's promoter, kept on the row: every report and list is scoped by it (and it is a distribution key).
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  -- A sub-reservation belongs to its parent order (001 "sub_reservations").
  parent_id bigint REFERENCES orders (id) ON DELETE CASCADE,
  -- purchase and resale come from the public's app; the others are made in the back office (001 §1).
  type text NOT NULL CHECK (type IN ('purchase', 'resale', 'boxoffice', 'guest', 'corporate', 'handicapped', 'known_person', 'vip')),
  -- new: seats held, not paid; pending: payment started; completed: paid (or a confirmed free reservation);
  -- void and expired release every item (their items are made invalid in the same transaction).
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'completed', 'void', 'expired')),
  title text NOT NULL DEFAULT '',
  -- A box-office reservation keeps {"extra_fee": …} here (001 §3).
  description text NOT NULL DEFAULT '',
  owner_id bigint REFERENCES users (id),
  corporate_id bigint REFERENCES users (id),
  reserver_id bigint REFERENCES users (id),
  reserved_until timestamp,
  validity_date timestamp,
  confirmation_status text NOT NULL DEFAULT 'unconfirmed' CHECK (confirmation_status IN ('unconfirmed', 'pending', 'confirmed', 'mixed')),
  confirmation_type text,
  ticket_vat numeric(5, 2) NOT NULL DEFAULT 6,
  fees_vat numeric(5, 2) NOT NULL DEFAULT 25,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm')
);
CREATE INDEX orders_event ON orders (event_id, created_at);
CREATE INDEX orders_promoter ON orders (promoter_id, created_at);
CREATE INDEX orders_owner ON orders (owner_id);
CREATE INDEX orders_parent ON orders (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('card', 'swish', 'invoice', 'boxoffice')),
  -- The payment provider's own id of the order (Accounting Reporting's "payment-provider order id").
  provider_order_id text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'void')),
  -- false for a superseded attempt (001 "payments (valid, …)").
  valid boolean NOT NULL DEFAULT true,
  amount_ore integer NOT NULL CHECK (amount_ore >= 0),
  discount_ore integer NOT NULL DEFAULT 0 CHECK (discount_ore >= 0),
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  paid_at timestamp
);
CREATE INDEX payments_order ON payments (order_id);
CREATE UNIQUE INDEX payments_provider_order ON payments (provider, provider_order_id) WHERE provider_order_id IS NOT NULL;

CREATE TABLE order_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- The order's event and promoter, kept on the item: the no-double-sale index needs the event, and reports
  -- aggregate a year of items without joining a million rows to their orders.
  event_id bigint NOT NULL,
  promoter_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('ticket', 'merchandise', 'fee')),
  fee_type text CHECK (fee_type IN ('ticket_service_fee', 'ticket_admin_fee', 'merchandise_order_fee', 'merchandise_admin_fee')),
  -- How the item was sold: sale (purchase or box office), resale (bought from another holder on the market),
  -- corporate (a corporate reservation, invoiced) or guest (a free back-office reservation). Fixed at creation.
  channel text NOT NULL CHECK (channel IN ('sale', 'resale', 'corporate', 'guest')),
  section_id bigint REFERENCES map_sections (id),
  -- NULL for a general-admission place.
  seat_id bigint REFERENCES map_seats (id),
  ticket_type_id bigint REFERENCES ticket_types (id),
  is_child boolean NOT NULL DEFAULT false,
  -- The person the ticket was sent or assigned to (001 "Ticket item: user").
  holder_id bigint REFERENCES users (id),
  sub_reservation_id bigint REFERENCES orders (id),
  merchandise_id bigint REFERENCES merchandises (id),
  merchandise_option_id bigint REFERENCES merchandise_options (id),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  -- Unit prices including VAT: the list price, the promo code's reduction, and what was paid.
  original_price_ore integer NOT NULL CHECK (original_price_ore >= 0),
  discount_ore integer NOT NULL DEFAULT 0,
  price_ore integer NOT NULL,
  discount_id bigint REFERENCES discounts (id),
  vat_percent numeric(5, 2) NOT NULL,
  -- false once removed, voided, expired, refunded without keeping the ticket, or resold: the seat is free again.
  valid boolean NOT NULL DEFAULT true,
  -- A resale ticket names the ticket it replaced.
  resold_from_id bigint REFERENCES order_items (id),
  payment_id bigint REFERENCES payments (id),
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  -- When the item was paid (its payment's paid_at): the day a report counts it. NULL while held or free.
  sold_at timestamp,
  CONSTRAINT item_fee_type CHECK ((type = 'fee') = (fee_type IS NOT NULL)),
  CONSTRAINT item_seat_is_ticket CHECK (type = 'ticket' OR (seat_id IS NULL AND section_id IS NULL AND ticket_type_id IS NULL)),
  CONSTRAINT item_merchandise CHECK ((type = 'merchandise') = (merchandise_id IS NOT NULL)),
  CONSTRAINT item_ticket_quantity CHECK (type <> 'ticket' OR quantity = 1),
  CONSTRAINT item_discount CHECK (discount_ore BETWEEN 0 AND original_price_ore AND price_ore = original_price_ore - discount_ore)
);

-- No double sale (ARCHITECTURE.md): a seat is held, reserved or sold at most once per event. Holds, back-office
-- reservations and sales are all valid ticket items, so one partial unique index guards them all, whatever process
-- writes. A general-admission place has no seat: its capacity is guarded by locking the event_sections row.
CREATE UNIQUE INDEX order_items_one_valid_seat ON order_items (event_id, seat_id) WHERE valid AND seat_id IS NOT NULL;

-- Seats taken (reserved or bought) per event, for the seat map: exactly the rows the index above keeps unique.
CREATE VIEW event_taken_seats AS
  SELECT event_id, seat_id FROM order_items WHERE valid AND seat_id IS NOT NULL;

CREATE INDEX order_items_order ON order_items (order_id);

CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payment_id bigint NOT NULL REFERENCES payments (id),
  event_id bigint NOT NULL,
  promoter_id bigint NOT NULL,
  refunded_by bigint REFERENCES users (id),
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm')
);
CREATE INDEX refunds_promoter ON refunds (promoter_id, created_at);
CREATE INDEX refunds_created ON refunds (created_at);
CREATE INDEX refunds_order ON refunds (order_id);

CREATE TABLE refund_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refund_id bigint NOT NULL REFERENCES refunds (id) ON DELETE CASCADE,
  order_item_id bigint NOT NULL REFERENCES order_items (id),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  -- What the sale loses, incl VAT and excl VAT, and what goes back to the customer; the refund fee is
  -- original_price_decrease − refund_amount (the platform's refund_fee percent).
  original_price_decrease_ore integer NOT NULL CHECK (original_price_decrease_ore >= 0),
  net_price_decrease_ore integer NOT NULL CHECK (net_price_decrease_ore >= 0),
  refund_amount_ore integer NOT NULL CHECK (refund_amount_ore BETWEEN 0 AND original_price_decrease_ore),
  -- 001 §2 Refund: "choose whether tickets stay valid".
  keep_valid boolean NOT NULL DEFAULT false
);
CREATE INDEX refund_items_refund ON refund_items (refund_id);
CREATE INDEX refund_items_item ON refund_items (order_item_id);

CREATE TABLE scans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_item_id bigint NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
  event_id bigint NOT NULL,
  scanner_id bigint REFERENCES users (id),
  scanned_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm')
);
CREATE INDEX scans_event_item ON scans (event_id, order_item_id);
CREATE INDEX scans_item ON scans (order_item_id)
