-- Holds that end reach open maps (issue 32, docs/decisions/006-live-seat-states.md). Whether a hold still holds its
-- seats is decided when it is read (event_place_items, 105): nothing is written when reserved_until passes, so no
-- seat-state version moved and open maps kept the seats taken. A job (server/seat-state/holdExpiry.ts) now looks,
-- about once a second, for holds whose reserved_until passed since its last look, and bumps their events' versions
-- with their places. This one row is how far it has looked; the process that locks it (FOR UPDATE SKIP LOCKED)
-- looks, the others skip that round, so several API processes never announce an ending twice.
CREATE TABLE hold_expiry_scan (
  id int PRIMARY KEY CHECK (id = 1),
  -- Wall-clock Stockholm time, as orders.reserved_until is stored.
  scanned_until timestamp NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO hold_expiry_scan (id, scanned_until) VALUES (1, now() AT TIME ZONE 'Europe/Stockholm');
