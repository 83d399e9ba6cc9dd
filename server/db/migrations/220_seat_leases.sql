-- Seat leases (issue 35, docs/boxoffice.md "Seat leases"). A counter (its box-office reservation) leases a block of
-- seats until ends_at: every other channel is refused those seats, and at ends_at the unsold ones return to sale by
-- themselves. A lease is rows, guarded in the database as reserves are:
--   * a seat is in at most one running lease: the unique index on places not yet released (two counters racing for a
--     seat: the second insert waits for the first and then finds it, so exactly one wins);
--   * a lease never takes a sold or held seat, and no other order takes a leased one: a lease write holds the
--     event's lease lock exclusively while it checks the taken seats and writes its places; every write of a ticket
--     on a seat takes the same lock shared (the triggers below) before it checks the running leases. Whichever comes
--     second waits for the first to commit and then sees it: no check-then-write race.
-- server/seat-leases/seatLeases.ts writes them; server/seat-leases/leaseExpiry.ts announces ends.
CREATE TABLE seat_leases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- The counter: the box-office reservation the lease is held for (its sales go into it).
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  holder_id bigint NOT NULL REFERENCES users (id),
  ends_at timestamptz NOT NULL,
  -- Handed back by the counter, or revoked by an admin (revoked_by set): its places are released at that moment.
  ended_at timestamptz,
  revoked_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seat_lease_revoked_is_ended CHECK (revoked_by IS NULL OR ended_at IS NOT NULL)
);
CREATE INDEX seat_leases_event ON seat_leases (event_id) WHERE ended_at IS NULL;
CREATE INDEX seat_leases_order ON seat_leases (order_id);
CREATE INDEX seat_leases_ends ON seat_leases (ends_at) WHERE ended_at IS NULL;

CREATE TABLE seat_lease_places (
  lease_id bigint NOT NULL REFERENCES seat_leases (id) ON DELETE CASCADE,
  event_id bigint NOT NULL,
  section_id bigint NOT NULL REFERENCES map_sections (id),
  seat_id bigint NOT NULL REFERENCES map_seats (id),
  -- The counter, kept on the place: the guard compares it with the order that writes a ticket.
  order_id bigint NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  -- Shrunk, handed back, revoked, or the lease ended (set by the expiry job or by the next lease of the seat).
  released_at timestamptz,
  PRIMARY KEY (lease_id, seat_id, added_at)
);
CREATE UNIQUE INDEX seat_lease_places_one_lease ON seat_lease_places (event_id, seat_id) WHERE released_at IS NULL;

-- The one definition of a running lease's seat: not released, and its lease neither ended nor past its end. Every
-- reader (the guard, the seat states, the leases list) reads it.
CREATE VIEW active_seat_lease_places AS
  SELECT p.lease_id, p.event_id, p.section_id, p.seat_id, p.order_id, l.ends_at
    FROM seat_lease_places p JOIN seat_leases l ON l.id = p.lease_id
   WHERE p.released_at IS NULL AND l.ended_at IS NULL AND l.ends_at > now();

-- The guard on the other side: a ticket written on a seat (inserted, moved or made valid) by any order other than
-- the counter that leased it is refused with SQLSTATE SL001 (the API answers 409 seat_leased with this message).
CREATE FUNCTION seat_lease_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ev bigint;
  clash record;
BEGIN
  FOR ev IN SELECT DISTINCT n.event_id FROM new_items n
             WHERE n.valid AND n.type = 'ticket' AND n.seat_id IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(35, ev::int);
  END LOOP;
  SELECT n.seat_id, ms.row_label, ms.seat_label, s.name AS section, o.title AS counter,
         to_char(a.ends_at AT TIME ZONE 'Europe/Stockholm', 'HH24:MI') AS until
    INTO clash
    FROM new_items n
    JOIN active_seat_lease_places a ON a.event_id = n.event_id AND a.seat_id = n.seat_id AND a.order_id <> n.order_id
    JOIN map_seats ms ON ms.id = n.seat_id JOIN map_sections s ON s.id = ms.section_id JOIN orders o ON o.id = a.order_id
   WHERE n.valid AND n.type = 'ticket' AND n.seat_id IS NOT NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SL001',
      MESSAGE = format('%s, row %s, seat %s is leased to %s until %s: choose another seat.', clash.section, clash.row_label, clash.seat_label, clash.counter, clash.until);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_seat_lease_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seat_lease_guard();
CREATE TRIGGER order_items_seat_lease_update AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seat_lease_guard();

-- How far the lease-expiry job has looked (as hold_expiry_scan, 170): leases whose ends_at passed since are announced
-- once, by the one process that locks this row (FOR UPDATE SKIP LOCKED).
CREATE TABLE seat_lease_expiry_scan (
  id int PRIMARY KEY CHECK (id = 1),
  scanned_until timestamptz NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO seat_lease_expiry_scan (id, scanned_until) VALUES (1, now());
