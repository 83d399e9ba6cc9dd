-- Standing places taken per event and section: valid ticket items without a seat. The seat map's "sold or reserved"
-- of a general-admission area counts them, and the capacity check under the section's row lock reads the same rows.
CREATE INDEX order_items_valid_places ON order_items (event_id, section_id) WHERE valid AND seat_id IS NULL AND type = 'ticket';
