import { isValidPhone, normalizeReservationPhone, phoneDigits } from '../../src/domain/phone';
import { queueMessage } from '../outbox/queueMessage';
import { ticketSms } from '../outbox/messageTexts';
import { assertNotBlacklisted } from '../people/blacklist';
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../httpErrors';
import { assertKidTicket } from '../reservations/kidTickets';
import { EXPIRED, FAMILY } from '../reservations/reservationQueries';
import { displayDateTime } from '../../src/domain/displayDates';
import { LIVE_RESERVATION, USER_COLUMNS, toTicketUser } from './corporateQueries';

/** A ticket to send (an `items` entry of 001 §7): the person by id, or by phone with the names typed for a new one. */
export interface TicketSend {
  id: number;
  user: { id?: number; phone?: string; first_name?: string; last_name?: string };
  is_child?: boolean;
}

/** Who can be sent a ticket: people with an account, and people only known by phone (unregistered). */
const CAN_RECEIVE = ['active', 'unregistered'];

export const PHONE_INVALID = 'Enter a valid phone number, e.g. 070 123 45 67.';
export const NOT_FOUND_BY_PHONE = 'No user found with this phone number.';
export const CANNOT_RECEIVE = 'This person cannot receive tickets.';

/** The digits of a searched phone number, or 400 with the phone message (001 §8: 400 shows the server message). */
export function searchedDigits(phone: string): string {
  const digits = phoneDigits(phone);
  if (!isValidPhone(digits)) throw new HttpError(400, 'invalid_phone', PHONE_INVALID);
  return digits;
}

type UserRow = Parameters<typeof toTicketUser>[0];

/** The person with this phone number (compared by digits): an active account first, then an unregistered one. */
export async function userByPhone(db: Queryable, digits: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = $1 AND phone IS NOT NULL
      ORDER BY (status = 'active') DESC, (status = 'unregistered') DESC, id LIMIT 1`,
    [digits],
  );
  return rows[0] ?? null;
}

export function assertCanReceive(user: UserRow): void {
  if (!CAN_RECEIVE.includes(user.status)) throw new HttpError(403, 'cannot_receive', CANNOT_RECEIVE);
}

/** The person an assign names: by id, or by phone (found, else created as an unregistered user with the typed names). */
async function receiver(tx: Queryable, who: TicketSend['user'], corporateId: number): Promise<number> {
  if (who.id !== undefined) {
    const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [who.id]);
    if (!rows[0]) throw notFound('User');
    assertCanReceive(rows[0]);
    if (Number(rows[0].id) === corporateId) throw new HttpError(422, 'own_ticket', 'The ticket is already yours: send it to another person.');
    return Number(rows[0].id);
  }
  if (!who.phone) throw new HttpError(422, 'user_required', 'User is required');
  const digits = searchedDigits(who.phone);
  const found = await userByPhone(tx, digits);
  if (found) {
    assertCanReceive(found);
    return Number(found.id);
  }
  const first = (who.first_name ?? '').trim();
  const last = (who.last_name ?? '').trim();
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (type, status, name, first_name, last_name, phone) VALUES ('attendee', 'unregistered', $1, $2, $3, $4) RETURNING id`,
    [[first, last].filter(Boolean).join(' '), first || null, last || null, `+${digits}`],
  );
  return Number(rows[0].id);
}

/** The refusal of a send from a reservation whose hold has ended. */
export const HOLD_ENDED_SEND = (endedAt: string) =>
  `This reservation was held until ${endedAt}: its seats are free again, so its tickets can no longer be sent. Ask the promoter to extend it.`;

/**
 * Sends tickets of a corporate's reservation to people (001 §4 "Send ticket"; the `items` of 001 §7's
 * `PUT api/reservations/{id}`). In the caller's transaction: the reservation is locked, each ticket must be a valid
 * ticket of it that is not with someone else already (a ticket is sent once; its receiver returns it from the public
 * app), and each send is recorded.
 */
