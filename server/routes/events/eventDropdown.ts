import type { FastifyInstance } from 'fastify';
import { EventDropdown, EventDropdownQuery } from '../../../src/contracts/events';
import type { Db } from '../../db/database';
import { BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET api/events/dropdown with filters (002 §7): one call for every event picker, so each picker offers the same
 * events by the same rules. A promoter only ever gets their own events, whatever filters[promoter_id] says. Newest
 * first; names in English, else Swedish.
 */
export async function eventDropdownRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.get('/api/events/dropdown', {
    config: { access: BACK_OFFICE },
    schema: { querystring: EventDropdownQuery, response: { 200: EventDropdown } },
  }, async (request) => {
    const q = request.query as EventDropdownQuery;
    const where: string[] = ['TRUE'];
    const params: unknown[] = [];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const promoter = scopedPromoterId(sessionUser(request), q['filters[promoter_id]'] ?? null);
    if (promoter !== null) where.push(`e.promoter_id = ${add(promoter)}`);
    if (q['filters[entity_type]']) where.push(`e.entity_type = ${add(q['filters[entity_type]'])}`);
    if (q['filters[status]']) where.push(`e.status = ${add(q['filters[status]'])}`);
    if (q['filters[has_orders]'] === 1) where.push('EXISTS (SELECT 1 FROM orders o WHERE o.event_id = e.id)');
    const search = q['filters[search]']?.trim();
    if (search) where.push(`EXISTS (SELECT 1 FROM event_translations st WHERE st.event_id = e.id AND st.name ILIKE ${add(`%${escapeLike(search)}%`)})`);
    const { rows } = await db.query<{ id: number; name: string; promoter_id: number; start_date: string; status: 'draft' | 'active'; entity_type: 'ordinary' | 'seasonal' }>(
      `SELECT e.id, coalesce(nullif(en.name, ''), sv.name, '') AS name, e.promoter_id, e.start_date::text AS start_date, e.status, e.entity_type
         FROM events e
         LEFT JOIN event_translations en ON en.event_id = e.id AND en.language = 'en'
         LEFT JOIN event_translations sv ON sv.event_id = e.id AND sv.language = 'sv'
        WHERE ${where.join(' AND ')}
        ORDER BY e.start_date DESC, e.id`,
      params,
    );
    return { data: rows.map((r) => ({ ...r, id: Number(r.id), promoter_id: Number(r.promoter_id) })) };
  });
}
