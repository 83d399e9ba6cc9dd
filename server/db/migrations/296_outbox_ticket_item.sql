-- The ticket a ticket's message is about (docs/outbox.md "The truth on every screen"): the corporate app's ticket list
-- says, per ticket, whether its SMS left the server, waits, or failed, read from the newest message of that ticket.
-- No foreign key: a ticket's item is never deleted, and the forget-user job deletes messages by their recipient.
ALTER TABLE outbox_messages ADD COLUMN order_item_id bigint;
CREATE INDEX outbox_messages_order_item ON outbox_messages (order_item_id, id DESC) WHERE order_item_id IS NOT NULL;
