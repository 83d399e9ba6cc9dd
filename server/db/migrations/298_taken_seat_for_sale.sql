-- A seat with a ticket on it is for sale: priced and not hidden (docs/places.md "Hidden and taken"), whichever
-- write comes second, and whichever path makes it.
--
-- 297 refused a ticket coming onto a hidden seat; a release could still race a sale. The reserve read the seat's
-- price, a release committed (the seat was not taken yet, so its price went), and the reserve then wrote its ticket
-- at the price it had read: the seat was sold with no price. Both sides are guarded now, under the event's
-- ticket-write lock (the advisory lock 35 of 220_seat_leases.sql):
--   * a ticket coming onto a seat (inserted, moved to it, or made valid again) takes the lock shared and is refused
--     when the seat is hidden or has no price (SQLSTATE SH001, the API's 422 not_reservable);
--   * a write of prices or hidden flags that closes a seat or takes its price away (event_seats, event_sections) takes
--     the season family's lock and then the event's exclusively, as server/pricing/setPrices.ts lockTicketWrites does
--     (a no-op there: it holds them already), and is refused when one of those seats is taken (SQLSTATE SP001, 422
--     seat_taken). The pricing map's release, "Hide all" and the copy wizard leave taken seats as they are, so this
--     is the backstop, not the rule's only writing.
-- Whichever waits sees the other's commit: the seat ends sold and priced, or unpriced and not sold.
-- Only what a write changes is checked, so a seat an old database left sold and unpriced blocks no other change.

-- Repair what an old database holds (before 297 and this): a taken seat hidden or without a price. A function, run
-- at the end of this file, so the repair can be tried on a database made to hold such seats (seatForSale.test.ts).
CREATE FUNCTION repair_taken_seats_for_sale() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A section hidden whole by its flag that holds a taken seat: its free seats are hidden one by one and the flag
  -- goes, as "Hide all" leaves such a section. A taken seat hidden by its own flag opens.
  WITH flagged AS (
    SELECT es.event_id, es.section_id
      FROM event_sections es JOIN map_sections s ON s.id = es.section_id AND NOT s.general_admission
     WHERE es.hidden
       AND EXISTS (SELECT 1 FROM event_taken_seats t JOIN map_seats ms ON ms.id = t.seat_id
                    WHERE t.event_id = es.event_id AND ms.section_id = es.section_id)),
  closed AS (
    INSERT INTO event_seats (event_id, seat_id, hidden)
    SELECT f.event_id, ms.id, true FROM flagged f JOIN map_seats ms ON ms.section_id = f.section_id
     WHERE NOT EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id = f.event_id AND t.seat_id = ms.id)
    ON CONFLICT (event_id, seat_id) DO UPDATE SET hidden = true
    RETURNING 1)
  UPDATE event_sections es SET hidden = false FROM flagged f WHERE es.event_id = f.event_id AND es.section_id = f.section_id;

  UPDATE event_seats st SET hidden = false
   WHERE st.hidden AND EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id = st.event_id AND t.seat_id = st.seat_id);

  -- A taken seat without a price: it follows its section's price when the section has one; else it gets a price of its
  -- own, what its ticket was sold at (before discounts) for the ticket's type.
  CREATE TEMP TABLE unpriced_taken AS
    SELECT DISTINCT ON (t.event_id, t.seat_id) t.event_id, t.seat_id, es.price_set_id IS NOT NULL AS section_priced,
           coalesce(i.ticket_type_id, (SELECT tt.id FROM ticket_types tt WHERE tt.event_id = t.event_id AND tt.is_default LIMIT 1)) AS type_id,
           i.original_price_ore AS ore
      FROM event_taken_seats t JOIN map_seats ms ON ms.id = t.seat_id
      JOIN order_items i ON i.event_id = t.event_id AND i.seat_id = t.seat_id AND i.valid AND i.type = 'ticket'
      LEFT JOIN event_sections es ON es.event_id = t.event_id AND es.section_id = ms.section_id
      LEFT JOIN event_seats st ON st.event_id = t.event_id AND st.seat_id = t.seat_id
     WHERE CASE WHEN st.price_overridden THEN st.price_set_id ELSE es.price_set_id END IS NULL
     ORDER BY t.event_id, t.seat_id, i.id DESC;

  UPDATE event_seats st SET price_overridden = false, price_set_id = NULL
    FROM unpriced_taken u WHERE u.section_priced AND st.event_id = u.event_id AND st.seat_id = u.seat_id;

  INSERT INTO price_sets (event_id, key)
  SELECT DISTINCT event_id, type_id || ':' || ore FROM unpriced_taken WHERE NOT section_priced AND type_id IS NOT NULL
  ON CONFLICT (event_id, key) DO NOTHING;

  INSERT INTO price_set_items (price_set_id, ticket_type_id, price_ore)
  SELECT DISTINCT ps.id, u.type_id, u.ore FROM unpriced_taken u
    JOIN price_sets ps ON ps.event_id = u.event_id AND ps.key = u.type_id || ':' || u.ore
   WHERE NOT u.section_priced AND u.type_id IS NOT NULL
  ON CONFLICT DO NOTHING;

  INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id)
  SELECT u.event_id, u.seat_id, true, ps.id FROM unpriced_taken u
    JOIN price_sets ps ON ps.event_id = u.event_id AND ps.key = u.type_id || ':' || u.ore
   WHERE NOT u.section_priced AND u.type_id IS NOT NULL
  ON CONFLICT (event_id, seat_id) DO UPDATE SET price_overridden = true, price_set_id = EXCLUDED.price_set_id;

  DELETE FROM event_seats WHERE NOT price_overridden AND NOT hidden;
  DROP TABLE unpriced_taken;
