-- Pricing and hiding change what an open map shows (colours, prices, hidden seats) without taking a seat: they bump
-- the event's seat-state version too and record it here, so `GET api/events/{id}/seat-states?since=N` answers
-- `reload: true` to a map older than the last such change (the map refetches its sections). docs/reservations.md.
ALTER TABLE event_seat_versions ADD COLUMN layout_version bigint NOT NULL DEFAULT 0;
