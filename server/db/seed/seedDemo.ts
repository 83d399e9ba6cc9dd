import type { Db } from '../database';
import { seedAccounts } from './seedAccounts';
import { seedAttendees } from './seedAttendees';
import { seedDictionaries } from './seedDictionaries';
import { seedVenues } from './seedVenues';
import { seedEvents } from './seedEvents';
import { seedEventImages } from './seedEventImages';
import { seedSales } from './seedSales';
import { seedMerchandise } from './seedMerchandise';
import { seedServiceFees } from './seedServiceFees';
import { seedStaff } from './seedStaff';
import { seedPeople } from './seedPeople';
import { seedCorporates } from './seedCorporates';
import { seedOrders } from './seedOrders';
import { seedCrm } from './seedCrm';
import { seedPromos } from './seedPromos';
import { seedBoxOffice, seedShiftCloses } from './seedBoxOffice';
import { seedCreatedDates } from './seedCreatedDates';

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
    await seedServiceFees(tx, accounts.promoterIds);
    log(`${Object.keys(accounts.userIds).length} staff accounts and ${DEMO_ATTENDEES} attendees (${Date.now() - started} ms)`);
    const venues = await seedVenues(tx);
    log(`venues: theatre ${venues.theatre.seats}, club (standing), arena ${venues.arena.seats}, stadium ${venues.stadium.seats} seats (${Date.now() - started} ms)`);
    const events = await seedEvents(tx, accounts.promoterIds, venues);
    log(await seedEventImages(tx));
    await seedStaff(tx, accounts.promoterIds);
    log(`${events.length} events in every state for both promoters (${Date.now() - started} ms)`);
    log(await seedSales(tx));
    await seedPeople(tx, accounts.promoterIds);
    log(await seedCorporates(tx));
    log(await seedOrders(tx));
    log(await seedMerchandise(tx));
    log(await seedPromos(tx));
    log(await seedBoxOffice(tx));
    log(await seedShiftCloses(tx));
    // After every step that acts: the created dates come before the first act.
    log(await seedCreatedDates(tx));
    // Last: the CRM sums are rebuilt from every order item the steps above wrote.
    log(await seedCrm(tx));
  });
}
