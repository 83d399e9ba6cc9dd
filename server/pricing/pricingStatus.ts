import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';

/**
 * "Does every seat have a default price?" — the rule behind Publish, the side menu's pricing mark, the dashboard's
 * "Seats priced" and the attach check of seasons (000 §2, §4). Written once, here, as SQL.
 *
 * A seat's effective price set is its event_seats override when `price_overridden` (NULL there = released), else
 * its section's set (event_sections). It has a default price when that set holds a price for the event's default
 * ticket type. Hidden seats (the seat's own flag or its section's "hide all") are not for sale and need no price; a
 * seat both hidden and sold or reserved (hidden before "Hide all" left such seats alone, or in an old database) is
 * counted once, as taken: it is not hidden, it is offered, and its price counts as any other seat's.
 * A general-admission section counts its places: priced when `seats_count > 0` and its set holds the default type;
 * unpriced it counts its capacity (at least 1), so an unpriced GA section always blocks publishing.
 */
export interface SectionPricingStatus {
  section_id: number;
  name: string;
  general_admission: boolean;
  /** Seats (or GA places) for sale: hidden seats left out. */
  seats: number;
  /** Of those, priced with the default ticket type. */
  priced_with_default: number;
  /** Of those, with any price (a seat priced only for another type than the default is priced, not for publishing). */
  priced: number;
  hidden: number;
  /** Sum of the default-type prices of the priced seats (GA: price × places), öre. */
  default_price_sum_ore: number;
}

export interface PricingStatus {
  seats: number;
  priced_with_default: number;
  hidden: number;
  default_price_sum_ore: number;
  /** True when seats exist and every one has a default price: the condition of publishing. */
  complete: boolean;
  sections: SectionPricingStatus[];
}

