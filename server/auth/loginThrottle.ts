import type { Db } from '../db/database';

/**
 * Sign-in throttling, counted in the database so every API process sees the same numbers (docs/security.md).
 *
 * Counted per (e-mail, address) and per address — never per e-mail alone: an attacker elsewhere can exhaust only
 * their own address's tries, and the real owner signs in from theirs. Within one pair, after a few failures each
 * further try waits longer (1 s, 2 s, 4 s … up to a minute); ten failures in a quarter hour block the pair until
 * the quarter hour has passed. One address failing fifty times, across any e-mails, is blocked the same way.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_PAIR = 10;
export const MAX_FAILURES_PER_IP = 50;
/** Failures of one pair before each further try has to wait. */
export const FREE_FAILURES = 3;
/** Recovery mails: per e-mail and address, and per address, within the window. */
export const MAX_RECOVERIES_PER_PAIR = 5;
export const MAX_RECOVERIES_PER_IP = 20;

export type Throttle = { blocked: false } | { blocked: true; seconds: number };

/** The wait before the next try after `failures` failures of one pair: doubling from 1 s, at most 60 s. */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(60, 2 ** (failures - FREE_FAILURES));
}

/** The words a person reads: "Try again in 8 seconds." or "… in 3 minutes." */
export function throttleMessage(seconds: number, what = 'Too many failed sign-ins.'): string {
  if (seconds < 60) return `${what} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export async function loginThrottle(db: Db, email: string, ip: string): Promise<Throttle> {
  const { rows } = await db.query<{ pair: number; by_ip: number; pair_oldest: string | null; pair_last: string | null; ip_oldest: string | null }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS pair,
            count(*)::int AS by_ip,
            min(at) FILTER (WHERE email = $1)::text AS pair_oldest,
            max(at) FILTER (WHERE email = $1)::text AS pair_last,
            min(at)::text AS ip_oldest
       FROM login_attempts
      WHERE kind = 'login' AND NOT succeeded AND ip = $2 AND at > now() - make_interval(mins => $3)`,
    [email, ip, LOGIN_WINDOW_MINUTES],
  );
  const r = rows[0];
  const windowMs = LOGIN_WINDOW_MINUTES * 60_000;
  const untilEnd = (oldest: string | null) => Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : Date.now()) + windowMs - Date.now()) / 1000));
  if (r.by_ip >= MAX_FAILURES_PER_IP) return { blocked: true, seconds: untilEnd(r.ip_oldest) };
  if (r.pair >= MAX_FAILURES_PER_PAIR) return { blocked: true, seconds: untilEnd(r.pair_oldest) };
  const wait = backoffSeconds(r.pair);
  if (wait > 0 && r.pair_last) {
    const left = Math.ceil((Date.parse(r.pair_last) + wait * 1000 - Date.now()) / 1000);
    if (left > 0) return { blocked: true, seconds: left };
  }
  return { blocked: false };
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.query(`INSERT INTO login_attempts (kind, email, ip, succeeded) VALUES ('login', $1, $2, $3)`, [email, ip, succeeded]);
  if (succeeded) {
    // A successful sign-in forgives that pair's earlier failures (not other addresses').
    await db.query(`DELETE FROM login_attempts WHERE kind = 'login' AND email = $1 AND ip = $2 AND NOT succeeded`, [email, ip]);
  }
}

/** Recovery requests: counted whether or not the address has an account, so the limit says nothing about it. */
export async function recoveryThrottle(db: Db, email: string, ip: string): Promise<Throttle> {
  const { rows } = await db.query<{ pair: number; by_ip: number; oldest: string | null }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS pair, count(*)::int AS by_ip, min(at)::text AS oldest
       FROM login_attempts WHERE kind = 'recovery' AND ip = $2 AND at > now() - make_interval(mins => $3)`,
    [email, ip, LOGIN_WINDOW_MINUTES],
  );
  const r = rows[0];
  if (r.pair < MAX_RECOVERIES_PER_PAIR && r.by_ip < MAX_RECOVERIES_PER_IP) return { blocked: false };
  const seconds = Math.max(1, Math.ceil(((r.oldest ? Date.parse(r.oldest) : Date.now()) + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 1000));
  return { blocked: true, seconds };
}

export async function recordRecovery(db: Db, email: string, ip: string): Promise<void> {
  await db.query(`INSERT INTO login_attempts (kind, email, ip, succeeded) VALUES ('recovery', $1, $2, true)`, [email, ip]);
}
