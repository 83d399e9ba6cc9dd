-- The copy wizard's reservations step (docs/events.md): a corporate reservation copied onto another event names the
-- reservation it was copied from, so copying the same pair again does not create it twice (the step may be rerun).
ALTER TABLE orders ADD COLUMN copied_from_id bigint REFERENCES orders (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX orders_copied_once ON orders (event_id, copied_from_id)
  WHERE copied_from_id IS NOT NULL AND status IN ('new', 'pending', 'completed');
