import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { GenreList, VatList, VatQuery, VenueList, VenueMapList } from '../../../src/contracts/venues';
import type { Db } from '../../db/database';
import { notFound } from '../../httpErrors';
import { BACK_OFFICE } from '../../plugins/auth';

const back = { access: BACK_OFFICE };

/** What the event form chooses from (000 §7): venues, a venue's maps, ticket VAT rates, genres. */
export async function venuesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/venues', { config: back, schema: { response: { 200: VenueList } } }, async () => {
    const { rows } = await db.query<{ id: number; name_en: string; name_sv: string; city: string }>(
      'SELECT id, name_en, name_sv, city FROM venues ORDER BY name_en, id',
    );
    const collection = rows.map((v) => ({
      id: Number(v.id), name: v.name_en, city: v.city,
      translations: [{ language: 'en' as const, name: v.name_en }, { language: 'sv' as const, name: v.name_sv }],
    }));
    return { collection, count: collection.length };
  });

  // Maps without their SVG: the form only needs to choose one (the venue-map screens load the drawing).
  app.get('/api/venues/:id/maps', { config: back, schema: { params: IdParams, response: { 200: VenueMapList } } }, async (request) => {
    const { id } = request.params as { id: number };
    const venue = await db.query('SELECT 1 FROM venues WHERE id = $1', [id]);
    if (!venue.rows.length) throw notFound('Venue');
    const { rows } = await db.query<{ id: number; venue_id: number; name: string; section_count: number; seat_count: number }>(
      'SELECT id, venue_id, name, section_count, seat_count FROM venue_maps WHERE venue_id = $1 ORDER BY name, id',
      [id],
    );
    const collection = rows.map((m) => ({
      id: Number(m.id), venue_id: Number(m.venue_id), name: m.name, sections_count: m.section_count, seats_count: m.seat_count,
    }));
    return { collection, count: collection.length };
  });

  app.get('/api/vats', { config: back, schema: { querystring: VatQuery, response: { 200: VatList } } }, async (request) => {
    const type = (request.query as Record<string, string | undefined>)['filters[item_type]'] ?? null;
    const { rows } = await db.query<{ id: number; name: string; vat: number; item_type: string }>(
      'SELECT id, name, vat::float8 AS vat, item_type FROM vats WHERE ($1::text IS NULL OR item_type = $1) ORDER BY vat, id',
      [type],
    );
    const collection = rows.map((v) => ({ ...v, id: Number(v.id), vat: Number(v.vat) }));
    return { collection, count: collection.length };
  });

  app.get('/api/genres', { config: back, schema: { response: { 200: GenreList } } }, async () => {
    const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM genres ORDER BY name');
    const collection = rows.map((g) => ({ id: Number(g.id), name: g.name }));
    return { collection, count: collection.length };
  });
}
