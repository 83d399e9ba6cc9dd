-- Price increases (issue 38; docs/orders.md "Re-seat"): a paid ticket moved to a dearer seat. The mirror of a refund
-- line that keeps the ticket valid: the item's price stays what was first paid (money history is append-only), and
-- this row says what the sale gained, incl and excl VAT, and which payment collected it (the order's payment of the
-- difference; at the counter with its tender in counter_tenders). The service fee that moves with the price is a row
-- of its own on the ticket's service-fee item.
CREATE TABLE price_increases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  order_item_id bigint NOT NULL REFERENCES order_items (id),
  payment_id bigint NOT NULL REFERENCES payments (id),
  event_id bigint NOT NULL,
  promoter_id bigint NOT NULL,
  created_by bigint REFERENCES users (id),
  reason text CHECK (reason IS NULL OR char_length(reason) <= 500),
  original_price_increase_ore integer NOT NULL CHECK (original_price_increase_ore > 0),
  net_price_increase_ore integer NOT NULL CHECK (net_price_increase_ore >= 0),
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  CONSTRAINT price_increase_net_within CHECK (net_price_increase_ore <= original_price_increase_ore)
);
CREATE INDEX price_increases_item ON price_increases (order_item_id);
CREATE INDEX price_increases_payment ON price_increases (payment_id);
CREATE INDEX price_increases_event ON price_increases (event_id);

-- The finance reports and the dashboard read sales_daily: an increase counts on its day as money of the item's kind
-- (same channel, type, fee type, ticket type, VAT rate; no promo code), with no item and no unit, so "Tickets" keeps
-- its count and gains the amount. Rows are only inserted (append-only), so only inserts are applied.
CREATE FUNCTION price_increases_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS d (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id,
                                discount_id, vat_percent, items, quantity, amount_ore, original_ore, discount_ore)
  SELECT n.created_at::date, i.promoter_id, i.event_id, i.channel, i.type, i.fee_type, i.ticket_type_id, i.merchandise_id,
         NULL, i.vat_percent, 0, 0, sum(n.original_price_increase_ore), sum(n.original_price_increase_ore), 0
    FROM new_rows n JOIN order_items i ON i.id = n.order_item_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 10
  ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
    SET amount_ore = d.amount_ore + EXCLUDED.amount_ore, original_ore = d.original_ore + EXCLUDED.original_ore;
  RETURN NULL;
END
$$;
CREATE TRIGGER price_increases_sales_daily AFTER INSERT ON price_increases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION price_increases_sales_daily();

CREATE FUNCTION price_increases_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price increases are append-only' USING ERRCODE = 'check_violation';
END
$$;
-- Updates would leave sales_daily behind; deletes come only with their order (a draft's, never a paid one).
CREATE TRIGGER price_increases_append_only BEFORE UPDATE ON price_increases
  FOR EACH ROW EXECUTE FUNCTION price_increases_append_only();

-- What a refund may take back is what was paid: the price plus its increases, minus what was already refunded.
CREATE OR REPLACE FUNCTION refund_items_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  already bigint;
BEGIN
  SELECT i.price_ore::bigint * i.quantity INTO paid FROM order_items i WHERE i.id = NEW.order_item_id FOR UPDATE;
  paid := paid + (SELECT coalesce(sum(pi.original_price_increase_ore), 0) FROM price_increases pi WHERE pi.order_item_id = NEW.order_item_id);
  SELECT coalesce(sum(ri.original_price_decrease_ore), 0) INTO already FROM refund_items ri WHERE ri.order_item_id = NEW.order_item_id;
  IF already + NEW.original_price_decrease_ore > paid THEN
    RAISE EXCEPTION 'refund of item % exceeds what was paid (% öre) minus what was already refunded (% öre)',
      NEW.order_item_id, paid, already USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_paid';
  END IF;
  IF NEW.net_price_decrease_ore > NEW.original_price_decrease_ore THEN
    RAISE EXCEPTION 'net price decrease above the price decrease' USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_net_within_original';
  END IF;
  RETURN NEW;
END
$$;

-- A re-seat's refund line (a cheaper seat) says so: a paid ticket's price after its moves is its sale's price plus the
-- differences paid minus the differences refunded by re-seats (a goodwill refund that keeps the ticket valid does not
-- make its next move dearer), so moving back to the first seat costs nothing and gives nothing.
ALTER TABLE refund_items ADD COLUMN reseat boolean NOT NULL DEFAULT false;
