import type { EventSection, EventSectionsResponse, MapTicketType, PriceSet, SeatCounts } from '../../src/contracts/venueMap';
import { sekFromOre } from '../../src/domain/money';
import type { Queryable } from '../db/database';
import type { AccessibleEvent } from '../events/eventAccess';
import { sectionPlaceCounts } from '../places/placeCounts';
import { seatSharingEvents } from '../reservations/seasonSeats';
import { pricingStatus } from '../pricing/pricingStatus';
import { seatVersionsNow } from '../seat-state/seatStates';
import { mapFileUrl, versionColumns, versionOf } from './venueMapFile';

interface SectionRow {
  id: number; position: number; name: string; general_admission: boolean; capacity: number; seat_count: number;
  price_set_id: number | null; hidden: boolean; seats_count: number;
}
interface OverrideRow { seat_index: number; section_id: number; price_overridden: boolean; price_set_id: number | null; hidden: boolean }
interface PriceRow { price_set_id: number; ticket_type_id: number; price_ore: number }

const emptyCounts = (): SeatCounts => ({ count: 0, has_default_price: 0, priced: 0, hidden: 0, taken: 0, sold: 0, sum_default_original_price: 0 });

/**
 * An event's seat map state, sparse: section defaults, the seats that differ, the taken seats. Everything is read
 * in small queries (no per-seat scan: a 104,000-seat stadium priced by sections has a few hundred rows). The
 * "default price" figures come from the one rule in pricing/pricingStatus.ts (the same that gates Publish); the
 * map adds what only it needs: seats with any price, and taken seats.
 */
export async function loadEventSeatMap(db: Queryable, event: AccessibleEvent): Promise<EventSectionsResponse> {
  // Read first: a change committed while the rest is read is then both in the answer and after this version in the
  // seat stream (applied twice, harmlessly), never in neither (the contract's seat_version).
  const { version } = await seatVersionsNow(db, event.id);
  const [meta, types, sections, overrides, prices, taken, status] = await Promise.all([
    db.query<{ map_name: string; venue_id: number; venue_name: string; seat_count: number; map_created_at: string; map_row_version: string }>(
      `SELECT m.name AS map_name, v.id AS venue_id, v.name_en AS venue_name, m.seat_count, ${versionColumns('m')}
         FROM venue_maps m JOIN venues v ON v.id = m.venue_id WHERE m.id = $1`, [event.map_id]),
    db.query<{ id: number; name: string; is_default: boolean; kids: boolean; min: number; max: number | null }>(
      'SELECT id, name, is_default, kids, min, max FROM ticket_types WHERE event_id = $1 ORDER BY position, id', [event.id]),
    db.query<SectionRow>(
      `SELECT s.id, s.position, s.name, s.general_admission, s.capacity, s.seat_count,
              es.price_set_id, coalesce(es.hidden, false) AS hidden, coalesce(es.seats_count, 0) AS seats_count
         FROM map_sections s LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id
        WHERE s.map_id = $2 ORDER BY s.position`, [event.id, event.map_id]),
    db.query<OverrideRow>(
      `SELECT ms.seat_index, ms.section_id, e.price_overridden, e.price_set_id, e.hidden
         FROM event_seats e JOIN map_seats ms ON ms.id = e.seat_id
        WHERE e.event_id = $1 ORDER BY ms.seat_index`, [event.id]),
    db.query<PriceRow>(
      `SELECT i.price_set_id, i.ticket_type_id, i.price_ore
         FROM price_sets ps JOIN price_set_items i ON i.price_set_id = ps.id
        WHERE ps.event_id = $1 ORDER BY i.price_set_id, i.ticket_type_id`, [event.id]),
    takenSeats(db, event.id),
    pricingStatus(db, event.id),
  ]);
  const statusOf = new Map(status.sections.map((st) => [st.section_id, st]));

  const ticketTypes: MapTicketType[] = types.rows.map((t) => ({ id: Number(t.id), name: t.name, default: t.is_default, kids: t.kids, min: t.min, max: t.max }));
  const typeName = new Map(ticketTypes.map((t) => [t.id, t.name]));

  // Price sets in first-use order; seats and sections refer to them by index.
  const setIndex = new Map<number, number>();
  const priceSets: PriceSet[] = [];
  for (const p of prices.rows) {
    const id = Number(p.price_set_id);
    let index = setIndex.get(id);
    if (index === undefined) {
      index = priceSets.length;
      setIndex.set(id, index);
      priceSets.push({ prices: {} });
    }
    const name = typeName.get(Number(p.ticket_type_id));
    if (name !== undefined) priceSets[index].prices[name] = sekFromOre(p.price_ore);
  }
  const indexOf = (id: number | null) => (id === null ? null : (setIndex.get(Number(id)) ?? null));

  const bySection = new Map<number, EventSection>();
  const sectionOut: EventSection[] = sections.rows.map((s) => {
    const price_set = indexOf(s.price_set_id);
    const st = statusOf.get(Number(s.id))!;
    const seats = emptyCounts();
    // Seats for sale (hidden ones left out), of them priced with the default type, and their sum: pricingStatus.
    seats.count = st.seats;
    seats.has_default_price = st.priced_with_default;
    seats.sum_default_original_price = sekFromOre(st.default_price_sum_ore);
    seats.hidden = st.hidden;
    // Seats with any price (a seat priced only for another type than the default is priced): the same rule.
    seats.priced = st.priced;
    const out: EventSection = {
      id: Number(s.id), name: s.name, position: s.position, general_admission: s.general_admission,
      places: s.general_admission ? s.capacity : s.seat_count, seats_count: s.seats_count, hidden: s.hidden,
      price_set, stats: { seats },
    };
    bySection.set(out.id, out);
    return out;
  });

  const ov = { seat_index: [] as number[], price_set: [] as (number | null)[], price_overridden: [] as boolean[], hidden: [] as boolean[] };
  for (const o of overrides.rows) {
    ov.seat_index.push(o.seat_index);
    ov.price_set.push(indexOf(o.price_set_id));
    ov.price_overridden.push(o.price_overridden);
    ov.hidden.push(o.hidden);
  }
  // Sold and reserved places per section, seats and standing places alike: the one definition (places/placeCounts.ts).
  for (const [sectionId, c] of taken.bySection) {
    const section = bySection.get(sectionId);
    if (!section) continue;
    section.stats.seats.taken = c.sold + c.reserved;
    section.stats.seats.sold = c.sold;
  }

  const all = emptyCounts();
  for (const s of sectionOut) {
    const c = s.stats.seats;
    all.count += c.count; all.has_default_price += c.has_default_price; all.priced += c.priced;
    all.hidden += c.hidden; all.taken += c.taken; all.sold += c.sold;
  }
  all.sum_default_original_price = sekFromOre(status.default_price_sum_ore);

  const m = meta.rows[0];
  return {
    id: event.map_id, name: m.map_name, svg: mapFileUrl(versionOf(event.map_id, m)),
    venue: { id: Number(m.venue_id), name: m.venue_name },
    event: { id: event.id, name: event.name, status: event.status, entity_type: event.entity_type },
    seat_count: m.seat_count, ticket_types: ticketTypes, price_sets: priceSets, sections: sectionOut,
    overrides: ov, taken: taken.seatIndexes, seat_version: version, season_taken: taken.seasonIndexes, stats: { all: { seats: all } },
  };
}

