import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { CopyMerchandiseBody, EventMerchandise, EventMerchandiseList, MerchandiseListQuery } from '../../../src/contracts/events';
import { sekFromOre } from '../../../src/domain/money';
import type { Db, Queryable } from '../../db/database';
import { notFound } from '../../httpErrors';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { assertEventVisible } from '../../events/eventAccess';

const back = { access: BACK_OFFICE };

const COLUMNS = `m.id, m.sku, m.price_ore, m.quantity, m.valid,
  coalesce((SELECT coalesce(nullif(max(t.name) FILTER (WHERE t.language = 'en'), ''), max(t.name) FILTER (WHERE t.language = 'sv'))
              FROM merchandise_translations t WHERE t.merchandise_id = m.id), '') AS name`;

type Row = { id: number; sku: string | null; price_ore: number; quantity: number; valid: boolean; name: string };
const toMerchandise = (r: Row): EventMerchandise => ({
  id: Number(r.id), name: r.name, sku: r.sku, price: sekFromOre(Number(r.price_ore)), quantity: Number(r.quantity), valid: Boolean(r.valid),
});

/**
 * One product of `sourceId` created on `targetId` with its translations and options (stock as the source has it),
 * for the target's promoter. Sold items are not copied: the copy is a new event with nothing sold.
 */
async function copyMerchandise(tx: Queryable, sourceId: number, targetId: number, merchandiseId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO merchandises (event_id, promoter_id, type_id, price_ore, vat_percent, quantity, sku, has_options,
                               max_amount_can_be_sold_in_general, max_amount_can_be_sold_per_option, refundable, valid, age_restriction)
     SELECT $3, (SELECT promoter_id FROM events WHERE id = $3), type_id, price_ore, vat_percent, quantity, sku, has_options,
            max_amount_can_be_sold_in_general, max_amount_can_be_sold_per_option, refundable, valid, age_restriction
       FROM merchandises WHERE id = $1 AND event_id = $2
     RETURNING id`,
    [merchandiseId, sourceId, targetId],
  );
  if (!rows[0]) throw notFound('Merchandise');
  const id = Number(rows[0].id);
  await tx.query(
    `INSERT INTO merchandise_translations (merchandise_id, language, name, description, delivery_description, size_fit_description)
     SELECT $2, language, name, description, delivery_description, size_fit_description FROM merchandise_translations WHERE merchandise_id = $1`,
    [merchandiseId, id],
  );
  await tx.query(
    `INSERT INTO merchandise_options (merchandise_id, name_en, name_sv, sku, quantity)
     SELECT $2, name_en, name_sv, sku, quantity FROM merchandise_options WHERE merchandise_id = $1 ORDER BY id`,
    [merchandiseId, id],
  );
  return id;
}

/** The event's products (read by the copy wizard's Shop step) and the copy of one product to another event. */
export function merchandiseCopyRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/events/:id/merchandises', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, querystring: MerchandiseListQuery, response: { 200: EventMerchandiseList } } }, async (request) => {
    const { id } = request.params as { id: number };
    const q = request.query as MerchandiseListQuery;
    await assertEventVisible(db, sessionUser(request), id);
    const perPage = q.per_page ?? 15;
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM merchandises m WHERE m.event_id = $1 ORDER BY m.id LIMIT $2 OFFSET $3`,
      [id, perPage, ((q.page ?? 1) - 1) * perPage],
    );
    const { rows: n } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchandises WHERE event_id = $1', [id]);
    return { collection: rows.map(toMerchandise), count: n[0].n };
  });

  app.post('/api/events/:id/merchandises/copy', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: CopyMerchandiseBody, response: { 200: EventMerchandise } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { source_event_id, merchandise_id } = request.body as CopyMerchandiseBody;
    const user = sessionUser(request);
    const newId = await db.transaction(async (tx) => {
      await assertEventVisible(tx, user, source_event_id);
      await assertEventVisible(tx, user, id, { lock: true });
      return copyMerchandise(tx, source_event_id, id, merchandise_id);
    });
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM merchandises m WHERE m.id = $1`, [newId]);
    return toMerchandise(rows[0]);
  });
}
