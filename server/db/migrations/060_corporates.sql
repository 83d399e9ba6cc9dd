-- Corporates and the corporate app (issue 19; spec 002 §2 "Corporates", 001 §2 "Corporate app", §4, §5).
-- A corporate is a users row of type 'corporate' with its promoter; the company's name is its own column (the
-- representative's first and last name stay in first_name/last_name, `name` keeps the company name for lists).
ALTER TABLE users ADD COLUMN corporate_name text;

-- A corporate's reservations (orders.corporate_id), newest first: the management page and the corporate app.
CREATE INDEX orders_corporate ON orders (corporate_id, created_at DESC) WHERE corporate_id IS NOT NULL;

-- The person search when sending a ticket (001 §5) sends digits only: stored numbers are compared by their digits.
CREATE INDEX users_phone_digits ON users (regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone IS NOT NULL;

-- Every send of a ticket to a person, and its return (only the receiver returns a ticket, from the public app):
-- the corporate app's sent / unsent / returned counts read it. order_items.holder_id is the current holder.
CREATE TABLE ticket_sends (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_item_id bigint NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
  holder_id bigint NOT NULL REFERENCES users (id),
  sent_by bigint REFERENCES users (id),
  sent_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'Europe/Stockholm'),
  returned_at timestamp
);
CREATE INDEX ticket_sends_item ON ticket_sends (order_item_id);
-- A ticket is with at most one person at a time: one open send per item, guarded by the database.
CREATE UNIQUE INDEX ticket_sends_one_open ON ticket_sends (order_item_id) WHERE returned_at IS NULL;
