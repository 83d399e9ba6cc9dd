import type { FastifyInstance } from 'fastify';
import { Profile, ProfileUpdateBody, ProfileUpdateResponse } from '../../../src/contracts/auth';
import type { ServerConfig } from '../../config';
import type { Db, Queryable } from '../../db/database';
import { throwIfInvalid } from '../../httpErrors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { signToken } from '../../auth/tokens';
import { CONSOLE_USERS, sessionUser } from '../../plugins/auth';
import { validateEmailField, validatePasswordChange } from '../../../src/domain/forms';

const PROFILE_COLUMNS = 'id, type, promoter_id, name, first_name, last_name, email, phone';

export async function readProfile(db: Queryable, userId: number): Promise<Profile> {
  const { rows } = await db.query<Profile>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [userId]);
  const p = rows[0];
  return { ...p, id: Number(p.id), promoter_id: p.promoter_id === null ? null : Number(p.promoter_id) };
}

export async function profileRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  const { db, config } = opts;

  app.get('/api/profile', { config: { access: CONSOLE_USERS }, schema: { response: { 200: Profile } } }, async (request) => readProfile(db, sessionUser(request).id));

  // Account Settings: the general tab sends name/email/phone, the password tab the three password fields.
  app.put('/api/profile', { config: { access: CONSOLE_USERS }, schema: { body: ProfileUpdateBody, response: { 200: ProfileUpdateResponse } } }, async (request) => {
    const me = sessionUser(request);
    const body = request.body as ProfileUpdateBody;
    const changingPassword = body.current_password !== undefined || body.password !== undefined || body.password_confirmation !== undefined;

    if (changingPassword) {
      throwIfInvalid(validatePasswordChange(body));
      const { rows } = await db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [me.id]);
      if (!(await verifyPassword(body.current_password!, rows[0]?.password_hash ?? null))) {
        throwIfInvalid({ current_password: 'The current password is not correct.' });
      }
      const hash = await hashPassword(body.password!);
      // Bumping token_version signs out every other session; this one gets a fresh token below.
      const { rows: updated } = await db.query<{ token_version: number }>(
        'UPDATE users SET password_hash = $1, token_version = token_version + 1 WHERE id = $2 RETURNING token_version',
        [hash, me.id],
      );
      const token = signToken({ sub: me.id, type: me.type, ver: updated[0].token_version }, config.tokenSecret, config.tokenTtlSeconds);
      return { message: 'Password changed successfully!', profile: await readProfile(db, me.id), token };
    }

    const email = body.email?.trim();
    throwIfInvalid({
      name: body.name !== undefined && !body.name.trim() ? 'Required' : undefined,
      email: email !== undefined ? validateEmailField(email) : undefined,
    });
    if (email) {
      const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, me.id]);
      if (rows.length) throwIfInvalid({ email: 'This email is already used by another account.' });
    }
    await db.query(
      `UPDATE users SET name = coalesce($2, name), first_name = coalesce($3, first_name), last_name = coalesce($4, last_name),
              email = coalesce($5, email), phone = coalesce($6, phone) WHERE id = $1`,
      [me.id, body.name?.trim() ?? null, body.first_name ?? null, body.last_name ?? null, email ?? null, body.phone ?? null],
    );
    return { message: 'Profile saved', profile: await readProfile(db, me.id) };
  });
}
