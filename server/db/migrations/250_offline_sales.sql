-- Offline sales from a seat lease (issue 35, docs/boxoffice.md "Selling offline").
-- The counter's Ed25519 public key (raw 32 bytes, base64url), registered with its lease: tickets the counter sells
-- offline are signed by it, and scanners and the replay check them with it.
ALTER TABLE seat_leases ADD COLUMN counter_key text;

-- Each replayed offline sale, once per (counter, idempotency key): the unique index makes a second replay of the same
-- key find the first's answer instead of selling again. `answer` is what the server said, sent again as it was.
CREATE TABLE offline_sales (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  lease_id bigint NOT NULL REFERENCES seat_leases (id) ON DELETE CASCADE,
  seq int NOT NULL,
  sold_at timestamptz NOT NULL,
  -- The sale's tickets as sent (with their signatures), to tell a retry from a different sale under the same key.
  body jsonb NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('applied', 'conflict')),
  answer jsonb NOT NULL,
  replayed_by bigint NOT NULL REFERENCES users (id),
  replayed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX offline_sales_order_seq ON offline_sales (order_id, seq);
