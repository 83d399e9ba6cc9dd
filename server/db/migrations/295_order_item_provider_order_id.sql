-- The payment provider's order id on the order item that payment paid (issue 39, docs/reports.md "third session"):
-- the year's accounting file (one row per item) joined every chunk of its rows to all payments, a hash table over the
-- whole table per chunk and a lookup per row, for this one column. The database keeps the copy true for every writer,
-- present or future: an item's copy is set from its payment whenever the item is written with a payment (a value
-- written by hand is replaced), and a payment whose provider order id changes passes it on to its items. The demo
-- seed, which loads with triggers off, writes it itself (salesWrite.ts).
ALTER TABLE order_items ADD COLUMN provider_order_id text;
UPDATE order_items i SET provider_order_id = p.provider_order_id
  FROM payments p WHERE p.id = i.payment_id AND p.provider_order_id IS NOT NULL;

CREATE FUNCTION order_items_provider_order_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payment_id IS NULL THEN
    NEW.provider_order_id := NULL;
  ELSE
    SELECT p.provider_order_id INTO NEW.provider_order_id FROM payments p WHERE p.id = NEW.payment_id;
  END IF;
  RETURN NEW;
END
$$;
-- An insert without a payment (a hold, a free item) has nothing to copy; the function runs only where it has work.
CREATE TRIGGER order_items_provider_order_id_insert BEFORE INSERT ON order_items
  FOR EACH ROW WHEN (NEW.payment_id IS NOT NULL OR NEW.provider_order_id IS NOT NULL)
  EXECUTE FUNCTION order_items_provider_order_id();
CREATE TRIGGER order_items_provider_order_id_update BEFORE UPDATE OF payment_id, provider_order_id ON order_items
  FOR EACH ROW WHEN (NEW.payment_id IS DISTINCT FROM OLD.payment_id OR NEW.provider_order_id IS DISTINCT FROM OLD.provider_order_id)
  EXECUTE FUNCTION order_items_provider_order_id();

CREATE FUNCTION payments_provider_order_id_to_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET provider_order_id = NEW.provider_order_id WHERE payment_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER payments_provider_order_id_to_items AFTER UPDATE OF provider_order_id ON payments
  FOR EACH ROW WHEN (NEW.provider_order_id IS DISTINCT FROM OLD.provider_order_id)
  EXECUTE FUNCTION payments_provider_order_id_to_items();
