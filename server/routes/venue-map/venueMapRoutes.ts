import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { EventSectionsResponse, SectionDetailResponse } from '../../../src/contracts/venueMap';
import { IdParams } from '../../../src/contracts/common';
import type { Db } from '../../db/database';
import { notFound } from '../../httpErrors';
import { BOX_OFFICE_SALES, sessionUser } from '../../plugins/auth';
import { findAccessibleEvent } from '../../events/eventAccess';
import { loadEventSeatMap } from '../../venues/eventSeatMap';
import { pricingStatus } from '../../pricing/pricingStatus';
import { sectionSeatsHeldInSeasonFamily } from '../../reservations/seasonSeats';
import { createMapFileCache, mapFileUrl, pickEncoding, readMapFileVersion } from '../../venues/venueMapFile';

/** The venue map of an event (spec 000 §7, 001 §3, §7) and the map SVGs themselves. */
export async function venueMapRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // A map's SVG, by version (server/venues/venueMapFile.ts): the versioned URL is cached for good and its ETag is the
  // version, so neither the browser's copy nor the console's stored model can outlive the file. Sent precompressed.
  const files = createMapFileCache();
  app.get('/api/venue-maps/:id/svg', {
    config: { access: BOX_OFFICE_SALES },
    schema: { params: IdParams, querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }) },
  }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const asked = (request.query as { v?: string }).v;
    const current = await readMapFileVersion(db, id);
    if (!current) throw notFound('Venue map');
    // An older version's URL: the file changed since; send the current one's (never cached under the old URL).
    if (asked !== undefined && asked !== current.version) {
      return reply.header('cache-control', 'private, no-cache').redirect(mapFileUrl(current), 302);
    }
    const etag = `"${current.version}"`;
    // The bare URL (no version) is revalidated every time; a versioned one never changes.
    const cacheControl = asked === undefined ? 'private, no-cache' : 'private, max-age=31536000, immutable';
    reply.header('cache-control', cacheControl).header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const bodies = await files.bodies(db, current);
    if (!bodies) throw notFound('Venue map');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // Served as text, never as image/svg+xml: the console parses numbers out of it and never renders it as DOM.
    reply.header('content-type', 'text/plain; charset=utf-8').header('x-content-type-options', 'nosniff');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? bodies.br : encoding === 'gzip' ? bodies.gzip : bodies.identity);
  });

  // The map of an event by the event's id, so the console can download and parse it while it asks for the sections
  // (the map's id comes in their answer). A redirect to the map's versioned URL: the browser keeps one copy a version.
  app.get('/api/events/:id/svg', { config: { access: BOX_OFFICE_SALES, owns: { id: 'event' } }, schema: { params: IdParams } }, async (request, reply) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const file = await readMapFileVersion(db, event.map_id);
    if (!file) throw notFound('Venue map');
    return reply.header('cache-control', 'private, no-cache').redirect(mapFileUrl(file), 302);
  });

  app.get('/api/events/:id/sections', {
    config: { access: BOX_OFFICE_SALES, owns: { id: 'event' } },
    schema: { params: IdParams, response: { 200: EventSectionsResponse } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const map = await loadEventSeatMap(db, event);
    if (event.entity_type !== 'seasonal') return map;
    // A season sells its included events' seats: they must be priced first (spec 000 §5 "Pricing").
    const children = await db.query<{ id: number; name: string }>(
      `SELECT e.id, coalesce(t.name, '') AS name FROM events e LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
        WHERE e.seasonal_event_id = $1 ORDER BY e.start_date`, [event.id]);
    const unpriced: { id: number; name: string }[] = [];
    for (const child of children.rows) {
      if (!(await pricingStatus(db, Number(child.id))).complete) unpriced.push({ id: Number(child.id), name: child.name });
    }
    return { ...map, unpriced_child_events: unpriced };
  });

  app.get('/api/events/:id/sections/:section', {
    config: { access: BOX_OFFICE_SALES, owns: { id: 'event' } },
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }), section: Type.String({ maxLength: 200 }) }), response: { 200: SectionDetailResponse } },
  }, async (request) => {
    const { id, section: sectionName } = request.params as { id: number; section: string };
    const event = await findAccessibleEvent(db, sessionUser(request), id);
    const map = await loadEventSeatMap(db, event);
    const section = map.sections.find((s) => s.name === sectionName);
    if (!section) throw notFound(`Section "${sectionName}"`);
    // Reserved or bought in this event: the map's taken seats without those its season family holds (seasonal_child
    // and can_reserve_admin below say those).
    const seasonTaken = new Set(map.season_taken ?? []);
    const taken = new Set(map.taken.filter((seat) => !seasonTaken.has(seat)));
    // 001 §3 seat `seasonal_child`: the event is included in a season and the seat is taken in the season itself
    // (a season ticket holds it for this event too). In the season, a seat taken in an included event is held the
    // other way. Either way the back office may not reserve it (server/reservations/seasonSeats.ts).
    const family = await sectionSeatsHeldInSeasonFamily(db, event.id, section.id);
    const heldBySeason = family.bySeason;
    const typeId = new Map(map.ticket_types.map((t) => [t.name, t.id]));
    const defaultPrices = new Set<number>();
    const { rows } = await db.query<{ id: number; seat_index: number; row_label: string; seat_label: string; accessible: boolean; price_overridden: boolean | null; price_set_id: number | null; hidden: boolean | null }>(
      `SELECT ms.id, ms.seat_index, ms.row_label, ms.seat_label, ms.accessible, e.price_overridden, e.price_set_id, e.hidden
         FROM map_seats ms LEFT JOIN event_seats e ON e.event_id = $1 AND e.seat_id = ms.id
        WHERE ms.section_id = $2 ORDER BY ms.seat_index`,
      [event.id, section.id],
    );
    // A season's ticket holds its seat in the included events too: a seat hidden or unpriced in one of them is not the
    // season's to sell (seats_not_for_sale, 299_seat_for_sale_once.sql; the reserve refuses it).
    const closedInFamily = event.entity_type !== 'seasonal' ? new Set<number>() : new Set((await db.query<{ seat_id: number }>(
      'SELECT seat_id FROM seats_not_for_sale($1::bigint, $2::bigint[]) WHERE closed_in <> event_id',
      [event.id, rows.map((r) => r.id)])).rows.map((r) => Number(r.seat_id)));
    const override = new Map(map.overrides.seat_index.map((seat, i) => [seat, i]));
    const defaultName = map.ticket_types.find((t) => t.default)?.name;
    const rowsOut: { name: string; seats: SectionDetailResponse['rows'][number]['seats'] }[] = [];
    let reservable = 0;
    for (const r of rows) {
      const o = override.get(r.seat_index);
      const set = o !== undefined && map.overrides.price_overridden[o] ? map.overrides.price_set[o] : section.price_set;
      // A price is the seat's price of one ticket type: its id is the ticket type's (what a reserve names).
      const prices = set === null ? [] : Object.entries(map.price_sets[set].prices).map(([name, price]) => ({
        id: typeId.get(name) ?? 0, ticket_type: { name, default: name === defaultName }, original_price: price, actual_price: price,
      }));
      if (rowsOut.at(-1)?.name !== r.row_label) rowsOut.push({ name: r.row_label, seats: [] });
      const hidden = section.hidden || (r.hidden ?? false);
      const reserved = taken.has(r.seat_index);
      // Who may reserve it (docs/reservations.md): the back office any visible, priced, free seat; a user not a
      // function-varied (wheelchair) place, which the back office hands out.
      const seasonalChild = heldBySeason.has(Number(r.id));
      const canReserveAdmin = !section.general_admission && !hidden && !reserved && prices.length > 0
        && !seasonalChild && !family.byIncludedEvent.has(Number(r.id)) && !closedInFamily.has(Number(r.id));
      if (canReserveAdmin) reservable++;
      if (!hidden) for (const p of prices) if (p.ticket_type.default) defaultPrices.add(p.actual_price);
      rowsOut.at(-1)!.seats.push({
        id: Number(r.id), seat_index: r.seat_index, name: r.seat_label, row: r.row_label,
        hidden, reserved, handicapped: r.accessible, seasonal_child: seasonalChild,
        // On sale now (docs/api.md): the event is published and the seat visible, priced, free and not a season's.
        selling: event.status === 'active' && !hidden && !reserved && !seasonalChild && prices.length > 0 && !closedInFamily.has(Number(r.id)),
        can_reserve_admin: canReserveAdmin, can_reserve_user: canReserveAdmin && !r.accessible, prices,
      });
    }
    return {
      id: section.id, name: section.name, map: { id: map.id, name: map.name }, general_admission: section.general_admission,
      places: section.places, seats_count: section.seats_count,
      stats: {
        ...section.stats, all: { seats: section.stats.seats }, can_reserve_admin: reservable,
        default_actual_prices: [...defaultPrices].sort((a, b) => a - b),
      },
      rows: rowsOut,
    };
  });
}