export async function assignTickets(tx: Queryable, corporateId: number, orderId: number, items: readonly TicketSend[]): Promise<void> {
  const { rows: order } = await tx.query<{ promoter_id: number; event_id: number; hold_ended: boolean; reserved_until: string | null }>(
    `SELECT o.id, o.promoter_id, o.event_id, ${EXPIRED('o')} AS hold_ended, to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI') AS reserved_until
       FROM orders o WHERE o.id = $1 AND o.corporate_id = $2 AND ${LIVE_RESERVATION} FOR UPDATE`, [orderId, corporateId]);
  if (!order[0]) throw notFound('Reservation');
  // A hold that has ended holds no seat (235_hold_ended.sql): its tickets would name seats anyone may now take.
  if (order[0].hold_ended) throw new HttpError(409, 'hold_ended', HOLD_ENDED_SEND(displayDateTime(order[0].reserved_until)));
  const promoterId = Number(order[0].promoter_id);
  const ids = items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new HttpError(422, 'duplicate_ticket', 'Each ticket can be sent to one person only.');
  const { rows: current } = await tx.query<{ id: number; holder_id: number | null; holder: string | null }>(
    `SELECT i.id, i.holder_id, coalesce(nullif(u.name, ''), u.phone) AS holder
       FROM order_items i LEFT JOIN users u ON u.id = i.holder_id
      WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.id = ANY($2::bigint[]) AND i.type = 'ticket' AND i.valid
      FOR UPDATE OF i`,
    [orderId, ids],
  );
  const byId = new Map(current.map((i) => [Number(i.id), i]));
  for (const item of items) {
    const now = byId.get(item.id);
    if (!now) throw notFound('Ticket');
    if (now.holder_id !== null && Number(now.holder_id) !== corporateId) {
      throw new HttpError(409, 'already_sent', `This ticket has already been sent to ${now.holder ?? 'someone'}.`);
    }
    const holder = await receiver(tx, item.user, corporateId);
    // A person on the promoter's blacklist receives no ticket of that promoter (002 §2 Blacklist).
    await assertNotBlacklisted(tx, promoterId, holder);
    await tx.query(`UPDATE order_items SET holder_id = $2, is_child = $3 WHERE id = $1`, [item.id, holder, item.is_child === true]);
    // A kid's ticket goes with a non-child ticket the same person holds, on an event that allows kids (001 §4, §5).
    if (item.is_child) await assertKidTicket(tx, orderId, Number(order[0].event_id), item.id, holder);
    await tx.query(`INSERT INTO ticket_sends (order_item_id, holder_id, sent_by) VALUES ($1, $2, $3)`, [item.id, holder, corporateId]);
  }
  await tx.query(`UPDATE orders SET updated_at = now() AT TIME ZONE 'Europe/Stockholm' WHERE id = $1`, [orderId]);
  await queueTicketMessages(tx, corporateId, ids);
}

/**
 * One message per ticket sent, in the send's transaction (docs/outbox.md): an SMS to the receiver's phone (as +46…)
 * naming the event, the place and the sender; an e-mail when the person has no phone; nothing when they have neither.
 */
async function queueTicketMessages(tx: Queryable, senderId: number, itemIds: number[]): Promise<void> {
  const { rows } = await tx.query<{
    id: number; holder_id: number; phone: string | null; email: string | null; event_id: number; event_name: string; sender: string;
    section: string | null; row: string | null; seat: string | null; ga: boolean | null; is_child: boolean;
  }>(
    `SELECT i.id, i.holder_id, u.phone, u.email, i.event_id, i.is_child,
            coalesce((SELECT nullif(t.name, '') FROM event_translations t WHERE t.event_id = i.event_id AND t.language = 'en'),
                     (SELECT t.name FROM event_translations t WHERE t.event_id = i.event_id AND t.language = 'sv'), 'the event') AS event_name,
            coalesce(nullif(snd.corporate_name, ''), nullif(snd.name, ''), 'Someone') AS sender,
            sec.name AS section, s.row_label AS row, s.seat_label AS seat, sec.general_admission AS ga
       FROM order_items i JOIN users u ON u.id = i.holder_id JOIN users snd ON snd.id = $1
       LEFT JOIN map_sections sec ON sec.id = i.section_id LEFT JOIN map_seats s ON s.id = i.seat_id
      WHERE i.id = ANY($2::bigint[]) ORDER BY i.id`,
    [senderId, itemIds],
  );
  for (const r of rows) {
    const place = r.ga || !r.seat
      ? `${r.section ?? 'general admission'} (standing)`
      : `${r.section ?? 'section'}, row ${r.row ?? '-'}, seat ${r.seat}`;
    const sms = ticketSms({
      phone: r.phone ? normalizeReservationPhone(r.phone) : '', recipientId: Number(r.holder_id), eventId: Number(r.event_id), itemId: Number(r.id),
      eventName: r.event_name, place, sender: r.sender, isChild: r.is_child,
    });
    if (r.phone) await queueMessage(tx, sms);
    else if (r.email) await queueMessage(tx, { ...sms, channel: 'email', address: r.email, subject: `A ticket to ${r.event_name}` });
  }
}