END $$;

-- The first of (event, seat) pairs that is not for sale now: hidden (its flag or its section's) or without a price
-- (its own, else its section's), with its labels; `taken_only`: among those a ticket holds. Both guards' reading.
CREATE FUNCTION first_seat_not_for_sale(evs bigint[], seats bigint[], taken_only boolean)
  RETURNS TABLE (section text, row_label text, seat_label text, hidden boolean) LANGUAGE sql STABLE AS $$
  SELECT s.name::text, ms.row_label::text, ms.seat_label::text, coalesce(st.hidden, false) OR coalesce(es.hidden, false)
    FROM unnest(evs, seats) AS a(event_id, seat_id)
    JOIN events e ON e.id = a.event_id -- an event being deleted takes its prices with it
    JOIN map_seats ms ON ms.id = a.seat_id JOIN map_sections s ON s.id = ms.section_id
    LEFT JOIN event_seats st ON st.event_id = a.event_id AND st.seat_id = a.seat_id
    LEFT JOIN event_sections es ON es.event_id = a.event_id AND es.section_id = ms.section_id
   WHERE (coalesce(st.hidden, false) OR coalesce(es.hidden, false)
          OR CASE WHEN st.price_overridden THEN st.price_set_id ELSE es.price_set_id END IS NULL)
     AND (NOT taken_only OR EXISTS (SELECT 1 FROM event_taken_seats t WHERE t.event_id = a.event_id AND t.seat_id = a.seat_id))
   ORDER BY s.position, ms.id
   LIMIT 1
$$;

-- The ticket side: 297's guard, which now refuses a seat without a price as it refuses a hidden one.
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
  FOR ev IN SELECT DISTINCT e FROM unnest(evs) AS e ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(35, ev::int);
  END LOOP;
  -- A statement after the lock: under READ COMMITTED it sees a hide or a release committed while this write waited.
  SELECT * INTO clash FROM first_seat_not_for_sale(evs, seats, false);
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SH001',
      MESSAGE = format('%s, row %s, seat %s %s: it is not for sale. Choose another seat.', clash.section, clash.row_label, clash.seat_label,
                       CASE WHEN clash.hidden THEN 'is hidden' ELSE 'has no price' END);
  END IF;
  RETURN NULL;
END $$;

-- The pricing side's lock, in setPrices.ts lockTicketWrites's order: the season families' locks (0x5ea5,
-- server/reservations/seasonSeats.ts), then each event's ticket-write lock exclusively.
CREATE FUNCTION lock_ticket_writes(evs bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k bigint;
BEGIN
  FOR k IN SELECT DISTINCT CASE WHEN e.entity_type = 'seasonal' THEN e.id ELSE e.seasonal_event_id END
             FROM events e WHERE e.id = ANY (evs) AND (e.entity_type = 'seasonal' OR e.seasonal_event_id IS NOT NULL) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(24229, k::int);
  END LOOP;
  FOR k IN SELECT DISTINCT e FROM unnest(evs) AS e ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(35, k::int);
  END LOOP;
END $$;

-- The pricing side's refusal: the first taken seat among (event, seat) pairs that is hidden or has no price now.
CREATE FUNCTION refuse_taken_seat_closed(evs bigint[], seats bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  SELECT * INTO clash FROM first_seat_not_for_sale(evs, seats, true);
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SP001',
      MESSAGE = format('%s, row %s, seat %s is sold or reserved: it cannot be %s. Move or refund its ticket first.', clash.section, clash.row_label, clash.seat_label,
                       CASE WHEN clash.hidden THEN 'hidden' ELSE 'released' END);
  END IF;
END $$;

-- event_seats: the seats a statement closed (hidden now, open before) or unpriced (no price now, one before).
CREATE FUNCTION seat_state_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evs bigint[];
  seats bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_rows n JOIN map_seats ms ON ms.id = n.seat_id
      LEFT JOIN event_sections es ON es.event_id = n.event_id AND es.section_id = ms.section_id
     WHERE (n.hidden AND NOT coalesce(es.hidden, false))
        OR (n.price_overridden AND n.price_set_id IS NULL AND es.price_set_id IS NOT NULL);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.event_id), array_agg(n.seat_id) INTO evs, seats
      FROM new_rows n JOIN old_rows o ON o.event_id = n.event_id AND o.seat_id = n.seat_id
      JOIN map_seats ms ON ms.id = n.seat_id
      LEFT JOIN event_sections es ON es.event_id = n.event_id AND es.section_id = ms.section_id
     WHERE (n.hidden AND NOT o.hidden AND NOT coalesce(es.hidden, false))
        OR (CASE WHEN n.price_overridden THEN n.price_set_id ELSE es.price_set_id END IS NULL
            AND CASE WHEN o.price_overridden THEN o.price_set_id ELSE es.price_set_id END IS NOT NULL);
  ELSE
    SELECT array_agg(o.event_id), array_agg(o.seat_id) INTO evs, seats
      FROM old_rows o JOIN map_seats ms ON ms.id = o.seat_id
      LEFT JOIN event_sections es ON es.event_id = o.event_id AND es.section_id = ms.section_id
     WHERE o.price_overridden AND o.price_set_id IS NOT NULL AND es.price_set_id IS NULL;
  END IF;
  IF seats IS NULL THEN RETURN NULL; END IF;
  PERFORM lock_ticket_writes(evs);
  PERFORM refuse_taken_seat_closed(evs, seats);
  RETURN NULL;
END $$;

-- event_sections: a seated section a statement hid whole (all its seats), or took the price from (the seats that
-- follow it, with no price of their own). A standing area's row is its sale's lock (020_sales.sql): it is left out
-- before any lock is taken, or a release of it would wait for the ticket-write lock holding that row.
CREATE FUNCTION section_state_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evs bigint[];
  sections bigint[];
  hid boolean[];
  seats bigint[];
  ev bigint;
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
  FOR ev IN SELECT DISTINCT e FROM unnest(evs) AS e ORDER BY 1 LOOP
    SELECT array_agg(ms.id) INTO seats
      FROM unnest(evs, sections, hid) AS a(event_id, section_id, hid)
      JOIN map_seats ms ON ms.section_id = a.section_id
      JOIN event_taken_seats t ON t.event_id = ev AND t.seat_id = ms.id
      LEFT JOIN event_seats st ON st.event_id = ev AND st.seat_id = ms.id
     WHERE a.event_id = ev AND (a.hid OR NOT coalesce(st.price_overridden, false));
    IF seats IS NOT NULL THEN
      PERFORM refuse_taken_seat_closed(array_fill(ev, ARRAY[cardinality(seats)]), seats);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER event_seats_state_insert AFTER INSERT ON event_seats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_state_guard();
CREATE TRIGGER event_seats_state_update AFTER UPDATE ON event_seats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_state_guard();
CREATE TRIGGER event_seats_state_delete AFTER DELETE ON event_seats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_state_guard();
CREATE TRIGGER event_sections_state_insert AFTER INSERT ON event_sections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_state_guard();
CREATE TRIGGER event_sections_state_update AFTER UPDATE ON event_sections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_state_guard();
CREATE TRIGGER event_sections_state_delete AFTER DELETE ON event_sections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_state_guard();

SELECT repair_taken_seats_for_sale();
