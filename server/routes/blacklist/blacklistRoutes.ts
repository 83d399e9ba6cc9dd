import type { FastifyInstance } from 'fastify';
import { IdParams, MessageResponse } from '../../../src/contracts/common';
import {
  BlacklistCandidates, BlacklistCandidatesQuery, BlacklistCreateBody, BlacklistEntry, BlacklistList, BlacklistQuery, BlacklistUpdateBody,
} from '../../../src/contracts/people';
import { validateBlacklistEntry } from '../../../src/domain/backOfficeForms';
import { parseIsoDay } from '../../../src/domain/dates';
import type { Db, Queryable } from '../../db/database';
import { notFound, throwIfInvalid } from '../../httpErrors';
import { BACK_OFFICE, scopedPromoterId, sessionUser, type SessionUser } from '../../plugins/auth';
import { linkedAttendeeSql } from '../../people/linkedPeople';
import { userListWhere } from '../users/userSearch';

const back = { access: BACK_OFFICE };
const owns = { id: 'blacklist_entry' };

type EntryRow = { id: number; user_id: number; user_name: string; phone: string | null; email: string | null; promoter_id: number; promoter_name: string; expire_date: string; created_at: Date; active: boolean };
const SELECT = `SELECT b.id, b.user_id, u.name AS user_name, u.phone, u.email, b.promoter_id, p.name AS promoter_name,
       b.expire_date::text AS expire_date, b.created_at, b.expire_date >= (now() AT TIME ZONE 'Europe/Stockholm')::date AS active
  FROM blacklist_entries b JOIN users u ON u.id = b.user_id JOIN promoters p ON p.id = b.promoter_id`;

const entry = (r: EntryRow): BlacklistEntry => ({
  id: Number(r.id),
  user: { id: Number(r.user_id), name: r.user_name, phone: r.phone, email: r.email },
  promoter: { id: Number(r.promoter_id), name: r.promoter_name },
  expire_date: r.expire_date, created_at: new Date(r.created_at).toISOString(), active: r.active,
});

/** The expiry as sent (YYYY-MM-DD, 002 §9) and within the years a date column and a person mean. */
const expiryFormatError = (text: string | null | undefined) => {
  if (text === undefined || text === null || text === '') return undefined; // 'Required' comes from the domain rule
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseIsoDay(text) : null;
  return day && day.getFullYear() >= 2000 && day.getFullYear() <= 9999 ? undefined : 'Enter a date as YYYY-MM-DD';
};

/** Today in Stockholm, as the date pickers' minimum (the server's clock, not the browser's). */
async function today(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ d: string }>(`SELECT ((now() AT TIME ZONE 'Europe/Stockholm')::date)::text AS d`);
  return parseIsoDay(rows[0].d) as Date;
}

async function visibleEntry(db: Queryable, caller: SessionUser, id: number, lock = false): Promise<EntryRow> {
  const { rows } = await db.query<EntryRow>(
    `${SELECT} WHERE b.id = $1 AND ($2::bigint IS NULL OR b.promoter_id = $2) ${lock ? 'FOR UPDATE OF b' : ''}`,
    [id, scopedPromoterId(caller)],
  );
  if (!rows[0]) throw notFound('Blacklist entry');
  return rows[0];
}

/** The attendees a caller may blacklist: an admin any; a promoter the people who owned an order of theirs. */
const CANDIDATE = linkedAttendeeSql('u', '$P');

/**
 * Blacklist (002 §2, §5, §7): a promoter manages their own list, an admin every promoter's. Other areas ask it through
 * server/people/blacklist.ts.
 */
