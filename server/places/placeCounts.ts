import type { Queryable } from '../db/database';

/**
 * Sold, reserved and taken places, read from the one definition: the view `event_place_items`
 * (migration 105_places.sql; the rule in src/domain/places.ts, docs/places.md). Every route that reports these
 * figures uses the helpers here: the dashboard (`/api/events/:id/stats`), the events list and detail
 * (`tickets_delivered`, `tickets_sold`), the seat map's section counts, and the scanning report.
 */

/** Places sold of the event `eventColumn` names, as a scalar subquery (for list rows). */
export const placesSoldSql = (eventColumn: string) =>
  `(SELECT count(*) FROM event_place_items pi WHERE pi.event_id = ${eventColumn} AND pi.state = 'sold')::int`;

/** The condition "order item `alias` is a sold place" (for queries over order_items, e.g. the scanning report). */
export const soldPlaceItemSql = (alias: string) =>
  `EXISTS (SELECT 1 FROM event_place_items pi WHERE pi.order_item_id = ${alias}.id AND pi.state = 'sold')`;

export interface EventPlaceTotals {
  sold: number;
  reserved: number;
}

/** Places sold and reserved of one event. */
export async function eventPlaceTotals(db: Queryable, eventId: number): Promise<EventPlaceTotals> {
  const { rows } = await db.query<{ sold: number; reserved: number }>(
    `SELECT count(*) FILTER (WHERE state = 'sold')::int AS sold, count(*) FILTER (WHERE state = 'reserved')::int AS reserved
       FROM event_place_items WHERE event_id = $1`,
    [eventId],
  );
  return { sold: Number(rows[0].sold), reserved: Number(rows[0].reserved) };
}

/** Places sold and reserved per section of one event (sections without any are absent). */
export async function sectionPlaceCounts(db: Queryable, eventId: number): Promise<Map<number, EventPlaceTotals>> {
  const { rows } = await db.query<{ section_id: number; sold: number; reserved: number }>(
    'SELECT section_id, sold, reserved FROM event_section_place_counts WHERE event_id = $1 AND section_id IS NOT NULL',
    [eventId],
  );
  return new Map(rows.map((r) => [Number(r.section_id), { sold: Number(r.sold), reserved: Number(r.reserved) }]));
}
