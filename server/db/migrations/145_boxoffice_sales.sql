-- Box-office sales (issue 18, docs/boxoffice.md "What a sale writes"). A sale at the counter is paid at once: its
-- tickets, one ticket_service_fee item per ticket (the promoter's band) and one ticket_admin_fee item per ticket (the
-- reservation's extra fee), all on one payment of provider 'boxoffice'. A per-ticket fee names its ticket here, so a
-- release refunds the ticket with exactly its own fees.
ALTER TABLE order_items ADD COLUMN fee_of_item_id bigint REFERENCES order_items (id);
CREATE INDEX order_items_fee_of ON order_items (fee_of_item_id) WHERE fee_of_item_id IS NOT NULL;
ALTER TABLE order_items ADD CONSTRAINT item_fee_of_is_fee CHECK (fee_of_item_id IS NULL OR type = 'fee');
