-- Ombuds, FAQ, VAT categories and forget-user requests (spec 002 §2 "Ombuds", "Settings", §3, §7).

-- An ombud: an attendee who hands out one of the promoter's promo codes (002 §3 "Ombud").
CREATE TABLE ombuds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  attendee_id bigint NOT NULL REFERENCES users (id),
  discount_id bigint REFERENCES discounts (id) ON DELETE SET NULL,
  selected_date date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ombuds_promoter ON ombuds (promoter_id, id);

-- FAQ articles of the public app or the event manager, in English and Swedish (002 §3 "FAQ item").
CREATE TABLE faq_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform text NOT NULL CHECK (platform IN ('app', 'event_manager')),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE faq_translations (
  faq_id bigint NOT NULL REFERENCES faq_items (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'sv')),
  title text NOT NULL CHECK (title <> ''),
  description text NOT NULL DEFAULT '',
  PRIMARY KEY (faq_id, language)
);

-- VAT categories: the rows of vats are what every VAT dropdown offers; Settings → VAT edits their percentage.
ALTER TABLE vats ADD COLUMN category text NOT NULL DEFAULT '';
ALTER TABLE vats ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Forget user (002 §4): requested, then erased at execute_date by the erasure job (server/jobs/forgetUsers.ts).
CREATE TABLE forget_requests (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  requested_by bigint REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  execute_date timestamptz NOT NULL,
  executed_at timestamptz
);
CREATE INDEX forget_requests_due ON forget_requests (execute_date) WHERE executed_at IS NULL;

-- A promo code's usages (the promo list's usages_count) are counted from the items that used it.
CREATE INDEX order_items_discount ON order_items (discount_id) WHERE discount_id IS NOT NULL;
