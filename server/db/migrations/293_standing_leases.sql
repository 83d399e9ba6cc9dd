-- Standing places in a seat lease (issue 35, docs/boxoffice.md "Standing places in a lease"). Besides seats, a lease
-- holds a number of places of a standing (general-admission) area: while the lease runs they count as taken for every
-- other order, and the counter sells them (online, or offline and replayed). A lease that ends (by its time, handed
-- back, revoked) holds nothing any more: its unsold places are free again by the same definition, with no write.
-- The count is kept right under the area's event_sections row lock (FOR UPDATE), which every writer of standing places
-- takes before it counts (the reserve, a lease take or widen, a copy of reservations): places + taken never exceed
-- the area's seats_count.
CREATE TABLE seat_lease_standing (
  lease_id bigint NOT NULL REFERENCES seat_leases (id) ON DELETE CASCADE,
  event_id bigint NOT NULL,
  section_id bigint NOT NULL REFERENCES map_sections (id),
  -- The counter (the lease's order), kept on the row as on seat_lease_places.
  order_id bigint NOT NULL,
  -- Places leased, and how many of them the counter has sold: a standing sale of the counter in this area while the
  -- lease runs takes from the lease first (server/reservations/reserveTickets.ts).
  places int NOT NULL CHECK (places >= 0),
  sold int NOT NULL DEFAULT 0,
  CONSTRAINT seat_lease_standing_sold CHECK (sold >= 0 AND sold <= places),
  PRIMARY KEY (lease_id, section_id)
);
CREATE INDEX seat_lease_standing_area ON seat_lease_standing (event_id, section_id);

-- The one definition of a running lease's unsold standing places (as active_seat_lease_places for seats): every reader
-- (the reserve's count, a lease's count, the leases list) reads it.
CREATE VIEW active_standing_lease_places AS
  SELECT p.lease_id, p.event_id, p.section_id, p.order_id, (p.places - p.sold)::int AS places, l.ends_at
    FROM seat_lease_standing p JOIN seat_leases l ON l.id = p.lease_id
   WHERE p.places > p.sold AND l.ended_at IS NULL AND l.ends_at > now();
