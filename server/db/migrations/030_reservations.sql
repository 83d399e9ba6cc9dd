-- Event reservations (001 §1-§9, docs/reservations.md).
--
-- Seat-state version per event: every write that changes a seat's state bumps it in its own transaction and notes
-- the seats (or standing sections) it touched, so an open map asks "what changed since version N" and re-colours
-- only those. The version row is also the event's serialisation point for reserve/remove/delete.
CREATE TABLE event_seat_versions (
  event_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);

CREATE TABLE seat_state_changes (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  section_id bigint NOT NULL REFERENCES map_sections (id),
  -- NULL: a standing (general-admission) section's count changed.
  seat_id bigint REFERENCES map_seats (id),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seat_state_changes_since ON seat_state_changes (event_id, version);

-- Holds expire by query, not by cron: an unpaid order ('new' or 'pending') whose reserved_until has passed holds
-- nothing for any reader. Moments are Swedish wall-clock time (020_sales.sql). The unique index
-- order_items_one_valid_seat still counts such items, so a reserve first invalidates the expired holds on the seats
-- it wants, inside its own transaction (server/routes/reservations/reserveTickets.ts).
CREATE OR REPLACE VIEW event_taken_seats AS
  SELECT i.event_id, i.seat_id
    FROM order_items i JOIN orders o ON o.id = i.order_id
   WHERE i.valid AND i.seat_id IS NOT NULL
     AND NOT (o.status IN ('new', 'pending') AND o.reserved_until IS NOT NULL
              AND o.reserved_until < (now() AT TIME ZONE 'Europe/Stockholm'));

CREATE INDEX orders_event_type ON orders (event_id, type) WHERE parent_id IS NULL;
