import type { Queryable } from '../db/database';
import type { Corporate, CorporateReservation, TicketItem, TicketUser } from '../../src/contracts/corporates';
import { EXPIRED, FAMILY } from '../reservations/reservationQueries';

/** Reservations a corporate holds: its own, not voided or expired, top level (sub-reservations sit under them). */
export const LIVE_RESERVATION = `o.parent_id IS NULL AND o.status IN ('new', 'pending', 'completed')`;

const EVENT_NAME = `coalesce((SELECT nullif(t.name, '') FROM event_translations t WHERE t.event_id = e.id AND t.language = 'en'),
  (SELECT t.name FROM event_translations t WHERE t.event_id = e.id AND t.language = 'sv'), '')`;

/**
 * Ticket counts per reservation: sent (held by someone other than the corporate itself), unsent, returned (a send
 * that its receiver gave back and that was not sent again). Child tickets count as tickets.
 */
const COUNTS = `(SELECT count(*) FILTER (WHERE i.valid)::int AS total,
          count(*) FILTER (WHERE i.valid AND i.holder_id IS NOT NULL AND i.holder_id <> o.corporate_id)::int AS sent,
          count(*) FILTER (WHERE i.valid AND (i.holder_id IS NULL OR i.holder_id = o.corporate_id))::int AS unsent,
          count(*) FILTER (WHERE i.valid AND (i.holder_id IS NULL OR i.holder_id = o.corporate_id)
                             AND EXISTS (SELECT 1 FROM ticket_sends s WHERE s.order_item_id = i.id AND s.returned_at IS NOT NULL))::int AS returned
     FROM order_items i WHERE i.order_id IN (${FAMILY('o.id')}) AND i.type = 'ticket')`;

interface ReservationRow {
  id: number; title: string; description: string; type: string; created_at: string; event_id: number; event_name: string;
  start_date: string; total: number; sent: number; unsent: number; returned: number; kids_allowed: boolean;
  hold_ended: boolean; reserved_until: string | null;
}

const RESERVATION_SELECT = `SELECT o.id, o.title, o.description, o.type, to_char(o.created_at, 'YYYY-MM-DD HH24:MI:SS') AS created_at,
       e.id AS event_id, ${EVENT_NAME} AS event_name, to_char(e.start_date, 'YYYY-MM-DD HH24:MI') AS start_date, e.kids_allowed,
       c.total, c.sent, c.unsent, c.returned, ${EXPIRED('o')} AS hold_ended, to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI') AS reserved_until
  FROM orders o JOIN events e ON e.id = o.event_id CROSS JOIN LATERAL ${COUNTS} c`;

const toReservation = (r: ReservationRow): CorporateReservation => ({
  id: Number(r.id), title: r.title, description: r.description, type: r.type, created_at: r.created_at,
  event: { id: Number(r.event_id), name: r.event_name, start_date: r.start_date },
  tickets: { total: r.total, sent: r.sent, unsent: r.unsent, returned: r.returned },
  hold_ended: r.hold_ended, reserved_until: r.reserved_until,
});

/** One page of a corporate's reservations, newest first. */
export async function corporateReservations(db: Queryable, corporateId: number, page: number, perPage: number) {
  const where = `o.corporate_id = $1 AND ${LIVE_RESERVATION}`;
  const { rows } = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [corporateId, perPage, (page - 1) * perPage],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, [corporateId]);
  return { collection: rows.map(toReservation), count: count.rows[0].n };
}

/** One reservation of the corporate with its tickets, or null (unknown, another corporate's, voided). */
export async function corporateReservation(db: Queryable, corporateId: number, id: number) {
  const { rows } = await db.query<ReservationRow>(`${RESERVATION_SELECT} WHERE o.id = $1 AND o.corporate_id = $2 AND ${LIVE_RESERVATION}`, [id, corporateId]);
  if (!rows[0]) return null;
  return { ...toReservation(rows[0]), kids_allowed: rows[0].kids_allowed, items: await reservationTickets(db, id) };
}

