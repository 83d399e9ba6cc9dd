import type { Db } from '../db/database';

// A person who forgot a password gets ten tries per quarter hour; a script guessing across accounts from one
// address is stopped at fifty.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

/** Minutes until the caller may try again, or 0 when not throttled. Counts live in the database (shared by processes). */
export async function loginBlockedMinutes(db: Db, email: string, ip: string): Promise<number> {
  const { rows } = await db.query<{ by_email: number; by_ip: number; oldest: string | null }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS by_email,
            count(*) FILTER (WHERE ip = $2)::int AS by_ip,
            min(at)::text AS oldest
       FROM login_attempts
      WHERE NOT succeeded AND at > now() - make_interval(mins => $3) AND (email = $1 OR ip = $2)`,
    [email, ip, LOGIN_WINDOW_MINUTES],
  );
  const r = rows[0];
  if (r.by_email < MAX_FAILURES_PER_EMAIL && r.by_ip < MAX_FAILURES_PER_IP) return 0;
  const oldest = r.oldest ? Date.parse(r.oldest) : Date.now();
  return Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, $3)', [email, ip, succeeded]);
  if (succeeded) {
    // A successful sign-in forgives the earlier failures for that address.
    await db.query('DELETE FROM login_attempts WHERE email = $1 AND NOT succeeded', [email]);
  }
}
