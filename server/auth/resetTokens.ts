import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

export const RESET_TOKEN_TTL_MINUTES = 60;

/** Only a hash is stored: a database leak does not leak working reset links. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a single-use reset token for the user and returns it (the plain value goes into the mail). */
export async function createResetToken(db: Queryable, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))',
    [hashResetToken(token), userId, RESET_TOKEN_TTL_MINUTES],
  );
  return token;
}

/**
 * A request's URL as a log line may show it: the reset link's token (`/reset/<token>`, the console page and the API
 * check alike) is a bearer secret and never reaches a log.
 */
export const redactResetToken = (url: string) => url.replace(/\/(reset|recovery)\/[^/?#]+/g, '/$1/[removed]');