/**
 * Sold or reserved seats (by seat index) and the sold and reserved places per section, seats and standing places
 * alike, from the one definition of a taken place (the view event_place_items, migration 105). The seats that the
 * event's season family holds (server/reservations/seasonSeats.ts) are taken on the map too (`seasonIndexes`, also in
 * `seatIndexes`), but not counted: the counts are the event's own places.
 */
async function takenSeats(db: Queryable, eventId: number): Promise<{ seatIndexes: number[]; seasonIndexes: number[]; bySection: Map<number, { sold: number; reserved: number }> }> {
  const [seats, season, bySection] = await Promise.all([
    // Each taken seat's index by its key (a join planned a pass over every map's seats: 53 ms against 17 ms for the
    // stadium's 3,000 taken seats on PGlite).
    db.query<{ seat_index: number }>(
      `SELECT (SELECT ms.seat_index FROM map_seats ms WHERE ms.id = t.seat_id) AS seat_index
         FROM event_taken_seats t WHERE t.event_id = $1 ORDER BY 1`, [eventId]),
    // Nothing to read for an event outside a season (the family is empty).
    db.query<{ seat_index: number }>(
      `SELECT (SELECT ms.seat_index FROM map_seats ms WHERE ms.id = f.seat_id) AS seat_index
         FROM (SELECT DISTINCT t.seat_id FROM event_taken_seats t WHERE t.event_id IN (${seatSharingEvents('$1::bigint')})) f
        WHERE NOT EXISTS (SELECT 1 FROM event_taken_seats own WHERE own.event_id = $1 AND own.seat_id = f.seat_id)
        ORDER BY 1`, [eventId]),
    sectionPlaceCounts(db, eventId),
  ]);
  const own = seats.rows.map((r) => r.seat_index);
  const seasonIndexes = season.rows.map((r) => r.seat_index);
  const seatIndexes = seasonIndexes.length === 0 ? own : [...own, ...seasonIndexes].sort((a, b) => a - b);
  return { seatIndexes, seasonIndexes, bySection };
}