export async function blacklistRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/blacklists', { config: back, schema: { querystring: BlacklistQuery, response: { 200: BlacklistList } } }, async (request) => {
    const q = request.query as BlacklistQuery;
    const promoter = scopedPromoterId(sessionUser(request), q.promoter ?? null);
    const perPage = q.per_page ?? 10;
    const { rows } = await db.query<EntryRow>(
      `${SELECT} WHERE ($1::bigint IS NULL OR b.promoter_id = $1) ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
      [promoter, perPage, ((q.page ?? 1) - 1) * perPage],
    );
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blacklist_entries b WHERE ($1::bigint IS NULL OR b.promoter_id = $1)', [promoter]);
    return { collection: rows.map(entry), count: count.rows[0].n };
  });

  // The 'Add User' modal's person search: name, email or phone (normalised as the users search), 20 at most.
  app.get('/api/blacklists/candidates', { config: back, schema: { querystring: BlacklistCandidatesQuery, response: { 200: BlacklistCandidates } } }, async (request) => {
    const promoter = scopedPromoterId(sessionUser(request));
    const search = userListWhere({ status: 'any', search: (request.query as BlacklistCandidatesQuery).search }, null);
    const p = `$${search.params.length + 1}`;
    const { rows } = await db.query<{ id: number; name: string; phone: string | null; email: string | null }>(
      `SELECT u.id, u.name, u.phone, u.email FROM users u
        WHERE ${search.sql} AND ${CANDIDATE.replaceAll('$P', p)} ORDER BY u.name, u.id LIMIT 20`,
      [...search.params, promoter],
    );
    return { collection: rows.map((r) => ({ ...r, id: Number(r.id) })) };
  });

  app.post('/api/blacklists', { config: back, schema: { body: BlacklistCreateBody, response: { 201: BlacklistEntry } } }, async (request, reply) => {
    const caller = sessionUser(request);
    const body = request.body as BlacklistCreateBody;
    const isAdmin = caller.type === 'admin';
    const errors = validateBlacklistEntry(body, { isAdmin, today: await today(db) });
    throwIfInvalid({ ...errors, expire_date: expiryFormatError(body.expire_date) ?? errors.expire_date });
    const promoter = scopedPromoterId(caller, body.promoter ?? null) as number;
    const created = await db.transaction(async (tx) => {
      const { rows: found } = await tx.query<{ ok: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM promoters WHERE id = $2) AND EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND ${CANDIDATE.replaceAll('$P', '$3')}) AS ok`,
        [body.user, promoter, isAdmin ? null : promoter],
      );
      if (!found[0].ok) throwIfInvalid({ user: 'Choose a person from the search' });
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO blacklist_entries (promoter_id, user_id, expire_date, created_by) VALUES ($1, $2, $3::date, $4)
         ON CONFLICT (promoter_id, user_id) DO NOTHING RETURNING id`,
        [promoter, body.user, body.expire_date, caller.id],
      );
      if (!rows[0]) throwIfInvalid({ user: 'This person is already on the list: edit their entry instead' });
      return visibleEntry(tx, caller, Number(rows[0].id));
    });
    return reply.status(201).send(entry(created));
  });

  app.patch('/api/blacklists/:id', { config: { ...back, owns }, schema: { params: IdParams, body: BlacklistUpdateBody, response: { 200: BlacklistEntry } } }, async (request) => {
    const caller = sessionUser(request);
    const { id } = request.params as { id: number };
    const body = request.body as BlacklistUpdateBody;
    const errors = validateBlacklistEntry({ ...body, user: 1, promoter: 1 }, { isAdmin: false, today: await today(db) });
    throwIfInvalid({ ...errors, expire_date: expiryFormatError(body.expire_date) ?? errors.expire_date });
    return db.transaction(async (tx) => {
      await visibleEntry(tx, caller, id, true);
      await tx.query('UPDATE blacklist_entries SET expire_date = $2::date WHERE id = $1', [id, body.expire_date]);
      return entry(await visibleEntry(tx, caller, id));
    });
  });

  app.delete('/api/blacklists/:id', { config: { ...back, owns }, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const caller = sessionUser(request);
    const { id } = request.params as { id: number };
    await db.transaction(async (tx) => {
      await visibleEntry(tx, caller, id, true);
      await tx.query('DELETE FROM blacklist_entries WHERE id = $1', [id]);
    });
    return { message: 'Removed from the list' };
  });
}
