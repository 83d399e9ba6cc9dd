-- No ticket comes onto a hidden seat (docs/places.md "Hidden and taken"). "Hide all" closes the seats of a section
-- that are free to close and leaves a sold, reserved or held one as it is (server/pricing/setPrices.ts): it takes the
-- event's ticket-write lock exclusively (the advisory lock 35 of 220_seat_leases.sql), then reads the taken seats and
-- hides the others in a statement of its own. Every write of a ticket on a seat takes the same lock shared (the
-- triggers of 220 and these), and these then refuse a ticket on a seat that is hidden, by its own flag or by its
-- section's. Whichever comes second waits for the first to commit and then sees it: a seat sold at the moment its
-- section is hidden is either left open (the sale came first) or refused its ticket (the hide came first), never
-- both. Refused with SQLSTATE SH001 (the API answers 422 not_reservable with this message).
-- A ticket already on a seat that an old database hid is not refused when it is paid or otherwise changed: only a
-- ticket that comes onto a seat (inserted, moved to it, or made valid again) is checked.
CREATE FUNCTION hidden_seat_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- A statement after the lock: under READ COMMITTED it sees a hide committed while this write waited.
  SELECT s.name AS section, ms.row_label, ms.seat_label
    INTO clash
    FROM unnest(evs, seats) AS a(event_id, seat_id)
    JOIN map_seats ms ON ms.id = a.seat_id JOIN map_sections s ON s.id = ms.section_id
    LEFT JOIN event_seats st ON st.event_id = a.event_id AND st.seat_id = a.seat_id
    LEFT JOIN event_sections es ON es.event_id = a.event_id AND es.section_id = ms.section_id
   WHERE coalesce(st.hidden, false) OR coalesce(es.hidden, false)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'SH001',
      MESSAGE = format('%s, row %s, seat %s is hidden: it is not for sale. Choose another seat.', clash.section, clash.row_label, clash.seat_label);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_hidden_seat_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION hidden_seat_guard();
CREATE TRIGGER order_items_hidden_seat_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION hidden_seat_guard();
