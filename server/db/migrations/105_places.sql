-- One truth about places (issue 23, docs/places.md; the rule in src/domain/places.ts).
--
-- event_place_items: every ticket order item that holds a place now, with its state: 'sold' (paid) or 'reserved'
-- (held or reserved, unpaid, and not an expired hold). Invalid items (removed, voided, expired, refunded without
-- keeping the ticket, resold) hold nothing. Every route that reports sold, reserved, taken or for-sale figures reads
-- this view (server/places/placeCounts.ts), so the dashboard, the events list, the seat map, the scanning report and
-- the reservation checks count the same places.
CREATE VIEW event_place_items AS
  SELECT i.id AS order_item_id, i.event_id, i.promoter_id, i.section_id, i.seat_id, i.ticket_type_id, i.order_id,
         CASE WHEN i.sold_at IS NOT NULL THEN 'sold' ELSE 'reserved' END AS state
    FROM order_items i
   WHERE i.valid AND i.type = 'ticket'
     AND (i.sold_at IS NOT NULL
          OR NOT EXISTS (SELECT 1 FROM orders o
                          WHERE o.id = i.order_id
                            AND (o.status IN ('void', 'expired')
                                 OR (o.status IN ('new', 'pending') AND o.reserved_until IS NOT NULL
                                     AND o.reserved_until < (now() AT TIME ZONE 'Europe/Stockholm')))));

-- Seats taken (sold or reserved) per event: the seat map's and the reservation checks' view, now read from the one
-- definition above (same columns as 020/030 defined it).
CREATE OR REPLACE VIEW event_taken_seats AS
  SELECT event_id, seat_id FROM event_place_items WHERE seat_id IS NOT NULL;

-- Places sold and reserved per event and section (a standing area's places and a seated section's seats alike).
CREATE VIEW event_section_place_counts AS
  SELECT event_id, section_id,
         count(*) FILTER (WHERE state = 'sold')::int AS sold,
         count(*) FILTER (WHERE state = 'reserved')::int AS reserved
    FROM event_place_items
   GROUP BY event_id, section_id;
