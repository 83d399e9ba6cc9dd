-- One definition of a hold that has ended (issue 37; the rule is src/domain/places.ts holdExpired, and
-- tests/server/placeCounts.test.ts checks the SQL against it). An unpaid order ('new' or 'pending') whose
-- reserved_until has passed holds nothing, even before anyone cleans it up. Moments are Swedish wall-clock time
-- (020_sales.sql). The places view below and the server's queries (server/reservations/reservationQueries.ts EXPIRED)
-- both call this function; it was written out in each before. A one-expression SQL function is inlined by the planner,
-- so the partial index orders_hold_until (165) still serves it.
CREATE FUNCTION hold_ended(status text, reserved_until timestamp) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT status IN ('new', 'pending') AND reserved_until IS NOT NULL
                 AND reserved_until < (now() AT TIME ZONE 'Europe/Stockholm') $$;

CREATE OR REPLACE VIEW event_place_items AS
  SELECT i.id AS order_item_id, i.event_id, i.promoter_id, i.section_id, i.seat_id, i.ticket_type_id, i.order_id,
         CASE WHEN i.sold_at IS NOT NULL THEN 'sold' ELSE 'reserved' END AS state
    FROM order_items i
   WHERE i.valid AND i.type = 'ticket'
     AND (i.sold_at IS NOT NULL
          OR NOT EXISTS (SELECT 1 FROM orders o
                          WHERE o.id = i.order_id
                            AND (o.status IN ('void', 'expired') OR hold_ended(o.status, o.reserved_until))));
