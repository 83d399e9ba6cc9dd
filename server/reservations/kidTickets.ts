import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';
import { FAMILY } from './reservationQueries';

export const KIDS_NOT_ALLOWED = "This event does not allow kids' tickets.";
export const KID_NEEDS_ADULT = "A kid's ticket goes to a person who already holds a ticket of this reservation that is not a kid's ticket.";

/**
 * A kid's ticket (001 §4, §5): another free ticket of the reservation given, marked is_child, to a person who holds
 * a non-child ticket of it, on an event that allows kids. `itemId` is the kid's ticket, already given to `holderId`
 * in the caller's transaction (an earlier item of the same request may be that person's own ticket).
 */
export async function assertKidTicket(tx: Queryable, reservationId: number, eventId: number, itemId: number, holderId: number | null): Promise<void> {
  const { rows } = await tx.query<{ kids_allowed: boolean; adult: boolean }>(
    `SELECT e.kids_allowed,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid
                       AND NOT i.is_child AND i.holder_id = $3 AND i.id <> $4) AS adult
       FROM events e WHERE e.id = $2`,
    [reservationId, eventId, holderId, itemId],
  );
  if (!rows[0]?.kids_allowed) throw new HttpError(422, 'kids_not_allowed', KIDS_NOT_ALLOWED);
  if (holderId === null || !rows[0].adult) throw new HttpError(422, 'kid_needs_adult', KID_NEEDS_ADULT);
}
