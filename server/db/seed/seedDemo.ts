import type { Db } from '../database';
import { seedAccounts } from './seedAccounts';
import { seedAttendees } from './seedAttendees';
import { seedDictionaries } from './seedDictionaries';

export const DEMO_ATTENDEES = 5000;

/** True when the database has no users yet (a fresh data directory or an empty PostgreSQL database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0].n === 0;
}

/**
 * The whole demo data set, in one transaction: a failed seed leaves an empty database, never half of one.
 * Deterministic: fixed inputs, no Math.random.
 */
export async function seedDemo(db: Db, log: (line: string) => void = () => undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const started = Date.now();
    await seedDictionaries(tx);
    const accounts = await seedAccounts(tx);
    await seedAttendees(tx, DEMO_ATTENDEES);
    log(`seeded ${Object.keys(accounts.userIds).length} staff accounts and ${DEMO_ATTENDEES} attendees in ${Date.now() - started} ms`);
  });
}
