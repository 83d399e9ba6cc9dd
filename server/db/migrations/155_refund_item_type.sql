-- The refunded item's type on the refund line (issue 24): the sales overview's "Tickets refunded" counted refunded
-- tickets by joining every refund line of the period to its order item, about 75 % of the overview's server time.
-- The type is copied from the order item by the database on every insert (an order item's type never changes), so
-- every refund path, present or future, keeps it right; the demo seed, which loads with triggers off, writes it itself.
ALTER TABLE refund_items ADD COLUMN item_type text;
UPDATE refund_items ri SET item_type = i.type FROM order_items i WHERE i.id = ri.order_item_id;
ALTER TABLE refund_items ALTER COLUMN item_type SET NOT NULL;
ALTER TABLE refund_items ADD CONSTRAINT refund_items_item_type CHECK (item_type IN ('ticket', 'merchandise', 'fee'));

CREATE FUNCTION refund_items_item_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.type INTO NEW.item_type FROM order_items i WHERE i.id = NEW.order_item_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER refund_items_item_type BEFORE INSERT OR UPDATE OF order_item_id, item_type ON refund_items
  FOR EACH ROW EXECUTE FUNCTION refund_items_item_type();
