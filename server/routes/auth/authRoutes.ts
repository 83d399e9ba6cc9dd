import type { FastifyInstance } from 'fastify';
import {
  LoginBody, RecoveryBody, ResetBody, ResetTokenStatus, TokenResponse,
  type AccountType,
} from '../../../src/contracts/auth';
import { ErrorResponse, MessageResponse } from '../../../src/contracts/common';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import { HttpError, throwIfInvalid } from '../../httpErrors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { signToken } from '../../auth/tokens';
import { createResetToken, hashResetToken } from '../../auth/resetTokens';
import { loginThrottle, recordLoginAttempt, recordRecovery, recoveryThrottle, throttleMessage } from '../../auth/loginThrottle';
import { CONSOLE_USERS, sessionUser } from '../../plugins/auth';
import { validateNewPassword } from '../../../src/domain/passwordReset';
import { queueMessage } from '../../outbox/queueMessage';
import { passwordResetMail } from '../../outbox/messageTexts';


export async function authRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  const { db, config } = opts;
  // `sst`, the session's start, travels unchanged through refreshes: a session ends sessionLifetimeSeconds after
  // sign-in however often it is refreshed.
  const issue = (user: { id: number; type: string; token_version: number }, sessionStart = Math.floor(Date.now() / 1000)) => ({
    token: signToken({ sub: Number(user.id), type: user.type, ver: user.token_version, sst: sessionStart }, config.tokenSecret, config.tokenTtlSeconds),
    token_type: 'bearer' as const,
    expires_in: config.tokenTtlSeconds,
  });

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: { body: LoginBody, response: { 200: TokenResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse } },
  }, async (request) => {
    const { email, password } = request.body as LoginBody;
    const normalisedEmail = email.trim().toLowerCase();
    throwIfInvalid({ email: normalisedEmail ? undefined : 'Required', password: password ? undefined : 'Required' });
    const throttle = await loginThrottle(db, normalisedEmail, request.ip);
    if (throttle.blocked) throw new HttpError(429, 'too_many_attempts', throttleMessage(throttle.seconds));
    const { rows } = await db.query<{ id: number; type: AccountType; status: string; password_hash: string | null; token_version: number }>(
      // A deactivated promoter's accounts count as inactive (docs/people.md).
      `SELECT u.id, u.type, CASE WHEN p.status = 'inactive' THEN 'inactive' ELSE u.status END AS status, u.password_hash, u.token_version
         FROM users u LEFT JOIN promoters p ON p.id = u.promoter_id WHERE lower(u.email) = $1`,
      [normalisedEmail],
    );
    const user = rows[0];
    const passwordOk = await verifyPassword(password, user?.password_hash ?? null);
    await recordLoginAttempt(db, normalisedEmail, request.ip, passwordOk);
    if (!user || !passwordOk) throw new HttpError(401, 'invalid_credentials', 'The email or password is not correct.');
    if (user.status !== 'active') throw new HttpError(403, 'account_inactive', 'This account is deactivated. Contact your administrator.');
    if (!CONSOLE_USERS.includes(user.type)) throw new HttpError(403, 'not_a_console_account', 'This account cannot sign in to the console.');
    return issue(user);
  });

  // Exchanges a valid token, even one expired within the refresh window, for a new one.
  app.get('/api/auth/refresh', {
    config: { access: CONSOLE_USERS, expiredTokenOk: true },
    schema: { response: { 200: TokenResponse, 401: ErrorResponse } },
  }, async (request) => {
    const user = sessionUser(request);
    const claims = request.tokenClaims!;
    const now = Date.now() / 1000;
    const sessionStart = claims.sst ?? claims.iat;
    if (now - claims.iat > config.refreshWindowSeconds || now - sessionStart > config.sessionLifetimeSeconds) {
      throw new HttpError(401, 'unauthorized', 'Your session has expired. Sign in again.');
    }
    return issue({ id: user.id, type: user.type, token_version: user.tokenVersion }, sessionStart);
  });

  app.post('/api/auth/recovery', {
    config: { access: 'public' },
    schema: { body: RecoveryBody, response: { 200: MessageResponse } },
  }, async (request) => {
    const email = (request.body as RecoveryBody).email.trim().toLowerCase();
    throwIfInvalid({ email: email ? undefined : 'Required' });
    const throttle = await recoveryThrottle(db, email, request.ip);
    if (throttle.blocked) throw new HttpError(429, 'too_many_attempts', throttleMessage(throttle.seconds, 'Too many requests for a new password.'));
    await recordRecovery(db, email, request.ip);
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM users WHERE lower(email) = $1 AND status = 'active' AND type = ANY($2::text[])`,
      [email, CONSOLE_USERS],
    );
    if (rows[0]) {
      // The link is a bearer secret: it goes into the mail (the outbox) and nowhere else, never into a log line.
      // The configured public origin, never the request's Host header (a caller could point the link at its own site).
      await db.transaction(async (tx) => {
        const token = await createResetToken(tx, Number(rows[0].id));
        await queueMessage(tx, passwordResetMail(email, Number(rows[0].id), `${config.publicOrigin}/reset/${token}`));
      });
    }
    // The same answer either way, so the form does not tell which addresses have accounts.
    // And only what is true: without a mail server the mail stays in the product's Outbox (docs/outbox.md).
    return {
      message: config.smtpUrl
        ? 'If the address belongs to an account, a link to set a new password is on its way.'
        : 'If the address belongs to an account, a link to set a new password is in the Outbox: no mail server is configured here, so an administrator can open the mail there and pass the link on.',
    };
  });

  app.get('/api/auth/reset/:token', {
    config: { access: 'public' },
    schema: { response: { 200: ResetTokenStatus } },
  }, async (request) => {
    const token = (request.params as { token: string }).token;
    const { rows } = await db.query<{ email: string }>(
      `SELECT u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.status = 'active'`,
      [hashResetToken(token)],
    );
    return rows[0] ? { valid: true, email: rows[0].email } : { valid: false };
  });

  app.post('/api/auth/reset', {
    config: { access: 'public' },
    schema: { body: ResetBody, response: { 200: MessageResponse, 400: ErrorResponse } },
  }, async (request) => {
    const { token, password, password_confirmation } = request.body as ResetBody;
    throwIfInvalid(validateNewPassword({ password, password_confirmation }));
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      // Marking the token used in the same statement that checks it: a link works once, even under a double submit.
      // Only for an active account, as the GET check says: a deactivated one keeps its token unused and gets the
      // same refusal, never "Your password is set" for a change that did not happen (issue 34).
      const { rows } = await tx.query<{ user_id: number }>(
        `UPDATE password_reset_tokens t SET used_at = now()
          WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
            AND EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND u.status = 'active')
          RETURNING t.user_id`,
        [hashResetToken(token)],
      );
      if (!rows[0]) throw new HttpError(400, 'invalid_reset_token', 'This link has expired or was already used. Ask for a new one.');
      await tx.query(
        `UPDATE users SET password_hash = $1, token_version = token_version + 1 WHERE id = $2 AND status = 'active'`,
        [passwordHash, rows[0].user_id],
      );
    });
    return { message: 'Your password is set. Sign in with it now.' };
  });
}
