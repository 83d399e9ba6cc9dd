-- Who still holds a place is decided when it is read (event_place_items, migration 105): an item counts unless its
-- order is void or expired, or is a hold whose reserved_until has passed. PostgreSQL plans that NOT EXISTS as one
-- pass over the orders that end a hold; without an index that pass read all orders (145,000 in the demo) on every
-- read of the seat map's counts: 55 ms of the stadium's sections answer, twice. These two partial indexes hold only
-- those orders, so the pass reads a handful of rows (bench:api, sections_100k_event_ms; docs/reservations.md).
CREATE INDEX orders_ended ON orders (id) WHERE status IN ('void', 'expired');
CREATE INDEX orders_hold_until ON orders (reserved_until) WHERE status IN ('new', 'pending') AND reserved_until IS NOT NULL;
