-- A seat's price and its being for sale, written once (docs/places.md "Hidden and taken"). Before, "the seat's own
-- price set if it has one, else its section's" was spelt by hand in some fifteen queries, and "hidden or without a
-- price" in four. Every query that asks reads these now; 298's guards are replaced to read them too.
--
-- And the season family in the database: a season ticket holds its seat in every event included in the season
-- (server/reservations/seasonSeats.ts), so the seat must be for sale there too. Before, only the pricing map's rules
-- kept such a seat: the season could sell a seat hidden (or hidden and released) in an included event, and a write
-- past those rules could hide or release, in an included event, a seat the season's ticket holds.

-- The price set a place sells at: a seat's own (event_seats, `overridden`; NULL there: released) if it has one, else
-- its section's (event_sections). A standing area has no seat row: its section's. Inlined by the planner (IMMUTABLE,
-- one expression), so it costs what the expression written out did.
CREATE FUNCTION effective_price_set(overridden boolean, own_set bigint, section_set bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN overridden THEN own_set ELSE section_set END $$;

-- A place hidden: by its own flag (a seat's event_seats row) or its section's ("Hide all"). Either may be missing.
CREATE FUNCTION place_hidden(own_hidden boolean, section_hidden boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(own_hidden, false) OR coalesce(section_hidden, false) $$;

-- Every seat of every event's map as the event sells it: hidden, its price set, and for sale (not hidden, priced for
-- some ticket type). Read it for given (event, seat) pairs or for one event: it is the join the queries wrote.
CREATE VIEW event_seat_sale AS
  SELECT e.id AS event_id, ms.id AS seat_id, ms.section_id,
         place_hidden(st.hidden, es.hidden) AS hidden,
         effective_price_set(st.price_overridden, st.price_set_id, es.price_set_id) AS price_set_id,
         NOT place_hidden(st.hidden, es.hidden) AND effective_price_set(st.price_overridden, st.price_set_id, es.price_set_id) IS NOT NULL AS for_sale
    FROM events e
    JOIN map_seats ms ON ms.map_id = e.map_id
    LEFT JOIN event_sections es ON es.event_id = e.id AND es.section_id = ms.section_id
    LEFT JOIN event_seats st ON st.event_id = e.id AND st.seat_id = ms.id;

-- Where a ticket of an event holds its seat: in the event, and a season's ticket in each event included in it too.
CREATE VIEW ticket_seat_events AS
  SELECT id AS event_id, id AS holds_in FROM events
  UNION ALL SELECT seasonal_event_id, id FROM events WHERE seasonal_event_id IS NOT NULL;

-- Of (event, seat) pairs, those a ticket of that event may not hold: the seat is not for sale in the event, or (a
-- season) in one of its included events; `closed_in` says where (the first such event), `hidden` why. One row a pair,
-- ordered as the map lists seats. The ticket guard's reading, and the reservation's extension's and the copy's.
CREATE FUNCTION seats_not_for_sale(evs bigint[], seats bigint[])
  RETURNS TABLE (event_id bigint, seat_id bigint, section text, row_label text, seat_label text, hidden boolean, closed_in bigint)
  LANGUAGE sql STABLE AS $$
  -- The (event, seat, event the ticket holds the seat in) triples first, a table of their own: folded into the view's
  -- joins, the planner read the seat in every event of its map before it kept the one asked (20,000 seats of the
  -- stadium: 60 → 130 ms).
  WITH held AS MATERIALIZED (
    SELECT a.event_id, a.seat_id, f.holds_in
      FROM unnest(evs, seats) AS a(event_id, seat_id) JOIN ticket_seat_events f ON f.event_id = a.event_id)
  SELECT c.event_id, c.seat_id, s.name::text, ms.row_label::text, ms.seat_label::text, c.hidden, c.closed_in
    FROM (SELECT DISTINCT ON (p.event_id, p.seat_id) p.event_id, p.seat_id, v.hidden, v.event_id AS closed_in
            FROM held p JOIN event_seat_sale v ON v.event_id = p.holds_in AND v.seat_id = p.seat_id
           WHERE NOT v.for_sale
           ORDER BY p.event_id, p.seat_id, v.event_id <> p.event_id, v.event_id) c
    JOIN map_seats ms ON ms.id = c.seat_id JOIN map_sections s ON s.id = ms.section_id
   ORDER BY s.position, ms.id, c.event_id
$$;

-- The same for seats of one event.
CREATE FUNCTION seats_not_for_sale(ev bigint, seats bigint[])
  RETURNS TABLE (event_id bigint, seat_id bigint, section text, row_label text, seat_label text, hidden boolean, closed_in bigint)
  LANGUAGE sql STABLE AS $$ SELECT * FROM seats_not_for_sale(array_fill(ev, ARRAY[cardinality(seats)]), seats) $$;

-- Of (event, seat) pairs, the first seat a ticket holds in that event (its own, or its season's: the ticket holds the
-- seat here too) that is not for sale there now. The pricing side's reading.
CREATE FUNCTION first_taken_seat_closed(evs bigint[], seats bigint[])
  RETURNS TABLE (section text, row_label text, seat_label text, hidden boolean) LANGUAGE sql STABLE AS $$
  SELECT s.name::text, ms.row_label::text, ms.seat_label::text, v.hidden
    FROM unnest(evs, seats) AS a(event_id, seat_id)
    JOIN events e ON e.id = a.event_id
    JOIN event_seat_sale v ON v.event_id = a.event_id AND v.seat_id = a.seat_id
    JOIN map_seats ms ON ms.id = a.seat_id JOIN map_sections s ON s.id = ms.section_id
   WHERE NOT v.for_sale
     AND EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id IN (a.event_id, e.seasonal_event_id) AND t.seat_id = a.seat_id)
   ORDER BY s.position, ms.id
   LIMIT 1
$$;

-- The ticket side: a ticket coming onto a seat (inserted, moved to it, made valid again) takes the ticket-write lock
-- (220_seat_leases.sql) of each event it holds the seat in, shared, and is refused when the seat is not for sale in
-- one of them. A season's ticket waits so for a hide or release in an included event, which takes that lock.
CREATE OR REPLACE FUNCTION hidden_seat_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evs bigint[];
  seats bigint[];
  ev bigint;
  clash record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_items n WHERE n.valid AND n.type = 'ticket' AND n.seat_id IS NOT NULL;
  ELSE
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_items n JOIN old_items o ON o.id = n.id
     WHERE n.valid AND n.type = 'ticket' AND n.seat_id IS NOT NULL
       AND (NOT o.valid OR o.seat_id IS DISTINCT FROM n.seat_id OR o.event_id <> n.event_id);
  END IF;
  IF seats IS NULL THEN RETURN NULL; END IF;
  FOR ev IN SELECT DISTINCT holds_in FROM ticket_seat_events WHERE event_id = ANY (evs) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(35, ev::int);
  END LOOP;
  -- A statement after the lock: under READ COMMITTED it sees a hide or a release committed while this write waited.
  SELECT * INTO clash FROM seats_not_for_sale(evs, seats) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SH001',
      MESSAGE = format('%s, row %s, seat %s %s: it is not for sale. Choose another seat.', clash.section, clash.row_label, clash.seat_label,
                       CASE WHEN clash.hidden THEN 'is hidden' ELSE 'has no price' END
                       || CASE WHEN clash.closed_in <> clash.event_id THEN ' in an event of the season' ELSE '' END);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION refuse_taken_seat_closed(evs bigint[], seats bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  SELECT * INTO clash FROM first_taken_seat_closed(evs, seats);
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001',
      MESSAGE = format('%s, row %s, seat %s is sold or reserved: it cannot be %s. Move or refund its ticket first.', clash.section, clash.row_label, clash.seat_label,
                       CASE WHEN clash.hidden THEN 'hidden' ELSE 'released' END);
  END IF;
END $$;

DROP FUNCTION first_seat_not_for_sale(bigint[], bigint[], boolean);

-- event_seats: the seats a statement closed (hidden now, open before) or unpriced (no price now, one before).
CREATE OR REPLACE FUNCTION seat_state_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evs bigint[];
  seats bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_rows n JOIN map_seats ms ON ms.id = n.seat_id
      LEFT JOIN event_sections es ON es.event_id = n.event_id AND es.section_id = ms.section_id
     WHERE (n.hidden AND NOT coalesce(es.hidden, false))
        OR (effective_price_set(n.price_overridden, n.price_set_id, es.price_set_id) IS NULL AND es.price_set_id IS NOT NULL);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_rows n JOIN old_rows o ON o.event_id = n.event_id AND o.seat_id = n.seat_id
      JOIN map_seats ms ON ms.id = n.seat_id
      LEFT JOIN event_sections es ON es.event_id = n.event_id AND es.section_id = ms.section_id
     WHERE (n.hidden AND NOT o.hidden AND NOT coalesce(es.hidden, false))
        OR (effective_price_set(n.price_overridden, n.price_set_id, es.price_set_id) IS NULL
            AND effective_price_set(o.price_overridden, o.price_set_id, es.price_set_id) IS NOT NULL);
  ELSE
    SELECT array_agg(o.event_id), array_agg(o.seat_id) INTO evs, seats
      FROM old_rows o JOIN map_seats ms ON ms.id = o.seat_id
      LEFT JOIN event_sections es ON es.event_id = o.event_id AND es.section_id = ms.section_id
     WHERE effective_price_set(o.price_overridden, o.price_set_id, es.price_set_id) IS NOT NULL AND es.price_set_id IS NULL;
  END IF;
  IF seats IS NULL THEN RETURN NULL; END IF;
  PERFORM lock_ticket_writes(evs);
  PERFORM refuse_taken_seat_closed(evs, seats);
  RETURN NULL;
END $$;

-- event_sections: a seated section a statement hid whole (all its seats), or took the price from (the seats that
-- follow it, with no price of their own); the seats a ticket holds there, the event's own or its season's. A
-- standing area's row is its sale's lock (020_sales.sql): it is left out before any lock is taken.
CREATE OR REPLACE FUNCTION section_state_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evs bigint[];
  sections bigint[];
  hid boolean[];
  seats bigint[];
  ev bigint;
  season bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.event_id), array_agg(n.section_id), array_agg(true) INTO evs, sections, hid
      FROM new_rows n JOIN map_sections s ON s.id = n.section_id AND NOT s.general_admission WHERE n.hidden;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.event_id), array_agg(n.section_id), array_agg(n.hidden AND NOT o.hidden) INTO evs, sections, hid
      FROM new_rows n JOIN old_rows o ON o.event_id = n.event_id AND o.section_id = n.section_id
      JOIN map_sections s ON s.id = n.section_id AND NOT s.general_admission
     WHERE (n.hidden AND NOT o.hidden) OR (n.price_set_id IS NULL AND o.price_set_id IS NOT NULL);
  ELSE
    SELECT array_agg(o.event_id), array_agg(o.section_id), array_agg(false) INTO evs, sections, hid
      FROM old_rows o JOIN map_sections s ON s.id = o.section_id AND NOT s.general_admission WHERE o.price_set_id IS NOT NULL;
  END IF;
  IF evs IS NULL THEN RETURN NULL; END IF;
  PERFORM lock_ticket_writes(evs);
  -- The taken seats so changed, read after the lock (a statement of its own), one event at a time: with the event a
  -- constant the taken seats are found by the unique index on (event, seat), not by the seat alone.
  FOR ev, season IN SELECT DISTINCT e.id, e.seasonal_event_id FROM events e WHERE e.id = ANY (evs) ORDER BY 1 LOOP
    SELECT array_agg(DISTINCT ms.id) INTO seats
      FROM unnest(evs, sections, hid) AS a(event_id, section_id, hid)
      JOIN map_seats ms ON ms.section_id = a.section_id
      JOIN event_taken_seats t ON t.event_id IN (ev, season) AND t.seat_id = ms.id
      LEFT JOIN event_seats st ON st.event_id = ev AND st.seat_id = ms.id
     WHERE a.event_id = ev AND (a.hid OR NOT coalesce(st.price_overridden, false));
    IF seats IS NOT NULL THEN
      PERFORM refuse_taken_seat_closed(array_fill(ev, ARRAY[cardinality(seats)]), seats);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
