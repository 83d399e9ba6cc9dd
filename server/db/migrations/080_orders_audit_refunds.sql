-- Orders, refunds and the audit log (issue 20; spec 001 §2 "Orders", "Refund", §4, §5; docs/orders.md).

-- The audit log: every money action (void, refund, re-assign, merchandise price change) adds one row in the
-- transaction of the action. Append-only: the database refuses updates and deletes.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Who: the signed-in user. No foreign key, so that no erasure or merge of a user can rewrite history.
  user_id bigint,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z_.]{0,63}$'),
  event_id bigint,
  promoter_id bigint,
  order_id bigint,
  -- What and how much: öre amounts and ids, shaped per action (docs/orders.md "Audit log").
  amounts jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_event ON audit_log (event_id, created_at DESC) WHERE event_id IS NOT NULL;
CREATE INDEX audit_log_user ON audit_log (user_id, created_at DESC);
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- A refund never exceeds what was paid for an item minus what was already refunded, whoever writes and however
-- many refunds run at once: the insert locks the item's row (a second refund of the same item waits for the first
-- to commit) and then sums what is already refunded. The demo seed loads with triggers off (consistent by
-- construction).
CREATE FUNCTION refund_items_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  already bigint;
BEGIN
  SELECT i.price_ore::bigint * i.quantity INTO paid FROM order_items i WHERE i.id = NEW.order_item_id FOR UPDATE;
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
CREATE TRIGGER refund_items_within_paid BEFORE INSERT ON refund_items
  FOR EACH ROW EXECUTE FUNCTION refund_items_within_paid();

-- Idempotent refunds: the first result of a key is kept and answered again for the same key (per user).
CREATE TABLE refund_requests (
  user_id bigint NOT NULL,
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  order_id bigint NOT NULL,
  response jsonb NOT NULL,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  PRIMARY KEY (user_id, idempotency_key)
);

-- The orders list: newest first, and the search's lookups (docs/orders.md "Search and indexes").
CREATE INDEX orders_created ON orders (created_at DESC, id DESC) WHERE parent_id IS NULL;
CREATE INDEX orders_reserver ON orders (reserver_id);
-- 'Not yet accepted tickets' (accepted=0): the few orders not confirmed yet, newest first.
CREATE INDEX orders_not_accepted ON orders (created_at DESC, id DESC)
  WHERE parent_id IS NULL AND confirmation_status IN ('unconfirmed', 'pending');
