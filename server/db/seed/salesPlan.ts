/**
 * The demo sales as set-based SQL, step 1: what is sold. Every value comes from a row number through `pg_temp.h`
 * (a multiplicative hash, 0..65535), never from random(), so the same seed day gives the same sales everywhere.
 *
 * Shape of the demo (docs/reports.md "The demo sales"): each published event sells between its ticket release and
 * its start (or now); passed events are nearly sold out, upcoming ones in proportion to how long they have been on
 * sale. Seats go in blocks of 12 neighbouring places (a block is sold whole or not at all), split into five orders
 * of 2, 4, 1, 3 and 2 tickets, so an order's seats sit together as people buy them.
 */

/** The constants of the demo economy, in öre and percent. */
export const SALES_CONSTANTS = {
  /** Service fee bands on the ticket's actual price (001 §9): below 300, 600, 1000 kr, and above. */
  serviceFeeSql: (price: string) =>
    `(CASE WHEN ${price} < 30000 THEN 1900 WHEN ${price} < 60000 THEN 2900 WHEN ${price} < 100000 THEN 3900 ELSE 4900 END)`,
  merchandiseAdminFeeOre: 1000,
  merchandiseOrderFeeOre: 3900,
  feeVatPercent: 25,
} as const;

/**
 * The hash every generated value is drawn from: PostgreSQL's own integer hash, 16 bits of it (0..65535). It takes
 * int, not bigint: PGlite is 32-bit, where bigint values are passed by reference and a million of them cost seconds.
 */
export const HASH_FUNCTION = `CREATE OR REPLACE FUNCTION pg_temp.h(x int) RETURNS int LANGUAGE sql IMMUTABLE
  AS 'SELECT hashint4(x) & 65535'`;

/**
 * Context and sale events. $1 = scale (1 = the default volume). An event sells when it is published, ordinary, an
 * event (not a membership card) and its tickets were released at least an hour ago.
 */
