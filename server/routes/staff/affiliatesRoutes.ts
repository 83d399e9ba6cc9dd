import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, NoContent } from '../../../src/contracts/common';
import { Affiliate, AffiliateCreateBody, AffiliateList, EventAffiliateLinks, StaffListQuery } from '../../../src/contracts/staff';
import type { Db } from '../../db/database';
import { ValidationError } from '../../httpErrors';
import { AFFILIATE_LOGO_MAX_BYTES } from '../../../src/domain/backOfficeForms';
import { BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { wantsCsv } from '../../http/csvStream';
import { sendStaffCsv } from './staffCsv';
import { AFFILIATE_MESSAGES, createAffiliate, deleteAffiliate, listAffiliates, readAffiliate, updateAffiliate } from './affiliates';
import { readAffiliateUpdate } from './affiliateRequest';
import { assertEventVisible } from '../../events/eventAccess';

/** Where an event's affiliate links point: the public shop (docs/staff.md). */
const SHOP_URL = (process.env.SHOP_URL ?? 'https://tickets.arena.demo').replace(/\/+$/, '');

/** Two writers racing for one short name: the unique index refuses the second, which hears the field's message. */
function shortNameClash(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new ValidationError({ link_short_name: [AFFILIATE_MESSAGES.shortNameTaken] });
  throw err;
}

/** Affiliates with their branding (002 §2, §7) and an event's affiliate links (000 §2 "Event links"). */
export async function affiliatesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const back = { access: BACK_OFFICE };
  const owned = { access: BACK_OFFICE, owns: { id: 'affiliate' } };
  await app.register(fastifyMultipart, { limits: { fileSize: AFFILIATE_LOGO_MAX_BYTES } });

  app.get('/api/affiliates', { config: back, schema: { querystring: StaffListQuery, response: { 200: AffiliateList } } }, async (request, reply) => {
    const q = request.query as StaffListQuery;
    if (!wantsCsv(request.headers.accept)) return listAffiliates(db, sessionUser(request), q);
    const sql = `SELECT a.id, a.name, p.name AS promoter_name, a.link_short_name, a.primary_color, a.status
       FROM affiliates a JOIN promoters p ON p.id = a.promoter_id
      WHERE a.id > $1 AND ($3::bigint IS NULL OR a.promoter_id = $3) AND ($4::text IS NULL OR a.status = $4) ORDER BY a.id LIMIT $2`;
    const headers: [string, string][] = [['name', 'Name'], ['promoter_name', 'Promoter'], ['link_short_name', 'Short name'], ['primary_color', 'Primary color'], ['status', 'Status']];
    return sendStaffCsv(reply, db, 'Affiliates.csv', headers, sql, [scopedPromoterId(sessionUser(request), q.promoter ?? null), q.status ?? null]);
  });

  app.get('/api/affiliates/:id', { config: owned, schema: { params: IdParams, response: { 200: Affiliate } } }, async (request) =>
    readAffiliate(db, sessionUser(request), (request.params as { id: number }).id));

  app.post('/api/affiliates', { config: back, schema: { body: AffiliateCreateBody, response: { 201: Affiliate } } }, async (request, reply) => {
    const created = await db.transaction((tx) => createAffiliate(tx, sessionUser(request), request.body as AffiliateCreateBody)).catch(shortNameClash);
    return reply.status(201).send(created);
  });

  // The spec's update is a multipart POST "with override method PUT"; a plain PUT does the same.
  const update = async (request: FastifyRequest) => {
    const id = (request.params as { id: number }).id;
    const input = await readAffiliateUpdate(request);
    return db.transaction((tx) => updateAffiliate(tx, sessionUser(request), id, input)).catch(shortNameClash);
  };
  app.put('/api/affiliates/:id', { config: owned, schema: { params: IdParams, response: { 200: Affiliate } } }, update);
  app.post('/api/affiliates/:id', { config: owned, schema: { params: IdParams, response: { 200: Affiliate } } }, update);

  app.delete('/api/affiliates/:id', { config: owned, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    await db.transaction((tx) => deleteAffiliate(tx, sessionUser(request), (request.params as { id: number }).id));
    return reply.status(204).send();
  });

  app.get('/api/events/:id/affiliate-links', { config: { access: BACK_OFFICE, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: EventAffiliateLinks } } }, async (request) => {
    const event = await assertEventVisible(db, sessionUser(request), (request.params as { id: number }).id);
    const { rows } = await db.query<{ id: number; name: string; link_short_name: string; primary_color: string }>(
      `SELECT id, name, link_short_name, primary_color FROM affiliates WHERE promoter_id = $1 AND status = 'active' ORDER BY lower(name), id`,
      [event.promoter_id],
    );
    const collection = rows.map((r) => ({
      affiliate: { id: Number(r.id), name: r.name, link_short_name: r.link_short_name, primary_color: r.primary_color },
      url: `${SHOP_URL}/events/${event.id}?affiliate=${encodeURIComponent(r.link_short_name)}`,
    }));
    return { collection, count: collection.length };
  });
}
