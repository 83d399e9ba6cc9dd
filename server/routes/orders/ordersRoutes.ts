import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, ItemParams } from '../../../src/contracts/common';
import {
  AuditLogPage, LogsQuery, MergeBody, MergeResult, OrderDetail, OrdersList, OrdersQuery, OwnerCandidates, OwnerSearchQuery, RefundBody, RefundResult, VoidResult,
  type AuditLogRow,
} from '../../../src/contracts/orders';
import type { Db } from '../../db/database';
import { HttpError, notFound } from '../../httpErrors';
import { ADMIN_ONLY, sessionUser } from '../../plugins/auth';
import { ReseatBody } from '../../../src/contracts/reservations';
import { findOrderToReseat, reseatTicket } from '../../reservations/reseatTicket';
import { checkRefundBody, mergeUser, refundOrder, refundRequestHash, storedRefund, voidOrder } from './orderActions';
import { EVENT_NAME, listOrders, orderDetail } from './ordersQueries';

const admin = { access: ADMIN_ONLY };

function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return null;
  if (key.length > 200 || key.includes('\u0000')) throw new HttpError(400, 'bad_idempotency_key', 'The Idempotency-Key header must be 1 to 200 characters.');
  return key;
}

/** A refund the database refused (the refund_items trigger): the caller's words, not a 500. */
function refundRefusal(err: unknown): never {
  const e = err as { code?: string; message?: string };
  if (e.code === '23514') throw new HttpError(422, 'refund_too_large', 'The refund is more than what was paid minus what was already refunded.');
  if (e.code === '40P01') throw new HttpError(409, 'refund_conflict', 'Another refund of these items ran at the same moment. Try again.');
  throw err;
}

/**
 * Orders, void, refunds, re-assign and the audit log (001 §2 "Orders and re-assign", "Refund", §7; docs/orders.md).
 * Admin functions (001 §6: "Admin also has orders, reassign and settings which promoter lacks").
 */
export async function ordersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/orders', { config: admin, schema: { querystring: OrdersQuery, response: { 200: OrdersList } } }, async (request) =>
    listOrders(db, request.query as OrdersQuery));

  app.get('/api/orders/:id', { config: admin, schema: { params: IdParams, response: { 200: OrderDetail } } }, async (request) =>
    orderDetail(db, (request.params as { id: number }).id));

  // 001 §7: the reservation a payment paid, with its items and sub-reservations (the order detail's shape). A payment
  // of a sub-reservation answers its top-level reservation, where the sub-reservation is listed.
  app.get('/api/payment/:id/reservation', { config: admin, schema: { params: IdParams, response: { 200: OrderDetail } } }, async (request) => {
    const { rows } = await db.query<{ order_id: number }>(
      'SELECT coalesce(o.parent_id, o.id)::int AS order_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1',
      [(request.params as { id: number }).id],
    );
    if (!rows[0]) throw notFound('The payment');
    return orderDetail(db, rows[0].order_id);
  });

  // The spec's GET, and POST on the same path, which the console uses (API-NOTES.md).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method, url: '/api/orders/:id/void', config: admin, schema: { params: IdParams, response: { 200: VoidResult } },
      handler: async (request) => db.transaction((tx) => voidOrder(tx, sessionUser(request), (request.params as { id: number }).id)),
    });
  }

  app.post('/api/refund', { config: admin, schema: { body: RefundBody, response: { 200: RefundResult } } }, async (request) => {
    const user = sessionUser(request);
    const key = idempotencyKey(request);
    const body = request.body as RefundBody;
    const orderId = checkRefundBody(body);
    try {
      return await db.transaction((tx) => refundOrder(tx, user, orderId, body, key));
    } catch (err) {
      // The same key sent twice at once: the second waited for the first and answers its result.
      if (key && (err as { code?: string }).code === '23505') {
        const first = await storedRefund(db, user.id, key, refundRequestHash(body));
        if (first) return first;
      }
      return refundRefusal(err);
    }
  });

  // Re-seat (issue 38; docs/orders.md): a ticket of the order or its sub-reservations moves to another free seat; a
  // paid ticket's cheaper seat refunds the difference by the refund rules. Answers the order as it now is.
  app.put('/api/orders/:id/items/:itemId/seat', {
    config: admin, schema: { params: ItemParams, body: ReseatBody, response: { 200: OrderDetail } },
  }, async (request) => {
    const user = sessionUser(request);
    const { id, itemId } = request.params as { id: number; itemId: number };
    await db.transaction(async (tx) => reseatTicket(tx, user, await findOrderToReseat(tx, user, id), itemId, request.body as ReseatBody, 'order'));
    return orderDetail(db, id);
  });

  app.post('/api/users/:id/merge', { config: admin, schema: { params: IdParams, body: MergeBody, response: { 200: MergeResult } } }, async (request) =>
    db.transaction((tx) => mergeUser(tx, sessionUser(request), (request.params as { id: number }).id, request.body as MergeBody)));

  // The re-assign panel's user picker: customers, registered or not (001 §2 "unregistered allowed").
  app.get('/api/reassign/users', { config: admin, schema: { querystring: OwnerSearchQuery, response: { 200: OwnerCandidates } } }, async (request) => {
    const search = (request.query as { search: string }).search.trim();
    if (search.length < 2) return { collection: [] };
    const digits = search.replace(/\D/g, '').replace(/^0/, '');
    const { rows } = await db.query(
      `SELECT id::int, coalesce(nullif(name, ''), concat_ws(' ', first_name, last_name)) AS name, email, phone, status
         FROM users
        WHERE type = 'attendee' AND status IN ('active', 'unregistered')
          AND (name ILIKE $1 OR email ILIKE $1 OR ($2::text <> '' AND length($2) >= 3 AND position($2 IN phone) > 0))
        ORDER BY name, id LIMIT 20`,
      [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, digits],
    );
    return { collection: rows };
  });

  app.get('/api/logs', { config: admin, schema: { querystring: LogsQuery, response: { 200: AuditLogPage } } }, async (request) => {
    const q = request.query as LogsQuery;
    const params: unknown[] = [q.event_id ?? null, q.user_id ?? null, q.action || null];
    const where = `($1::bigint IS NULL OR l.event_id = $1) AND ($2::bigint IS NULL OR l.user_id = $2) AND ($3::text IS NULL OR l.action = $3)`;
    const perPage = q.per_page ?? 50;
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log l WHERE ${where}`, params);
    const { rows } = await db.query<AuditLogRow>(
      `SELECT l.id::int, l.created_at::text AS created_at, l.action, l.order_id::int, l.amounts,
              CASE WHEN l.user_id IS NULL THEN NULL ELSE json_build_object('id', l.user_id,
                'name', coalesce(nullif(u.name, ''), u.email, 'User ' || l.user_id)) END AS "user",
              CASE WHEN l.event_id IS NULL THEN NULL ELSE json_build_object('id', l.event_id, 'name', ${EVENT_NAME('l.event_id')}) END AS event
         FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
        WHERE ${where}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${perPage} OFFSET ${((q.page ?? 1) - 1) * perPage}`,
      params,
    );
    // The people who wrote the log, for the console's user filter (staff: a handful).
    const users = await db.query<{ id: number; name: string }>(
      `SELECT u.id::int, coalesce(nullif(u.name, ''), u.email, 'User ' || u.id) AS name
         FROM users u WHERE u.id IN (SELECT DISTINCT l.user_id FROM audit_log l WHERE l.user_id IS NOT NULL) ORDER BY 2`,
    );
    return { collection: rows, count: count.rows[0].n, users: users.rows };
  });
}
