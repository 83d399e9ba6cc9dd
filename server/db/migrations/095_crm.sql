-- CRM (002 §2 CRM, §9; docs/crm.md): segments of customers by what they bought, messages to them, their export.
--
-- crm_customer_days: what each customer bought, per promoter, event and day, summed from the paid order items of
-- their orders (the customer is the order's owner). A segment count over a year of sales (a million items) then
-- sums some hundred thousand rows, grouped by customer, instead of joining a million items to their orders
-- (PERFORMANCE.md: ≤ 500 ms p95 on PGlite). Like sales_daily, the database keeps it right: statement-level triggers
-- on order_items (items inserted, paid, changed, deleted) and on orders (a reservation moved to another owner) apply
-- the difference in the same transaction, whichever process or screen writes.
CREATE TABLE crm_customer_days (
  promoter_id bigint NOT NULL,
  customer_id bigint NOT NULL,
  event_id bigint NOT NULL,
  day date NOT NULL,
  -- §9 metrics: adult tickets count, ticket spend (öre), merchandise spend (öre), discount usage count (items
  -- bought with a promo code).
  -- integer, not bigint: a customer's spend at one event on one day stays far below 21 million SEK, and sums of
  -- integers are bigint, which PGlite adds several times faster than the numeric sums of bigints.
  adult_tickets integer NOT NULL,
  ticket_ore integer NOT NULL,
  merchandise_ore integer NOT NULL,
  discount_uses integer NOT NULL,
  PRIMARY KEY (promoter_id, customer_id, event_id, day)
);
-- An admin's segment over every promoter groups by customer.
CREATE INDEX crm_customer_days_customer ON crm_customer_days (customer_id);

CREATE FUNCTION crm_customer_days_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_customer_days AS d (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT n.promoter_id, o.owner_id, n.event_id, n.sold_at::date,
           sum(CASE WHEN n.type = 'ticket' AND NOT n.is_child THEN n.quantity ELSE 0 END),
           sum(CASE WHEN n.type = 'ticket' THEN n.price_ore::bigint * n.quantity ELSE 0 END),
           sum(CASE WHEN n.type = 'merchandise' THEN n.price_ore::bigint * n.quantity ELSE 0 END),
           count(n.discount_id)
      FROM new_items n JOIN orders o ON o.id = n.order_id
     WHERE n.sold_at IS NOT NULL AND n.type IN ('ticket', 'merchandise') AND o.owner_id IS NOT NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (promoter_id, customer_id, event_id, day) DO UPDATE
      SET adult_tickets = d.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = d.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = d.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = d.discount_uses + EXCLUDED.discount_uses;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO crm_customer_days AS d (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT x.promoter_id, o.owner_id, x.event_id, x.sold_at::date,
           -sum(CASE WHEN x.type = 'ticket' AND NOT x.is_child THEN x.quantity ELSE 0 END),
           -sum(CASE WHEN x.type = 'ticket' THEN x.price_ore::bigint * x.quantity ELSE 0 END),
           -sum(CASE WHEN x.type = 'merchandise' THEN x.price_ore::bigint * x.quantity ELSE 0 END),
           -count(x.discount_id)
      FROM old_items x JOIN orders o ON o.id = x.order_id
     WHERE x.sold_at IS NOT NULL AND x.type IN ('ticket', 'merchandise') AND o.owner_id IS NOT NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (promoter_id, customer_id, event_id, day) DO UPDATE
      SET adult_tickets = d.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = d.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = d.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = d.discount_uses + EXCLUDED.discount_uses;
  ELSE
    INSERT INTO crm_customer_days AS d (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT c.promoter_id, o.owner_id, c.event_id, c.day, sum(c.sign * c.adult), sum(c.sign * c.ticket),
           sum(c.sign * c.merch), sum(c.sign * c.disc)
      FROM (SELECT -1 AS sign, x.order_id, x.promoter_id, x.event_id, x.sold_at::date AS day,
                   CASE WHEN x.type = 'ticket' AND NOT x.is_child THEN x.quantity ELSE 0 END AS adult,
                   CASE WHEN x.type = 'ticket' THEN x.price_ore::bigint * x.quantity ELSE 0 END AS ticket,
                   CASE WHEN x.type = 'merchandise' THEN x.price_ore::bigint * x.quantity ELSE 0 END AS merch,
                   CASE WHEN x.discount_id IS NULL THEN 0 ELSE 1 END AS disc
              FROM old_items x JOIN new_items y ON y.id = x.id
             WHERE x.sold_at IS NOT NULL AND x.type IN ('ticket', 'merchandise')
               AND (x.order_id, x.promoter_id, x.event_id, x.sold_at::date, x.type, x.is_child, x.quantity, x.price_ore, x.discount_id)
                   IS DISTINCT FROM
                   (y.order_id, y.promoter_id, y.event_id, y.sold_at::date, y.type, y.is_child, y.quantity, y.price_ore, y.discount_id)
            UNION ALL
            SELECT 1, y.order_id, y.promoter_id, y.event_id, y.sold_at::date,
                   CASE WHEN y.type = 'ticket' AND NOT y.is_child THEN y.quantity ELSE 0 END,
                   CASE WHEN y.type = 'ticket' THEN y.price_ore::bigint * y.quantity ELSE 0 END,
                   CASE WHEN y.type = 'merchandise' THEN y.price_ore::bigint * y.quantity ELSE 0 END,
                   CASE WHEN y.discount_id IS NULL THEN 0 ELSE 1 END
              FROM new_items y JOIN old_items x ON x.id = y.id
             WHERE y.sold_at IS NOT NULL AND y.type IN ('ticket', 'merchandise')
               AND (x.order_id, x.promoter_id, x.event_id, x.sold_at::date, x.type, x.is_child, x.quantity, x.price_ore, x.discount_id)
                   IS DISTINCT FROM
                   (y.order_id, y.promoter_id, y.event_id, y.sold_at::date, y.type, y.is_child, y.quantity, y.price_ore, y.discount_id)) c
      JOIN orders o ON o.id = c.order_id
     WHERE o.owner_id IS NOT NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (promoter_id, customer_id, event_id, day) DO UPDATE
      SET adult_tickets = d.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = d.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = d.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = d.discount_uses + EXCLUDED.discount_uses;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER order_items_crm_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_days_items();
CREATE TRIGGER order_items_crm_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_days_items();
CREATE TRIGGER order_items_crm_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_days_items();

-- A reservation given to another owner (merge, reassign) moves what its items bought to the new customer.
-- (PostgreSQL allows no column list on a trigger with transition tables: the function compares the owners itself.)
CREATE FUNCTION crm_customer_days_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_customer_days AS d (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
  SELECT i.promoter_id, m.customer_id, i.event_id, i.sold_at::date,
         sum(m.sign * CASE WHEN i.type = 'ticket' AND NOT i.is_child THEN i.quantity ELSE 0 END),
         sum(m.sign * CASE WHEN i.type = 'ticket' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
         sum(m.sign * CASE WHEN i.type = 'merchandise' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
         sum(m.sign * CASE WHEN i.discount_id IS NULL THEN 0 ELSE 1 END)
    FROM (SELECT x.id AS order_id, -1 AS sign, x.owner_id AS customer_id
            FROM old_orders x JOIN new_orders y ON y.id = x.id
           WHERE x.owner_id IS DISTINCT FROM y.owner_id AND x.owner_id IS NOT NULL
          UNION ALL
          SELECT y.id, 1, y.owner_id
            FROM old_orders x JOIN new_orders y ON y.id = x.id
           WHERE x.owner_id IS DISTINCT FROM y.owner_id AND y.owner_id IS NOT NULL) m
    JOIN order_items i ON i.order_id = m.order_id
   WHERE i.sold_at IS NOT NULL AND i.type IN ('ticket', 'merchandise')
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (promoter_id, customer_id, event_id, day) DO UPDATE
    SET adult_tickets = d.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = d.ticket_ore + EXCLUDED.ticket_ore,
        merchandise_ore = d.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = d.discount_uses + EXCLUDED.discount_uses;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_crm_owner AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_days_owners();

-- crm_customer_months: the same sums per promoter, customer and month, kept from crm_customer_days by its own
-- trigger. A segment without chosen events whose periods are whole months (no time, this month, this year) reads
-- this table: a few rows per customer instead of one per event and day, about four times fewer for the seeded year.
CREATE TABLE crm_customer_months (
  promoter_id bigint NOT NULL,
  customer_id bigint NOT NULL,
  -- The first day of the month.
  month date NOT NULL,
  adult_tickets integer NOT NULL,
  ticket_ore integer NOT NULL,
  merchandise_ore integer NOT NULL,
  discount_uses integer NOT NULL,
  PRIMARY KEY (promoter_id, customer_id, month)
);
CREATE INDEX crm_customer_months_customer ON crm_customer_months (customer_id);

CREATE FUNCTION crm_customer_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_customer_months AS m (promoter_id, customer_id, month, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT n.promoter_id, n.customer_id, date_trunc('month', n.day)::date, sum(n.adult_tickets), sum(n.ticket_ore),
           sum(n.merchandise_ore), sum(n.discount_uses)
      FROM new_days n GROUP BY 1, 2, 3
    ON CONFLICT (promoter_id, customer_id, month) DO UPDATE
      SET adult_tickets = m.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = m.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = m.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = m.discount_uses + EXCLUDED.discount_uses;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO crm_customer_months AS m (promoter_id, customer_id, month, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT o.promoter_id, o.customer_id, date_trunc('month', o.day)::date, -sum(o.adult_tickets), -sum(o.ticket_ore),
           -sum(o.merchandise_ore), -sum(o.discount_uses)
      FROM old_days o GROUP BY 1, 2, 3
    ON CONFLICT (promoter_id, customer_id, month) DO UPDATE
      SET adult_tickets = m.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = m.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = m.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = m.discount_uses + EXCLUDED.discount_uses;
  ELSE
    INSERT INTO crm_customer_months AS m (promoter_id, customer_id, month, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
    SELECT c.promoter_id, c.customer_id, date_trunc('month', c.day)::date, sum(c.a), sum(c.t), sum(c.mo), sum(c.du)
      FROM (SELECT promoter_id, customer_id, day, adult_tickets AS a, ticket_ore AS t, merchandise_ore AS mo, discount_uses AS du FROM new_days
            UNION ALL
            SELECT promoter_id, customer_id, day, -adult_tickets, -ticket_ore, -merchandise_ore, -discount_uses FROM old_days) c
     GROUP BY 1, 2, 3
    ON CONFLICT (promoter_id, customer_id, month) DO UPDATE
      SET adult_tickets = m.adult_tickets + EXCLUDED.adult_tickets, ticket_ore = m.ticket_ore + EXCLUDED.ticket_ore,
          merchandise_ore = m.merchandise_ore + EXCLUDED.merchandise_ore, discount_uses = m.discount_uses + EXCLUDED.discount_uses;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER crm_customer_days_months_insert AFTER INSERT ON crm_customer_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_months_apply();
CREATE TRIGGER crm_customer_days_months_update AFTER UPDATE ON crm_customer_days
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_months_apply();
CREATE TRIGGER crm_customer_days_months_delete AFTER DELETE ON crm_customer_days
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION crm_customer_months_apply();

-- What was sold before this migration.
INSERT INTO crm_customer_days (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
SELECT i.promoter_id, o.owner_id, i.event_id, i.sold_at::date,
       sum(CASE WHEN i.type = 'ticket' AND NOT i.is_child THEN i.quantity ELSE 0 END),
       sum(CASE WHEN i.type = 'ticket' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
       sum(CASE WHEN i.type = 'merchandise' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
       count(i.discount_id)
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE i.sold_at IS NOT NULL AND i.type IN ('ticket', 'merchandise') AND o.owner_id IS NOT NULL
 GROUP BY 1, 2, 3, 4;
-- Statistics for the segment's join (PGlite runs no autovacuum): without them the planner takes the attendees for a
-- handful and loops over them once per customer.
ANALYZE crm_customer_days;
ANALYZE crm_customer_months;
ANALYZE users;

-- A CRM send (POST api/events/send-notification): who sent what to which segment. The texts live here once; the
-- outbox rows name the campaign.
CREATE TABLE crm_campaigns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_id bigint NOT NULL REFERENCES users (id),
  -- The sender's promoter; NULL when an admin sent it over every promoter's customers.
  promoter_id bigint REFERENCES promoters (id),
  content_en text NOT NULL CHECK (content_en <> ''),
  content_sv text NOT NULL CHECK (content_sv <> ''),
  filters jsonb NOT NULL,
  recipients integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The outbox (ARCHITECTURE.md "Messages go to an outbox table"): one row per recipient, written in the same
-- transaction as the send. A delivery job (server/outbox/) takes pending rows with FOR UPDATE SKIP LOCKED and hands
-- each to the delivery adapter (mail or SMS service); without an adapter configured the rows wait as 'pending'.
-- Forgetting a person deletes their rows here (recipient_id).
CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id bigint REFERENCES crm_campaigns (id) ON DELETE CASCADE,
  recipient_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- The e-mail address or phone number when the message was queued.
  address text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'sv')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_messages_pending ON outbox_messages (id) WHERE status = 'pending';
CREATE INDEX outbox_messages_recipient ON outbox_messages (recipient_id);
CREATE INDEX outbox_messages_campaign ON outbox_messages (campaign_id);
