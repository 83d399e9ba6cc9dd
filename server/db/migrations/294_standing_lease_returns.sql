-- A standing place sold from a seat lease goes back to that lease when its ticket is voided or refunded while the lease
-- still runs (issue 35, docs/boxoffice.md "Standing places in a lease"), as a leased seat does: a seat's lease place
-- stays in seat_lease_places when it is sold, so a voided seat ticket leaves the seat the counter's again. Once the
-- lease has ended, the place goes to general sale. Each ticket the lease sold is noted here by the sale
-- (server/seat-leases/leaseGuard.ts takeFromStandingLease), so a ticket the counter sold outside its lease (before
-- it, or beyond its places) goes to general sale.
CREATE TABLE seat_lease_standing_sales (
  item_id bigint PRIMARY KEY REFERENCES order_items (id) ON DELETE CASCADE,
  lease_id bigint NOT NULL,
  section_id bigint NOT NULL,
  FOREIGN KEY (lease_id, section_id) REFERENCES seat_lease_standing (lease_id, section_id) ON DELETE CASCADE
);
CREATE INDEX seat_lease_standing_sales_lease ON seat_lease_standing_sales (lease_id);

-- In the transaction of the void or refund: a ticket of a running lease's places that is no longer valid leaves the
-- lease's sold count. Its place is then free in the lease and nowhere else: the valid tickets fall by one as the
-- lease's unsold places rise by one, in one commit, so every count (the reserve's, a lease's, a copy's, all taken
-- under the area's row lock) sees the same total and nothing is oversold. Tickets are never made valid again.
-- Most updates of order_items happen while no running lease has sold a standing place: the trigger then looks at the
-- few running leases only (their partial index), not at the updated rows.
CREATE FUNCTION seat_lease_standing_return() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM seat_leases l WHERE l.ended_at IS NULL AND l.ends_at > now()
                    AND EXISTS (SELECT 1 FROM seat_lease_standing_sales s WHERE s.lease_id = l.id)) THEN
    RETURN NULL;
  END IF;
  WITH back AS (
    DELETE FROM seat_lease_standing_sales s
     USING new_items n, seat_leases l
     WHERE s.item_id = n.id AND NOT n.valid AND l.id = s.lease_id AND l.ended_at IS NULL AND l.ends_at > now()
    RETURNING s.lease_id, s.section_id)
  UPDATE seat_lease_standing p SET sold = p.sold - b.n
    FROM (SELECT lease_id, section_id, count(*)::int AS n FROM back GROUP BY lease_id, section_id) b
   WHERE p.lease_id = b.lease_id AND p.section_id = b.section_id;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_standing_lease_return AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seat_lease_standing_return();