const SECTION_STATUS_SQL = `
WITH ev AS (SELECT id, map_id FROM events WHERE id = $1),
def AS (
  SELECT psi.price_set_id, psi.price_ore
    FROM price_set_items psi
    JOIN ticket_types tt ON tt.id = psi.ticket_type_id AND tt.is_default
   WHERE tt.event_id = $1
),
sec AS (
  SELECT s.id, s.name, s.position, s.general_admission, s.capacity, s.seat_count,
         coalesce(es.hidden, false) AS hidden_all, es.price_set_id, coalesce(es.seats_count, 0) AS seats_count,
         d.price_ore AS default_ore
    FROM map_sections s
    JOIN ev ON ev.map_id = s.map_id
    LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id
    LEFT JOIN def d ON d.price_set_id = es.price_set_id
),
-- The event's own seat rows; a section's seat total comes from map_sections.seat_count. A seat is closed when it is
-- hidden and no ticket holds it: hidden and taken counts once, as taken (docs/places.md). The taken seats are looked
-- up for the hidden rows alone (the unique index on valid seats): a full read of the event's taken seats cost the
-- stadium 25 ms a call.
own AS (
  SELECT ms.section_id, st.price_overridden, st.price_set_id,
         st.hidden AND NOT EXISTS (SELECT 1 FROM event_taken_seats tk WHERE tk.event_id = $1 AND tk.seat_id = st.seat_id) AS closed
    FROM event_seats st
    JOIN map_seats ms ON ms.id = st.seat_id
   WHERE st.event_id = $1
),
seat AS (
  SELECT o.section_id,
         count(*) FILTER (WHERE o.closed) AS hidden,
         count(*) FILTER (WHERE NOT o.closed AND o.price_overridden) AS overridden,
         count(*) FILTER (WHERE NOT o.closed AND o.price_overridden AND o.price_set_id IS NOT NULL) AS overridden_any,
         count(*) FILTER (WHERE NOT o.closed AND o.price_overridden AND d.price_ore IS NOT NULL) AS overridden_priced,
         coalesce(sum(d.price_ore) FILTER (WHERE NOT o.closed AND o.price_overridden), 0) AS overridden_sum
    FROM own o
    LEFT JOIN def d ON d.price_set_id = o.price_set_id
   GROUP BY o.section_id
),
-- A seated section hidden whole: the seats a ticket holds stay open, each at its own effective price.
held AS (
  SELECT ms.section_id, count(*) AS n,
         count(*) FILTER (WHERE eff.set_id IS NOT NULL) AS priced_any,
         count(*) FILTER (WHERE d.price_ore IS NOT NULL) AS priced,
         coalesce(sum(d.price_ore), 0) AS price_sum
    FROM sec
    JOIN map_seats ms ON ms.section_id = sec.id
    JOIN event_taken_seats tk ON tk.event_id = $1 AND tk.seat_id = ms.id
    LEFT JOIN event_seats st ON st.event_id = $1 AND st.seat_id = tk.seat_id
    CROSS JOIN LATERAL (SELECT effective_price_set(st.price_overridden, st.price_set_id, sec.price_set_id) AS set_id) eff
    LEFT JOIN def d ON d.price_set_id = eff.set_id
   WHERE sec.hidden_all AND NOT sec.general_admission
   GROUP BY ms.section_id
)
SELECT sec.id AS section_id, sec.name, sec.general_admission,
       CASE
         WHEN sec.hidden_all THEN coalesce(held.n, ga.n, 0)
         WHEN sec.general_admission THEN CASE WHEN sec.seats_count > 0 THEN sec.seats_count ELSE greatest(sec.capacity, 1) END
         ELSE sec.seat_count - coalesce(seat.hidden, 0)
       END::int AS seats,
       CASE
         WHEN sec.hidden_all AND sec.general_admission THEN CASE WHEN sec.default_ore IS NOT NULL THEN coalesce(ga.n, 0) ELSE 0 END
         WHEN sec.hidden_all THEN coalesce(held.priced, 0)
         WHEN sec.general_admission THEN CASE WHEN sec.seats_count > 0 AND sec.default_ore IS NOT NULL THEN sec.seats_count ELSE 0 END
         ELSE coalesce(seat.overridden_priced, 0)
              + CASE WHEN sec.default_ore IS NOT NULL THEN (sec.seat_count - coalesce(seat.hidden, 0) - coalesce(seat.overridden, 0)) ELSE 0 END
       END::int AS priced_with_default,
       CASE
         WHEN sec.hidden_all AND sec.general_admission THEN CASE WHEN sec.price_set_id IS NOT NULL THEN coalesce(ga.n, 0) ELSE 0 END
         WHEN sec.hidden_all THEN coalesce(held.priced_any, 0)
         WHEN sec.general_admission THEN CASE WHEN sec.seats_count > 0 AND sec.price_set_id IS NOT NULL THEN sec.seats_count ELSE 0 END
         ELSE coalesce(seat.overridden_any, 0)
              + CASE WHEN sec.price_set_id IS NOT NULL THEN (sec.seat_count - coalesce(seat.hidden, 0) - coalesce(seat.overridden, 0)) ELSE 0 END
       END::int AS priced,
       CASE
         WHEN sec.hidden_all THEN CASE WHEN sec.general_admission THEN greatest(greatest(sec.capacity, 1) - coalesce(ga.n, 0), 0) ELSE sec.seat_count - coalesce(held.n, 0) END
         ELSE coalesce(seat.hidden, 0)
       END::int AS hidden,
       CASE
         WHEN sec.hidden_all AND sec.general_admission THEN coalesce(sec.default_ore, 0)::bigint * coalesce(ga.n, 0)
         WHEN sec.hidden_all THEN coalesce(held.price_sum, 0)
         WHEN sec.general_admission THEN CASE WHEN sec.seats_count > 0 THEN coalesce(sec.default_ore, 0)::bigint * sec.seats_count ELSE 0 END
         ELSE coalesce(seat.overridden_sum, 0) + coalesce(sec.default_ore, 0)::bigint * (sec.seat_count - coalesce(seat.hidden, 0) - coalesce(seat.overridden, 0))
       END::bigint AS default_price_sum_ore -- bigint: 40,000 standing places at 1,276 SEK overflow int öre
  FROM sec
  LEFT JOIN seat ON seat.section_id = sec.id
  LEFT JOIN held ON held.section_id = sec.id
  -- A standing area hidden whole keeps the places its tickets hold: counted as taken, not hidden, as seats are. Read
  -- for such an area alone (a one-time filter skips the others).
  LEFT JOIN LATERAL (
    SELECT count(*) AS n FROM event_place_items p
     WHERE sec.hidden_all AND sec.general_admission AND p.event_id = $1 AND p.section_id = sec.id AND p.seat_id IS NULL
  ) ga ON true
 ORDER BY sec.position`;