export const PLAN_STATEMENTS: string[] = [
  `CREATE TEMP TABLE seed_ctx ON COMMIT DROP AS
   SELECT (now() AT TIME ZONE 'Europe/Stockholm')::timestamp(0) AS now_local,
          date_trunc('day', now() AT TIME ZONE 'Europe/Stockholm') AS today_local,
          (SELECT min(id) FROM users WHERE type = 'attendee') AS att_min,
          (SELECT count(*) FROM users WHERE type = 'attendee') AS att_count,
          (SELECT admin_fee_ore FROM platform_settings) AS admin_fee,
          (SELECT refund_fee_percent FROM platform_settings) AS refund_pct,
          (SELECT coalesce(max(id), 0) FROM orders) AS order_base,
          (SELECT coalesce(max(id), 0) FROM order_items) AS item_base,
          (SELECT coalesce(max(id), 0) FROM payments) AS payment_base,
          (SELECT coalesce(max(id), 0) FROM refunds) AS refund_base`,

  `CREATE TEMP TABLE sale_events ON COMMIT DROP AS
   SELECT e.id AS event_id, e.promoter_id, e.ticket_vat, e.start_date,
          e.tickets_release_date AS opens,
          -- The last moment an order may start: its payment (pay_seconds, at most 124 s) still completes before the
          -- event starts and before the seed's now.
          least(e.start_date, c.now_local - interval '10 minutes') - interval '125 seconds' AS closes,
          e.start_date < c.now_local AS passed,
          e.sell_on_market <> 'false' AS resale,
          (SELECT count(*) FROM ticket_types tt WHERE tt.event_id = e.id)::int AS type_count,
          (SELECT min(id) FROM users u WHERE u.type = 'corporate' AND u.promoter_id = e.promoter_id AND u.status = 'active') AS corporate_id,
          (SELECT array_agg(id ORDER BY id) FROM users u WHERE u.type = 'boxoffice' AND u.promoter_id = e.promoter_id AND u.status = 'active') AS boxoffice_ids,
          (SELECT min(id) FROM users u WHERE u.type = 'scanner' AND u.promoter_id = e.promoter_id AND u.status = 'active') AS scanner_id,
          least(1.0, $1::float8 * CASE WHEN e.start_date < c.now_local THEN 0.97
               ELSE 0.97 * power(extract(epoch FROM c.now_local - e.tickets_release_date) / extract(epoch FROM e.start_date - e.tickets_release_date), 0.6) END) AS share
     FROM events e CROSS JOIN seed_ctx c
    WHERE e.status = 'active' AND e.entity_type = 'ordinary' AND e.behaviour_type = 'event'
      AND e.tickets_release_date < c.now_local - interval '1 hour'`,

  // Every sellable place: priced, not hidden seats, and the places of general-admission sections. A block of 12
  // places is sold when its hash falls under the event's share.
  `CREATE TEMP TABLE gen_places ON COMMIT DROP AS
   WITH places AS (
     SELECT es.event_id, s.id AS seat_id, s.section_id, s.seat_index AS place_key,
            effective_price_set(ov.price_overridden, ov.price_set_id, es.price_set_id) AS price_set_id
       FROM sale_events se
       JOIN event_sections es ON es.event_id = se.event_id AND NOT es.hidden
       JOIN map_seats s ON s.section_id = es.section_id
       LEFT JOIN event_seats ov ON ov.event_id = es.event_id AND ov.seat_id = s.id
      WHERE ov.hidden IS NOT TRUE
     UNION ALL
     SELECT es.event_id, NULL, es.section_id, 10000000 + sec.position * 100000 + g, es.price_set_id
       FROM sale_events se
       JOIN event_sections es ON es.event_id = se.event_id AND NOT es.hidden AND es.seats_count > 0
       JOIN map_sections sec ON sec.id = es.section_id AND sec.general_admission
       CROSS JOIN LATERAL generate_series(0, es.seats_count - 1) AS g
   )
   SELECT p.event_id, p.seat_id, p.section_id, p.place_key, p.price_set_id,
          p.place_key / 12 AS block,
          (ARRAY[0,0,1,1,1,1,2,3,3,3,4,4])[(p.place_key % 12)::int + 1] AS sub,
          (ARRAY[0,1,0,1,2,3,0,0,1,2,0,1])[(p.place_key % 12)::int + 1] AS line,
          -- The ticket type by position: the default for 80 %, the second type for 14 %, the third (if any) 6 %.
          least(se.type_count - 1, CASE WHEN t.h < 80 THEN 0 WHEN t.h < 94 THEN 1 ELSE 2 END) AS type_position
     FROM places p
     JOIN sale_events se ON se.event_id = p.event_id
     CROSS JOIN LATERAL (SELECT pg_temp.h(p.place_key * 7 + (p.event_id % 1000)::int) % 100 AS h) t
    WHERE p.price_set_id IS NOT NULL
      AND pg_temp.h((p.event_id % 1000)::int * 1000003 + p.place_key / 12) < se.share * 65536`,

  // One row per order, with everything about it drawn from its number n (h1 … h15: one hash per decision).
  `CREATE TEMP TABLE gen_orders ON COMMIT DROP AS
   WITH numbered AS (
     SELECT (row_number() OVER (ORDER BY event_id, block, sub))::int AS n, event_id, block, sub, count(*)::int AS tickets
       FROM gen_places GROUP BY event_id, block, sub
   ), hashed AS (
     SELECT x.*, se.promoter_id, se.opens, se.closes, se.passed, se.resale, se.start_date, se.corporate_id, se.boxoffice_ids,
            pg_temp.h(x.n * 16 + 1) % 100 AS h1, pg_temp.h(x.n * 16 + 2) % 1000 AS h2, pg_temp.h(x.n * 16 + 3) AS h3,
            pg_temp.h(x.n * 16 + 4) / 65536::float8 AS u4, pg_temp.h(x.n * 16 + 5) AS h5, pg_temp.h(x.n * 16 + 6) % 100 AS h6,
            pg_temp.h(x.n * 16 + 7) AS h7, pg_temp.h(x.n * 16 + 8) % 100 AS h8, pg_temp.h(x.n * 16 + 9) % 100 AS h9,
            pg_temp.h(x.n * 16 + 10) % 100 AS h10, pg_temp.h(x.n * 16 + 12) % 100 AS h12, pg_temp.h(x.n * 16 + 13) % 10 AS h13,
            pg_temp.h(x.n * 16 + 14) AS h14, pg_temp.h(x.n * 16 + 15) AS h15
       FROM numbered x JOIN sale_events se ON se.event_id = x.event_id
   ), drawn AS (
     SELECT t.*,
            CASE WHEN t.h1 < 3 AND t.corporate_id IS NOT NULL THEN 'corporate'
                 WHEN t.h1 < 9 AND t.boxoffice_ids IS NOT NULL THEN 'boxoffice' ELSE 'purchase' END AS drawn_type
       FROM hashed t
   ), typed AS (
     -- A counter sale is paid on the spot: never a hold.
     SELECT t.*, NOT t.passed AND t.h2 = 0 AND t.drawn_type <> 'boxoffice' AS hold FROM drawn t
   ), timed AS (
     SELECT t.*,
            CASE WHEN t.hold THEN c.now_local - (t.h3 % 900) * interval '1 second'
                 ELSE (t.opens + CASE WHEN t.h3 % 100 < 25 THEN least(interval '2 days', t.closes - t.opens) * t.u4
                                      ELSE (t.closes - t.opens) * sqrt(t.u4) END)::timestamp(0) END AS drawn_at
       FROM typed t CROSS JOIN seed_ctx c
   ), counter AS (
     -- The counters are open in the evening (16:00 to 22:00, as the seeded shifts): a counter sale's moment is its
     -- day's drawn moment moved into those hours.
     SELECT t.*, date_trunc('day', t.drawn_at) + interval '16 hours' + (t.h14 % 21600) * interval '1 second' AS counter_at
       FROM timed t
   ), sold AS (
     -- A box-office sale is sold at the counter by one of the promoter's box-office users, while sales are open and
     -- only before today: the counters' day starts clean (their summary and shift of today are the operator's own
     -- sales; seedShiftCloses). A drawn counter sale that cannot be one is a purchase.
     SELECT t.*, CASE WHEN x.at_counter THEN 'boxoffice' WHEN t.drawn_type = 'boxoffice' THEN 'purchase' ELSE t.drawn_type END AS type,
            CASE WHEN x.at_counter THEN t.counter_at ELSE t.drawn_at END AS created_at,
            t.boxoffice_ids[1 + t.h15 % cardinality(t.boxoffice_ids)] AS boxoffice_id
       FROM counter t CROSS JOIN seed_ctx c
       CROSS JOIN LATERAL (SELECT t.drawn_type = 'boxoffice' AND t.counter_at < c.today_local
                                  AND t.counter_at BETWEEN t.opens AND t.closes AS at_counter) x
   )
   SELECT t.n, t.event_id, t.promoter_id, t.block, t.sub, t.tickets, t.type, t.hold, t.closes, t.passed, t.start_date,
          c.order_base + t.n AS order_id,
          c.payment_base + 2 * t.n AS payment_id,
          -- A box-office sale's order is the box-office reservation of the user who sold it (docs/boxoffice.md).
          CASE t.type WHEN 'corporate' THEN t.corporate_id WHEN 'boxoffice' THEN t.boxoffice_id ELSE c.att_min + t.h5 % c.att_count END AS owner_id,
          CASE WHEN t.type = 'boxoffice' THEN t.boxoffice_id WHEN t.type = 'corporate' THEN t.corporate_id
               ELSE c.att_min + t.h5 % c.att_count END AS reserver_id,
          t.created_at,
          CASE WHEN t.type = 'purchase' AND t.h6 < 4 THEN 'A' WHEN t.type = 'purchase' AND t.h6 < 6 THEN 'B' END AS ticket_code,
          -- Merchandise is sold on line, not at the counter.
          CASE WHEN t.type = 'purchase' AND t.h7 % 100 < 45 THEN 1 + (t.h7 / 100) % 3 ELSE 0 END AS merch_lines,
          t.h8 < 10 AS merch_code,
          t.type = 'purchase' AND NOT t.hold AND t.h9 < 3 AS refund,
          NOT t.hold AND t.h10 < 4 AS merch_return,
          -- Not an order of sales' last 125 s: a resale comes after its payment and by the close (RESALE_STATEMENTS).
          t.type = 'purchase' AND NOT t.hold AND t.resale AND t.h9 BETWEEN 3 AND 6
            AND t.created_at <= t.closes - interval '125 seconds' AS resold,
          t.type = 'purchase' AND t.h12 < 6 AS failed_attempt,
          CASE t.type WHEN 'boxoffice' THEN 'boxoffice' WHEN 'corporate' THEN 'invoice'
               ELSE CASE WHEN t.h13 < 4 THEN 'swish' ELSE 'card' END END AS provider,
          5 + t.h14 % 120 AS pay_seconds,
          t.h15 AS spare
     FROM sold t CROSS JOIN seed_ctx c`,
];
