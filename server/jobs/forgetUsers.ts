import type { Db } from '../db/database';
import type { JobRuns } from './jobRuns';

const BATCH = 100;

/**
 * The forget-user erasure (002 §4): every request whose execute_date has come anonymises its person: name, phone,
 * email, the document registration, birth date, gender, country and password are erased and the account is closed.
 * Orders, their items, payments and refunds keep pointing at the (now anonymous) user, so no report's sum changes.
 *
 * Safe with several server processes: each run takes its due requests with FOR UPDATE SKIP LOCKED, so two processes
 * never erase the same person twice and never wait for each other. Returns the erased user ids.
 */
export async function runForgetUsers(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number }>(
      `SELECT user_id FROM forget_requests
        WHERE executed_at IS NULL AND execute_date <= now()
        ORDER BY execute_date, user_id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`,
    );
    const ids = rows.map((r) => Number(r.user_id));
    if (!ids.length) return [];
    await tx.query(
      `UPDATE users SET name = 'Anonymous', first_name = NULL, last_name = NULL, email = NULL, phone = NULL,
              birth_date = NULL, gender = NULL, country = NULL, register_type = NULL, password_hash = NULL,
              status = 'deleted', token_version = token_version + 1
        WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    // Messages to them hold their address and text meant for them (CRM sends): gone with the person.
    await tx.query('DELETE FROM outbox_messages WHERE recipient_id = ANY($1::bigint[])', [ids]);
    await tx.query('UPDATE forget_requests SET executed_at = now() WHERE user_id = ANY($1::bigint[])', [ids]);
    return ids;
  });
}

/** Runs the erasure every `everyMs` inside the server process; returns a stop function. Off in tests (they call runForgetUsers). */
export function startForgetUsersJob(db: Db, everyMs = 10 * 60_000, log: (line: string) => void = console.log, jobs?: JobRuns): () => void {
  jobs?.register('forget-users', everyMs);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    (jobs ? jobs.run('forget-users', () => runForgetUsers(db)) : runForgetUsers(db))
      .then((ids) => ids.length && log(`Forget user: erased the personal data of ${ids.length} user(s).`))
      .catch((err) => log(`Forget user job failed: ${(err as Error).message}`))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => {
    clearInterval(timer);
    jobs?.unregister('forget-users');
  };
}
