/**
 * The blacklist as other areas ask it (002 §2 Blacklist; issue 21): a blacklisted person cannot receive a sent ticket
 * or be the owner of a new reservation of that promoter until the entry expires. An entry is in force through its
 * expire_date, a Stockholm calendar day.
 *
 * Call these inside the transaction that sends or reserves, e.g.
 *   await assertNotBlacklisted(tx, order.promoter_id, ownerId);
 */
import { normalizeReservationPhone, phoneDigits } from '../../src/domain/phone';
import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';

const IN_FORCE = `b.expire_date >= (now() AT TIME ZONE 'Europe/Stockholm')::date`;

/** True when the user is on the promoter's blacklist and the entry has not expired. */
export async function isBlacklisted(db: Queryable, promoterId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ hit: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.promoter_id = $1 AND b.user_id = $2 AND ${IN_FORCE}) AS hit`,
    [promoterId, userId],
  );
  return rows[0].hit;
}

/**
 * True when a person with this phone number (typed any way: 070…, +46 70…, 004670…) is on the promoter's
 * blacklist and the entry has not expired. Compares the digits of the normalised numbers.
 */
export async function isPhoneBlacklisted(db: Queryable, promoterId: number, phone: string): Promise<boolean> {
  const digits = phoneDigits(normalizeReservationPhone(phone));
  if (!digits) return false;
  const { rows } = await db.query<{ hit: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM blacklist_entries b JOIN users u ON u.id = b.user_id
        WHERE b.promoter_id = $1 AND ${IN_FORCE} AND regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') = $2) AS hit`,
    [promoterId, digits],
  );
  return rows[0].hit;
}

export const BLACKLISTED_MESSAGE = 'This person is on the promoter\'s blacklist and cannot receive tickets or own a reservation.';

/** Refuses (422 `blacklisted`) when the user is on the promoter's blacklist. */
export async function assertNotBlacklisted(db: Queryable, promoterId: number, userId: number): Promise<void> {
  if (await isBlacklisted(db, promoterId, userId)) throw new HttpError(422, 'blacklisted', BLACKLISTED_MESSAGE);
}
