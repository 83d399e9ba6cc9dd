-- A refund goes back to the payments that paid the item (issue 38; docs/refunds.md "Which payment a refund goes back
-- to"). An item can be paid by its sale's payment and by a re-seat's payment of the difference (price_increases); a
-- refund of it is written as one refund per payment it goes back to, and no payment may give back more for an item
-- than it collected for it. `attributeRefund` (src/domain/refundShares.ts) splits a refund so; this trigger refuses a
-- line that breaks it, whoever writes, in the line's own insert: the item's row is locked first (a second refund of
-- the same item waits for the first to commit), then what the payment collected and what its refunds took are summed.
CREATE OR REPLACE FUNCTION refund_items_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_payment bigint;
  sale bigint;
  paid bigint;
  already bigint;
  refund_payment bigint;
  collected bigint;
  taken bigint;
BEGIN
  SELECT i.price_ore::bigint * i.quantity, i.payment_id INTO sale, item_payment FROM order_items i WHERE i.id = NEW.order_item_id FOR UPDATE;
  paid := sale + (SELECT coalesce(sum(pi.original_price_increase_ore), 0) FROM price_increases pi WHERE pi.order_item_id = NEW.order_item_id);
  SELECT coalesce(sum(ri.original_price_decrease_ore), 0) INTO already FROM refund_items ri WHERE ri.order_item_id = NEW.order_item_id;
  IF already + NEW.original_price_decrease_ore > paid THEN
    RAISE EXCEPTION 'refund of item % exceeds what was paid (% öre) minus what was already refunded (% öre)',
      NEW.order_item_id, paid, already USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_paid';
  END IF;
  SELECT r.payment_id INTO refund_payment FROM refunds r WHERE r.id = NEW.refund_id;
  collected := CASE WHEN item_payment = refund_payment THEN sale ELSE 0 END
    + (SELECT coalesce(sum(pi.original_price_increase_ore), 0) FROM price_increases pi
        WHERE pi.order_item_id = NEW.order_item_id AND pi.payment_id = refund_payment);
  SELECT coalesce(sum(ri.original_price_decrease_ore), 0) INTO taken
    FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id
   WHERE ri.order_item_id = NEW.order_item_id AND r.payment_id = refund_payment;
  IF taken + NEW.original_price_decrease_ore > collected THEN
    RAISE EXCEPTION 'refund of item % against payment % exceeds what that payment collected for it (% öre) minus what was already refunded from it (% öre)',
      NEW.order_item_id, refund_payment, collected, taken USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_payment';
  END IF;
  IF NEW.net_price_decrease_ore > NEW.original_price_decrease_ore THEN
    RAISE EXCEPTION 'net price decrease above the price decrease' USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_net_within_original';
  END IF;
  RETURN NEW;
END
$$;

-- A refund's payment is what the checks above and every report read: it is fixed once written.
CREATE FUNCTION refunds_payment_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a refund''s payment cannot change' USING ERRCODE = 'check_violation';
END
$$;
CREATE TRIGGER refunds_payment_fixed BEFORE UPDATE OF payment_id ON refunds
  FOR EACH ROW WHEN (OLD.payment_id IS DISTINCT FROM NEW.payment_id) EXECUTE FUNCTION refunds_payment_fixed();

-- The parts of one item's refund that go back to other payments than the sale's carry no unit (as a price increase
-- adds money and no unit to sales_daily): a refund counts each item once in "Tickets refunded" and the returns.
ALTER TABLE refund_items DROP CONSTRAINT refund_items_quantity_check;
ALTER TABLE refund_items ADD CONSTRAINT refund_items_quantity_check CHECK (quantity >= 0);