interface UserRow { id: number; name: string; first_name: string | null; last_name: string | null; phone: string | null; status: string }
export const USER_COLUMNS = 'id, name, first_name, last_name, phone, status';
export const toTicketUser = (u: UserRow): TicketUser => ({
  id: Number(u.id), name: u.name || [u.first_name, u.last_name].filter(Boolean).join(' '), first_name: u.first_name ?? '',
  last_name: u.last_name ?? '', phone: u.phone ?? '', status: u.status,
});

/** The valid tickets of a reservation with the labels of their places, their type and who holds them. */
export async function reservationTickets(db: Queryable, orderId: number): Promise<TicketItem[]> {
  const { rows } = await db.query<{
    id: number; section: string | null; row: string | null; seat: string | null; ga: boolean | null; ticket_type: string | null;
    is_child: boolean; valid: boolean; holder_id: number | null; corporate_id: number;
    u_name: string | null; u_first: string | null; u_last: string | null; u_phone: string | null; u_status: string | null;
    m_channel: 'email' | 'sms' | 'social' | null; m_status: 'queued' | 'sending' | 'sent' | 'failed' | null; m_transport: string | null;
    m_attempts: number | null; m_error: string | null;
  }>(
    `SELECT i.id, sec.name AS section, s.row_label AS row, s.seat_label AS seat, sec.general_admission AS ga, tt.name AS ticket_type,
            i.is_child, i.valid, i.holder_id, o.corporate_id,
            u.name AS u_name, u.first_name AS u_first, u.last_name AS u_last, u.phone AS u_phone, u.status AS u_status,
            m.channel AS m_channel, m.status AS m_status, m.transport AS m_transport, m.attempts AS m_attempts, m.last_error AS m_error
       FROM order_items i JOIN orders o ON o.id = i.order_id
       LEFT JOIN map_sections sec ON sec.id = i.section_id
       LEFT JOIN map_seats s ON s.id = i.seat_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
       LEFT JOIN users u ON u.id = i.holder_id AND i.holder_id <> o.corporate_id
       -- The newest message of the ticket to its present holder (a ticket returned and sent again has a new one).
       LEFT JOIN LATERAL (SELECT om.channel, om.status, om.transport, om.attempts, om.last_error FROM outbox_messages om
                           WHERE om.order_item_id = i.id AND om.recipient_id = i.holder_id ORDER BY om.id DESC LIMIT 1) m ON u.id IS NOT NULL
      WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid
      ORDER BY sec.position NULLS LAST, s.seat_index NULLS LAST, i.id`,
    [orderId],
  );
  return rows.map((r) => ({
    id: Number(r.id), type: 'ticket' as const, section: r.section ?? '', row: r.row, seat: r.seat, general_admission: Boolean(r.ga),
    ticket_type: r.ticket_type, is_child: r.is_child, valid: r.valid,
    user: r.u_status === null ? null : toTicketUser({ id: Number(r.holder_id), name: r.u_name ?? '', first_name: r.u_first, last_name: r.u_last, phone: r.u_phone, status: r.u_status }),
    message: r.m_status === null || r.m_channel === null ? null
      : { channel: r.m_channel, status: r.m_status, transport: r.m_transport, attempts: Number(r.m_attempts), last_error: r.m_error },
  }));
}

export interface CorporateRow {
  id: number; name: string; corporate_name: string | null; first_name: string | null; last_name: string | null; email: string | null;
  phone: string | null; status: string; promoter_id: number; promoter_name: string; created_at: string;
}

export const CORPORATE_SELECT = `SELECT u.id, u.name, u.corporate_name, u.first_name, u.last_name, u.email, u.phone, u.status, u.promoter_id,
       p.name AS promoter_name, to_char(u.created_at AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS') AS created_at
  FROM users u JOIN promoters p ON p.id = u.promoter_id`;

export const toCorporate = (r: CorporateRow): Corporate => ({
  id: Number(r.id), name: r.corporate_name || r.name, corporate_name: r.corporate_name || r.name, first_name: r.first_name ?? '',
  last_name: r.last_name ?? '', email: r.email ?? '', phone: r.phone ?? '', status: { status: r.status }, isActive: r.status === 'active',
  promoter_id: Number(r.promoter_id), promoter: { id: Number(r.promoter_id), name: r.promoter_name }, createdAt: { date: r.created_at },
});
