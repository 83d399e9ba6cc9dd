import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { ListQuery, Promo, PromoBody, PromoList, PromoOptions } from '../../../src/contracts/promos';
import type { Db } from '../../db/database';
import { ValidationError } from '../../httpErrors';
import { BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { checkPromo, CODE_TAKEN, codeTaken, generatePromoCode, PROMO_SELECT, promoFromRow, readPromo, type PromoRow } from './promoQueries';

const back = { access: BACK_OFFICE };
const owned = { access: BACK_OFFICE, owns: { id: 'discount' } };

const COLUMNS = `promoter_id, event_id, name, promo_code, item_type, type, value, discount_type, min_tickets, min_kids, data,
                 max_usages, max_person_items, person_usages, expire_date`;
const values = (p: PromoRow, code: string) => [
  p.promoter, p.event, p.name, code, p.item_type, p.type, p.value, p.discount_type, p.min_tickets, p.min_kids,
  JSON.stringify(p.data ?? {}), p.max_usages, p.max_person_items, p.person_usages, p.expire_date,
];

async function withCodeMessage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (codeTaken(err)) throw new ValidationError({ promo_code: [CODE_TAKEN] });
    throw err;
  }
}

/** Promo codes (002 §2 "Promo codes", §4, §5, §7): list, read, create (a blank code is generated), edit, (de)activate. */
export async function promosRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/discounts', { config: back, schema: { querystring: ListQuery, response: { 200: PromoList } } }, async (request) => {
    const q = request.query as ListQuery;
    const promoter = scopedPromoterId(sessionUser(request), q.promoter ?? null);
    const perPage = q.per_page ?? 10;
    const { rows } = await db.query<Record<string, unknown>>(
      `${PROMO_SELECT} WHERE ($1::bigint IS NULL OR d.promoter_id = $1) ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [promoter, perPage, ((q.page ?? 1) - 1) * perPage],
    );
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM discounts WHERE ($1::bigint IS NULL OR promoter_id = $1)', [promoter]);
    return { collection: rows.map(promoFromRow), count: count.rows[0].n };
  });

  app.get('/api/discounts/options', { config: back, schema: { response: { 200: PromoOptions } } }, async (request) => {
    const promoter = scopedPromoterId(sessionUser(request));
    const [promoters, events, discounts] = await Promise.all([
      db.query<{ id: number; name: string }>('SELECT id, name FROM promoters WHERE ($1::bigint IS NULL OR id = $1) ORDER BY name', [promoter]),
      db.query<{ id: number; name: string; promoter_id: number }>(
        `SELECT e.id, e.promoter_id, coalesce((SELECT coalesce(nullif(max(t.name) FILTER (WHERE t.language = 'en'), ''), max(t.name) FILTER (WHERE t.language = 'sv'))
                                     FROM event_translations t WHERE t.event_id = e.id), 'Event ' || e.id) AS name
           FROM events e WHERE ($1::bigint IS NULL OR e.promoter_id = $1) ORDER BY e.start_date DESC, e.id`,
        [promoter],
      ),
      db.query<{ id: number; name: string; promo_code: string; promoter_id: number }>(
        'SELECT id, name, promo_code, promoter_id FROM discounts WHERE ($1::bigint IS NULL OR promoter_id = $1) ORDER BY upper(promo_code)',
        [promoter],
      ),
    ]);
    return {
      promoters: promoters.rows.map((r) => ({ id: Number(r.id), name: r.name })),
      events: events.rows.map((r) => ({ id: Number(r.id), name: r.name, promoter_id: Number(r.promoter_id) })),
      discounts: discounts.rows.map((r) => ({ id: Number(r.id), name: r.name, promo_code: r.promo_code, promoter_id: Number(r.promoter_id) })),
    };
  });

  app.get('/api/discounts/:id', { config: owned, schema: { params: IdParams, response: { 200: Promo } } }, async (request) =>
    readPromo(db, sessionUser(request), (request.params as { id: number }).id),
  );

  app.post('/api/discounts', { config: back, schema: { body: PromoBody, response: { 200: Promo } } }, async (request) => {
    const user = sessionUser(request);
    return withCodeMessage(() =>
      db.transaction(async (tx) => {
        const row = await checkPromo(tx, user, request.body as PromoBody, 'create');
        // A blank code: the system makes one (002 §5); ON CONFLICT leaves the unique index as the only judge.
        for (let attempt = 0; attempt < 5; attempt++) {
          const code = row.promo_code ?? generatePromoCode();
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO discounts (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15::date)
             ON CONFLICT DO NOTHING RETURNING id`,
            values(row, code),
          );
          if (rows[0]) return readPromo(tx, user, Number(rows[0].id));
          if (row.promo_code !== null) break;
        }
        throw new ValidationError({ promo_code: [CODE_TAKEN] });
      }),
    );
  });

  app.put('/api/discounts/:id', { config: owned, schema: { params: IdParams, body: PromoBody, response: { 200: Promo } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    const body = request.body as PromoBody;
    return withCodeMessage(() =>
      db.transaction(async (tx) => {
        const current = await readPromo(tx, user, id, true);
        // Activate / Deactivate sends only `active` (002 §7).
        if (Object.keys(body).every((k) => k === 'active')) {
          if (typeof body.active === 'boolean') await tx.query('UPDATE discounts SET active = $2 WHERE id = $1', [id, body.active]);
          return readPromo(tx, user, id);
        }
        const row = await checkPromo(tx, user, { ...body, promoter: user.type === 'admin' ? (body.promoter ?? current.promoter.id) : undefined }, 'edit');
        await tx.query(
          `UPDATE discounts SET (${COLUMNS}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16::date),
                  active = coalesce($17, active)
            WHERE id = $1`,
          [id, ...values(row, row.promo_code as string), body.active ?? null],
        );
        return readPromo(tx, user, id);
      }),
    );
  });
}