/** Per-section and total pricing status of an event's map (see the rule above). Empty for an unknown event. */
export async function pricingStatus(db: Queryable, eventId: number): Promise<PricingStatus> {
  // Named: prepared once per connection. Every map load, publish check and dashboard runs it, and its plan (the
  // places view read three ways) cost more to make than to run: 15-21 CPU ms a call unnamed, against 4-5 for the
  // statement before the hidden-and-taken rule.
  const { rows } = await db.query<SectionPricingStatus>({ name: 'pricing_status', text: SECTION_STATUS_SQL }, [eventId]);
  const sections = rows.map((r) => ({
    section_id: Number(r.section_id),
    name: r.name,
    general_admission: r.general_admission,
    seats: Number(r.seats),
    priced_with_default: Number(r.priced_with_default),
    priced: Number(r.priced),
    hidden: Number(r.hidden),
    default_price_sum_ore: Number(r.default_price_sum_ore),
  }));
  const sum = (key: 'seats' | 'priced_with_default' | 'hidden' | 'default_price_sum_ore') => sections.reduce((n, s) => n + s[key], 0);
  const seats = sum('seats');
  const priced = sum('priced_with_default');
  return {
    seats,
    priced_with_default: priced,
    hidden: sum('hidden'),
    default_price_sum_ore: sum('default_price_sum_ore'),
    complete: seats > 0 && priced >= seats,
    sections,
  };
}

/**
 * A published event keeps a default price on every seat for sale, and an event attached to a seasonal event too (000
 * §2's attach rule, checked in seasonsRoutes; the season's tickets sell its seats, issue 34; `seasonChild`: whether
 * the change is one to hold it to, a release). Called before a pricing change, inside its transaction (the event row locked, as publishing locks it); `assertKept` after it refuses the
 * change when it leaves more places for sale without a default price than there were, so the change is rolled back and
 * publish and release cannot interleave into an active, unpriced event. Compared with before, not with none: a seat an
 * old database left unpriced (docs/places.md "Hidden and taken") does not block pricing the others.
 */
export async function watchEventPricing(tx: Queryable, eventId: number, opts: { seasonChild: boolean }): Promise<{ assertKept(): Promise<void> }> {
  const { rows: [event] } = await tx.query<{ active: boolean; child: boolean }>(
    `SELECT status = 'active' AS active, seasonal_event_id IS NOT NULL AS child FROM events WHERE id = $1`, [eventId]);
  const watched = event !== undefined && (event.active || (opts.seasonChild && event.child));
  const unpriced = async () => {
    const status = await pricingStatus(tx, eventId);
    return status.seats === 0 ? 1 : status.seats - status.priced_with_default;
  };
  const before = watched ? await unpriced() : 0;
  return {
    async assertKept() {
      if (!watched || (await unpriced()) <= before) return;
      if (event!.active) {
        throw new HttpError(422, 'published_needs_prices', 'The event is published, so every seat for sale must keep a price. Unpublish the event first, then release or change its prices.');
      }
      throw new HttpError(422, 'season_child_priced', 'This event is part of a seasonal event, so every seat for sale must keep a price. Detach the event from its season first, then release its prices.');
    },
  };
}
