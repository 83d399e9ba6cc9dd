-- Counter tenders and shift closes (issue 35, docs/boxoffice.md "Paying at the counter").
-- How a box-office sale was paid: one row per payment the counter took, with the money in öre. The rules are the
-- till's, kept here so no writer can break them: cash records what was given and the change handed back, and
-- change = given − total ≥ 0; a card payment records the terminal's reference and no cash; "other" records neither.
CREATE TABLE counter_tenders (
  payment_id bigint PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- The operator who took the money (the shift is theirs).
  sold_by bigint NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('cash', 'card', 'other')),
  total_ore int NOT NULL CHECK (total_ore >= 0),
  given_ore int,
  change_ore int,
  reference text,
  -- Sold offline and replayed (issue 35): the sale's idempotency key.
  offline_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT counter_tender_cash CHECK (method <> 'cash' OR (given_ore IS NOT NULL AND change_ore IS NOT NULL
                                                               AND change_ore = given_ore - total_ore AND change_ore >= 0 AND reference IS NULL)),
  CONSTRAINT counter_tender_card CHECK (method <> 'card' OR (given_ore IS NULL AND change_ore IS NULL
                                                               AND reference IS NOT NULL AND length(btrim(reference)) BETWEEN 1 AND 60)),
  CONSTRAINT counter_tender_other CHECK (method <> 'other' OR (given_ore IS NULL AND change_ore IS NULL
                                                                 AND (reference IS NULL OR length(reference) <= 60)))
);
CREATE INDEX counter_tenders_shift ON counter_tenders (sold_by, created_at);

-- A shift closed with the cash counted in the drawer: what the sales say should be there (cash taken − cash refunded
-- since the operator's previous close), what was counted, and the difference (counted − expected; negative = short).
CREATE TABLE counter_shift_closes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  opened_at timestamptz NOT NULL,
  closed_at timestamptz NOT NULL DEFAULT now(),
  expected_cash_ore int NOT NULL,
  counted_cash_ore int NOT NULL CHECK (counted_cash_ore >= 0),
  difference_ore int NOT NULL,
  card_ore int NOT NULL DEFAULT 0,
  other_ore int NOT NULL DEFAULT 0,
  CONSTRAINT counter_shift_difference CHECK (difference_ore = counted_cash_ore - expected_cash_ore),
  CONSTRAINT counter_shift_order CHECK (opened_at <= closed_at)
);
CREATE INDEX counter_shift_closes_user ON counter_shift_closes (user_id, closed_at);
