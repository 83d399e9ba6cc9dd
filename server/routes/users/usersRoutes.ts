import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { UserEventsBody, UserList, UserListQuery } from '../../../src/contracts/users';
import { AssignedEvents } from '../../../src/contracts/staff';
import type { Db, Queryable } from '../../db/database';
import { forbidden, notFound, throwIfInvalid } from '../../httpErrors';
import { BACK_OFFICE, scopedPromoterId, sessionUser, type SessionUser } from '../../plugins/auth';
import { userListWhere } from '../../people/userSearch';

const back = { access: BACK_OFFICE };

/** A scanner user the caller may manage: an admin any, a promoter only their own promoter's (others are unknown). */
async function scannerOf(db: Queryable, user: SessionUser, id: number) {
  const promoter = scopedPromoterId(user);
  const { rows } = await db.query<{ id: number; promoter_id: number }>(
    `SELECT id, promoter_id FROM users WHERE id = $1 AND type = 'scanner' AND ($2::bigint IS NULL OR promoter_id = $2)`,
    [id, promoter],
  );
  if (!rows[0]) throw notFound('Scanner user');
  return { id: Number(rows[0].id), promoterId: Number(rows[0].promoter_id) };
}

async function connectedEvents(db: Queryable, userId: number) {
  const { rows } = await db.query<{ id: number; name: string; thumb_id: number | null; thumb_key: string | null; tickets_release_date: string; start_date: string; status: string }>(
    `SELECT e.id, coalesce(nullif(t.name, ''), '') AS name, e.status,
            to_char(e.tickets_release_date, 'YYYY-MM-DD HH24:MI:SS') AS tickets_release_date,
            to_char(e.start_date, 'YYYY-MM-DD HH24:MI:SS') AS start_date,
            coalesce(thumb.id, med.id) AS thumb_id, coalesce(thumb.public_key, med.public_key) AS thumb_key
       FROM event_scanners es JOIN events e ON e.id = es.event_id
       LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
       LEFT JOIN media med ON med.id = e.medium_id
       LEFT JOIN media thumb ON thumb.thumbnail_of = e.medium_id
      WHERE es.user_id = $1 ORDER BY e.start_date, e.id`,
    [userId],
  );
  const collection = rows.map((r) => ({
    id: Number(r.id), name: r.name, status: r.status, tickets_release_date: r.tickets_release_date, start_date: r.start_date,
    thumbnail: r.thumb_id === null ? null : `/api/media/${Number(r.thumb_id)}/${r.thumb_key}`,
  }));
  return { collection, count: collection.length };
}

/**
 * The users the events area needs (000 §6, §7): the admin's promoter choice (type=promoter, admin only) and the
 * scanner-app users connected to published events (type=scanner, scoped to the caller's promoter).
 */
export async function usersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/users', { config: back, schema: { querystring: UserListQuery, response: { 200: UserList } } }, async (request) => {
    const user = sessionUser(request);
    const q = request.query as UserListQuery;
    if ((q.type === 'promoter' || q.type === 'attendee' || q.type === 'admin') && user.type !== 'admin') {
      throw forbidden(q.type === 'promoter' ? 'Only an admin can list promoters.' : 'Only an admin can list these users.');
    }
    const promoter = scopedPromoterId(user, q.promoter_id ?? null);
    const perPage = q.per_page ?? 100;
    const where = userListWhere(q, promoter);
    const params = [...where.params, perPage, ((q.page ?? 1) - 1) * perPage];
    const { rows } = await db.query<{ id: number; type: string; name: string; email: string | null; promoter_id: number | null; promoter_name: string | null; phone: string | null; status: string; last_sign_in_at: Date | null }>(
      `SELECT u.id, u.type, u.name, u.email, u.promoter_id, p.name AS promoter_name, u.phone, u.status,
              (SELECT max(la.at) FROM login_attempts la WHERE la.email = lower(u.email) AND la.succeeded) AS last_sign_in_at
         FROM users u LEFT JOIN promoters p ON p.id = u.promoter_id
        WHERE ${where.sql} ORDER BY u.name, u.id LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`,
      params,
    );
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where.sql}`, where.params);
    return {
      collection: rows.map((r) => ({
        id: Number(r.id), type: r.type, name: r.name, email: r.email,
        promoter: r.promoter_id === null ? null : { id: Number(r.promoter_id), name: r.promoter_name ?? '' },
        phone: r.phone, status: r.status, last_sign_in_at: r.last_sign_in_at ? new Date(r.last_sign_in_at).toISOString() : null,
      })),
      count: count.rows[0].n,
    };
  });

  app.get('/api/users/:id/events', { config: { ...back, owns: { id: 'scanner' } }, schema: { params: IdParams, response: { 200: AssignedEvents } } }, async (request) => {
    const scanner = await scannerOf(db, sessionUser(request), (request.params as { id: number }).id);
    return connectedEvents(db, scanner.id);
  });

  // Connects events to a scanner (idempotent; earlier connections stay). Only the scanner's own promoter's events.
  app.post('/api/users/:id/events', { config: { ...back, owns: { id: 'scanner' } }, schema: { params: IdParams, body: UserEventsBody, response: { 200: AssignedEvents } } }, async (request) => {
    const scanner = await scannerOf(db, sessionUser(request), (request.params as { id: number }).id);
    const ids = [...new Set((request.body as UserEventsBody).events)];
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM events WHERE id = ANY($1::bigint[]) AND promoter_id = $2', [ids, scanner.promoterId]);
      if (rows.length !== ids.length) throwIfInvalid({ events: 'Scanners can only be connected to their own promoter\'s events.' });
      await tx.query(
        'INSERT INTO event_scanners (user_id, event_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING',
        [scanner.id, ids],
      );
    });
    return connectedEvents(db, scanner.id);
  });
}
