import type { SubReservationChange } from '../../../src/contracts/reservations';
import type { Queryable } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { assertNotBlacklisted } from '../../people/blacklist';
import type { ReservationRow } from '../../reservations/reservationQueries';

/**
 * PUT api/reservations/{id} `{sub_reservation: {id?, owner?, title?, items: [{id}]}}` (001 §3, §7; docs/reservations.md):
 * a sub-reservation is an order under the reservation (`parent_id`) holding some of its tickets, e.g. the tickets a
 * corporate hands to one person. Tickets move between the reservation and its sub-reservations (their seats stay
 * taken: an item keeps its row, only its order changes). Without `id` a new one is made of the listed tickets; with
 * `id` it holds exactly the listed tickets afterwards; with `id` and no items it is deleted (void, history kept).
 * Runs in the caller's transaction with the reservation row locked.
 */
export async function changeSubReservation(tx: Queryable, r: ReservationRow, reserverId: number, change: SubReservationChange): Promise<void> {
  const parent = await tx.query<{ parent_id: number | null }>('SELECT parent_id FROM orders WHERE id = $1', [r.id]);
  if (parent.rows[0].parent_id !== null) throw new HttpError(422, 'nested_sub_reservation', 'A sub-reservation cannot have sub-reservations.');
  if (change.id === undefined && change.items.length === 0) throwIfInvalid({ items: 'Choose the tickets of the sub-reservation.' });
  if (change.owner) {
    const { rows } = await tx.query('SELECT 1 FROM users WHERE id = $1 AND status NOT IN ($2, $3)', [change.owner, 'deleted', 'inactive']);
    throwIfInvalid({ owner: rows.length ? undefined : 'User not found.' });
    // A blacklisted person owns no new reservation of the promoter (002 §2 Blacklist).
    await assertNotBlacklisted(tx, r.promoter_id, change.owner);
  }

  let subId: number;
  if (change.id === undefined) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO orders (event_id, promoter_id, parent_id, type, status, title, description, owner_id, corporate_id, reserver_id, reserved_until, ticket_vat)
       SELECT o.event_id, o.promoter_id, o.id, o.type, o.status, coalesce($2, o.title), '', $3, o.corporate_id, $4, o.reserved_until, o.ticket_vat
         FROM orders o WHERE o.id = $1
       RETURNING id`,
      [r.id, change.title?.trim() || null, change.owner ?? null, reserverId],
    );
    subId = Number(rows[0].id);
  } else {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE orders SET title = coalesce($3, title), owner_id = CASE WHEN $4::boolean THEN $5::bigint ELSE owner_id END,
              updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
        WHERE id = $2 AND parent_id = $1 AND status <> 'void' RETURNING id`,
      [r.id, change.id, change.title?.trim() || null, change.owner !== undefined, change.owner ?? null],
    );
    if (!rows[0]) throw notFound('Sub-reservation');
    subId = Number(rows[0].id);
  }

  const ids = change.items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new HttpError(422, 'duplicate_ticket', 'A ticket is listed twice.');
  // Tickets that leave this sub-reservation go back to the reservation.
  await tx.query(
    `UPDATE order_items SET order_id = $1, sub_reservation_id = NULL
      WHERE order_id = $2 AND type = 'ticket' AND valid AND NOT (id = ANY($3::bigint[]))`,
    [r.id, subId, ids],
  );
  if (ids.length) {
    const moved = await tx.query<{ id: number }>(
      `UPDATE order_items i SET order_id = $2, sub_reservation_id = $2
        WHERE i.id = ANY($3::bigint[]) AND i.type = 'ticket' AND i.valid
          AND i.order_id IN (SELECT f.id FROM orders f WHERE f.id = $1 OR (f.parent_id = $1 AND f.status <> 'void'))
       RETURNING i.id`,
      [r.id, subId, ids],
    );
    if (moved.rows.length !== ids.length) {
      const found = new Set(moved.rows.map((x) => Number(x.id)));
      throw new HttpError(422, 'unknown_item', `Ticket ${ids.filter((id) => !found.has(id)).join(', ')} is not a valid ticket of this reservation.`);
    }
  } else {
    await tx.query(`UPDATE orders SET status = 'void', updated_at = (now() AT TIME ZONE 'Europe/Stockholm') WHERE id = $1`, [subId]);
  }
}
