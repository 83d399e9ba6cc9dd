import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { HideSeatsBody, PricableGaSections, PricesBody, PricesResponse } from '../../../src/contracts/pricing';
import { sekFromOre } from '../../../src/domain/money';
import type { Db } from '../../db/database';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { findAccessibleEvent } from '../../events/eventAccess';
import { hideSeats, priceGeneralAdmission, priceSeats, priceSection } from '../../pricing/setPrices';
import { watchEventPricing } from '../../pricing/pricingStatus';
import { bumpLayoutVersion } from '../../seat-state/seatVersions';

// A drawn selection of many thousand seats is a large JSON body; everything else stays under the 2 MB default.
const LARGE_BODY = 16 * 1024 * 1024;

/** Pricing on the venue map (spec 000 §4 §5 §7, 001 §5 §7): prices, release, hide and unhide, GA sections. */
export async function pricingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.post('/api/events/:id/prices', {
    config: { access: BACK_OFFICE, owns: { id: 'event' } },
    bodyLimit: LARGE_BODY,
    schema: { params: IdParams, body: PricesBody, response: { 200: PricesResponse } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const body = request.body as PricesBody;
    const releases = 'seats' in body
      ? body.seats.some((s) => Object.keys(s.prices).length === 0)
      : Object.keys(body.prices).length === 0 || ('seats_count' in body && body.seats_count === 0);
    const { changed, kept } = await db.transaction(async (tx) => {
      // One pricing change at a time per event: two promoters saving overlapping selections cannot interleave.
      await tx.query('SELECT 1 FROM events WHERE id = $1 FOR UPDATE', [event.id]);
      // Only a release can unprice a seat: for a season's event, setting prices is never refused here.
      const pricing = await watchEventPricing(tx, event.id, { seasonChild: releases });
      const { changed: n, kept: k } = 'seats' in body
        ? { changed: await priceSeats(tx, event.id, event.map_id, body.seats), kept: undefined }
        : 'seats_count' in body
          ? { changed: await priceGeneralAdmission(tx, event.id, event.map_id, body.section, body.seats_count, body.prices), kept: undefined }
          : await priceSection(tx, event.id, event.map_id, body.section, body.prices);
      await pricing.assertKept();
      if (n > 0) await bumpLayoutVersion(tx, event.id); // open maps reload (seat-states answers reload)
      return { changed: n, kept: k };
    });
    const released = 'prices' in body && Object.keys(body.prices).length === 0 || ('seats' in body && body.seats.every((s) => Object.keys(s.prices).length === 0));
    return { message: released ? 'Prices released' : 'Prices saved', changed, ...(kept ? { kept } : {}) };
  });

  app.post('/api/events/:id/hide-seats', {
    config: { access: BACK_OFFICE, owns: { id: 'event' } },
    bodyLimit: LARGE_BODY,
    schema: { params: IdParams, body: HideSeatsBody, response: { 200: PricesResponse } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const body = request.body as HideSeatsBody;
    const { changed, kept } = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM events WHERE id = $1 FOR UPDATE', [event.id]);
      const pricing = await watchEventPricing(tx, event.id, { seasonChild: false });
      const result = await hideSeats(tx, event.id, event.map_id, body.action, 'seats' in body ? { seats: body.seats } : { section: body.section });
      await pricing.assertKept();
      if (result.changed > 0 || result.kept > 0) await bumpLayoutVersion(tx, event.id); // open maps reload (seat-states answers reload)
      return result;
    });
    return { message: body.action === 'hide' ? 'Seats hidden' : 'Seats unhidden', changed, ...(kept ? { kept } : {}) };
  });

  app.get('/api/events/:id/pricable-ga-sections', {
    config: { access: BACK_OFFICE, owns: { id: 'event' } },
    schema: { params: IdParams, response: { 200: PricableGaSections } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const { rows } = await db.query<{ id: number; name: string; capacity: number; seats_count: number | null; tt: string | null; price_ore: number | null }>(
      `SELECT s.id, s.name, s.capacity, es.seats_count, tt.name AS tt, i.price_ore
         FROM map_sections s
         LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id
         LEFT JOIN price_set_items i ON i.price_set_id = es.price_set_id
         LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
        WHERE s.map_id = $2 AND s.general_admission ORDER BY s.position, tt.position`,
      [event.id, event.map_id],
    );
    const byId = new Map<number, { id: number; name: string; places: number; seats_count: number; prices: Record<string, number> }>();
    for (const r of rows) {
      const id = Number(r.id);
      const s = byId.get(id) ?? byId.set(id, { id, name: r.name, places: r.capacity, seats_count: r.seats_count ?? 0, prices: {} }).get(id)!;
      if (r.tt !== null && r.price_ore !== null) s.prices[r.tt] = sekFromOre(r.price_ore);
    }
    return { collection: [...byId.values()] };
  });
}
