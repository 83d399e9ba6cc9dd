-- Reporting on the sales model (issue 7, docs/reports.md "How the reports are computed").
--
-- sales_daily: the paid order items summed per day and per thing sold. A finance report over a year then sums some
-- thousands of rows instead of a million items (PERFORMANCE.md: ≤ 1 s PostgreSQL, ≤ 2 s PGlite). The database keeps
-- it right: statement-level triggers on order_items add what is inserted and paid, and move what is updated or
-- deleted, in the same transaction as the change, whichever process or screen writes. An item counts on the day it
-- was paid (sold_at); later changes to its validity (refund, resale, void) do not unsell it: refunds are reported
-- from the refund tables.
CREATE TABLE sales_daily (
  day date NOT NULL,
  promoter_id bigint NOT NULL,
  event_id bigint NOT NULL,
  channel text NOT NULL,
  type text NOT NULL,
  fee_type text,
  ticket_type_id bigint,
  merchandise_id bigint,
  discount_id bigint,
  vat_percent numeric(5, 2) NOT NULL,
  -- Order item rows, units (quantity), and money in öre: paid, before the promo code, and the promo code's part.
  items integer NOT NULL,
  quantity integer NOT NULL,
  amount_ore bigint NOT NULL,
  original_ore bigint NOT NULL,
  discount_ore bigint NOT NULL,
  CONSTRAINT sales_daily_key UNIQUE NULLS NOT DISTINCT
    (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id, discount_id, vat_percent)
);
CREATE INDEX sales_daily_promoter_day ON sales_daily (promoter_id, day);
CREATE INDEX sales_daily_event_day ON sales_daily (event_id, day);

CREATE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily AS d (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id,
                                  discount_id, vat_percent, items, quantity, amount_ore, original_ore, discount_ore)
    SELECT n.sold_at::date, n.promoter_id, n.event_id, n.channel, n.type, n.fee_type, n.ticket_type_id, n.merchandise_id,
           n.discount_id, n.vat_percent, count(*), sum(n.quantity), sum(n.price_ore::bigint * n.quantity),
           sum(n.original_price_ore::bigint * n.quantity), sum(n.discount_ore::bigint * n.quantity)
      FROM new_items n
     WHERE n.sold_at IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
      SET items = d.items + EXCLUDED.items, quantity = d.quantity + EXCLUDED.quantity,
          amount_ore = d.amount_ore + EXCLUDED.amount_ore, original_ore = d.original_ore + EXCLUDED.original_ore,
          discount_ore = d.discount_ore + EXCLUDED.discount_ore;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_daily AS d (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id,
                                  discount_id, vat_percent, items, quantity, amount_ore, original_ore, discount_ore)
    SELECT o.sold_at::date, o.promoter_id, o.event_id, o.channel, o.type, o.fee_type, o.ticket_type_id, o.merchandise_id,
           o.discount_id, o.vat_percent, -count(*), -sum(o.quantity), -sum(o.price_ore::bigint * o.quantity),
           -sum(o.original_price_ore::bigint * o.quantity), -sum(o.discount_ore::bigint * o.quantity)
      FROM old_items o
     WHERE o.sold_at IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
      SET items = d.items + EXCLUDED.items, quantity = d.quantity + EXCLUDED.quantity,
          amount_ore = d.amount_ore + EXCLUDED.amount_ore, original_ore = d.original_ore + EXCLUDED.original_ore,
          discount_ore = d.discount_ore + EXCLUDED.discount_ore;
  ELSE
    INSERT INTO sales_daily AS d (day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id,
                                  discount_id, vat_percent, items, quantity, amount_ore, original_ore, discount_ore)
    SELECT c.day, c.promoter_id, c.event_id, c.channel, c.type, c.fee_type, c.ticket_type_id, c.merchandise_id,
           c.discount_id, c.vat_percent, sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * c.amount),
           sum(c.sign * c.original), sum(c.sign * c.discount)
      FROM (SELECT -1 AS sign, x.sold_at::date AS day, x.promoter_id, x.event_id, x.channel, x.type, x.fee_type,
                   x.ticket_type_id, x.merchandise_id, x.discount_id, x.vat_percent, x.quantity,
                   x.price_ore::bigint * x.quantity AS amount, x.original_price_ore::bigint * x.quantity AS original,
                   x.discount_ore::bigint * x.quantity AS discount
              FROM old_items x JOIN new_items y ON y.id = x.id
             WHERE x.sold_at IS NOT NULL
               AND (x.sold_at::date, x.promoter_id, x.event_id, x.channel, x.type, x.fee_type, x.ticket_type_id, x.merchandise_id,
                    x.discount_id, x.vat_percent, x.quantity, x.price_ore, x.original_price_ore, x.discount_ore)
                   IS DISTINCT FROM
                   (y.sold_at::date, y.promoter_id, y.event_id, y.channel, y.type, y.fee_type, y.ticket_type_id, y.merchandise_id,
                    y.discount_id, y.vat_percent, y.quantity, y.price_ore, y.original_price_ore, y.discount_ore)
            UNION ALL
            SELECT 1, y.sold_at::date, y.promoter_id, y.event_id, y.channel, y.type, y.fee_type,
                   y.ticket_type_id, y.merchandise_id, y.discount_id, y.vat_percent, y.quantity,
                   y.price_ore::bigint * y.quantity, y.original_price_ore::bigint * y.quantity,
                   y.discount_ore::bigint * y.quantity
              FROM new_items y JOIN old_items x ON x.id = y.id
             WHERE y.sold_at IS NOT NULL
               AND (x.sold_at::date, x.promoter_id, x.event_id, x.channel, x.type, x.fee_type, x.ticket_type_id, x.merchandise_id,
                    x.discount_id, x.vat_percent, x.quantity, x.price_ore, x.original_price_ore, x.discount_ore)
                   IS DISTINCT FROM
                   (y.sold_at::date, y.promoter_id, y.event_id, y.channel, y.type, y.fee_type, y.ticket_type_id, y.merchandise_id,
                    y.discount_id, y.vat_percent, y.quantity, y.price_ore, y.original_price_ore, y.discount_ore)) c
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
      SET items = d.items + EXCLUDED.items, quantity = d.quantity + EXCLUDED.quantity,
          amount_ore = d.amount_ore + EXCLUDED.amount_ore, original_ore = d.original_ore + EXCLUDED.original_ore,
          discount_ore = d.discount_ore + EXCLUDED.discount_ore;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER order_items_sales_daily_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
CREATE TRIGGER order_items_sales_daily_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
CREATE TRIGGER order_items_sales_daily_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();

-- Accounting Reporting lists paid items in time order, page by page (keyset on sold_at, id), over all promoters
-- or one; per event, and the scanning report of an event, start from the event.
CREATE INDEX order_items_sold ON order_items (sold_at, id) WHERE sold_at IS NOT NULL;
CREATE INDEX order_items_event_sold ON order_items (event_id, sold_at);
