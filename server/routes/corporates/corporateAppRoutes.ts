import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contracts/common';
import {
  CorporateDetails, CorporateReservationDetail, CorporateReservationList, FriendQuery, FriendResult,
  ReservationListQuery, TicketHolders,
} from '../../../src/contracts/corporates';
import type { AccountType } from '../../../src/contracts/auth';
import type { Db } from '../../db/database';
import { notFound } from '../../httpErrors';
import { scopedPromoterId, sessionUser, type SessionUser } from '../../plugins/auth';
import { BLACKLISTED_MESSAGE, isBlacklisted } from '../../people/blacklist';
import { FAMILY } from '../../reservations/reservationQueries';
import { LIVE_RESERVATION, corporateReservation, corporateReservations, toTicketUser } from '../../corporates/corporateQueries';
import { assertCanReceive, NOT_FOUND_BY_PHONE, searchedDigits, userByPhone } from '../../corporates/ticketSends';
import { assertEventVisible } from '../../events/eventAccess';

const CORPORATE_ONLY: readonly AccountType[] = ['corporate'];
/** Who sends tickets by phone: the corporate in its app, and the back office on its reservations. */
const SENDERS: readonly AccountType[] = ['admin', 'promoter', 'corporate'];
const app_ = { access: CORPORATE_ONLY };
const ownReservation = { access: CORPORATE_ONLY, owns: { id: 'corporateReservation' } };

const HoldersQuery = Type.Object({
  corporate_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  reservation_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});

/** A corporate sees only its own event's people search: the event must carry one of its reservations. */
async function assertSenderEvent(db: Db, user: SessionUser, eventId: number): Promise<void> {
  await assertEventVisible(db, user, eventId);
  if (user.type !== 'corporate') return;
  const { rows } = await db.query(`SELECT 1 FROM orders o WHERE o.event_id = $1 AND o.corporate_id = $2 AND ${LIVE_RESERVATION} LIMIT 1`, [eventId, user.id]);
  if (!rows[0]) throw notFound('Event');
}

/**
 * The corporate app (001 §2 "Corporate app", §4, §5, §7): a corporate user's own reservations, their tickets, the
 * people search by phone, and who holds what. Sending tickets is 001 §7's `PUT api/reservations/{id}` with `items`
 * (reservationsRoutes.ts, through assignTickets of ticketSends.ts). Everything is scoped to the caller: another corporate's
 * reservation is unknown (404).
 */
export async function corporateAppRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/corporate-app/details', { config: app_, schema: { response: { 200: CorporateDetails } } }, async (request) => {
    const { rows } = await db.query<{ id: number; corporate_name: string | null; name: string; first_name: string | null; last_name: string | null; email: string | null; phone: string | null }>(
      'SELECT id, corporate_name, name, first_name, last_name, email, phone FROM users WHERE id = $1',
      [sessionUser(request).id],
    );
    const u = rows[0];
    return {
      id: Number(u.id), corporate_name: u.corporate_name || u.name, full_name: [u.first_name, u.last_name].filter(Boolean).join(' '),
      email: u.email ?? '', phone: u.phone ?? '',
    };
  });

  app.get('/api/corporate-app/reservations', {
    config: app_, schema: { querystring: ReservationListQuery, response: { 200: CorporateReservationList } },
  }, async (request) => {
    const q = request.query as ReservationListQuery;
    return corporateReservations(db, sessionUser(request).id, q.page ?? 1, q.per_page ?? 10);
  });

  app.get('/api/corporate-app/reservations/:id', {
    config: ownReservation, schema: { params: IdParams, response: { 200: CorporateReservationDetail } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const reservation = await corporateReservation(db, sessionUser(request).id, id);
    if (!reservation) throw notFound('Reservation');
    return reservation;
  });

  app.get('/api/events/:id/tickets/friend', {
    config: { access: SENDERS, owns: { id: 'event' } }, schema: { params: IdParams, querystring: FriendQuery, response: { 200: FriendResult } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const digits = searchedDigits((request.query as { phone: string }).phone);
    await assertSenderEvent(db, sessionUser(request), id);
    const found = await userByPhone(db, digits);
    if (!found) throw Object.assign(notFound('User'), { message: NOT_FOUND_BY_PHONE });
    assertCanReceive(found);
    // Said on the found card, before Send (issue 38); the send itself still refuses in its transaction.
    const event = await db.query<{ promoter_id: number }>('SELECT promoter_id::int FROM events WHERE id = $1', [id]);
    const blacklisted = event.rows[0] ? await isBlacklisted(db, event.rows[0].promoter_id, found.id) : false;
    return { user: toTicketUser(found), refusal: blacklisted ? BLACKLISTED_MESSAGE : null };
  });

  app.get('/api/corporate-ticket-holders', {
    config: { access: SENDERS }, schema: { querystring: HoldersQuery, response: { 200: TicketHolders } },
  }, async (request) => {
    const user = sessionUser(request);
    const q = request.query as { corporate_id?: number; reservation_id?: number };
    const corporate = user.type === 'corporate' ? user.id : q.corporate_id ?? null;
    const promoter = user.type === 'corporate' ? null : scopedPromoterId(user);
    const { rows } = await db.query<{ item_id: number; order_id: number; is_child: boolean; id: number; name: string; first_name: string | null; last_name: string | null; phone: string | null; status: string }>(
      `SELECT i.id AS item_id, o.id AS order_id, i.is_child, u.id, u.name, u.first_name, u.last_name, u.phone, u.status
         FROM orders o CROSS JOIN LATERAL (${FAMILY('o.id')}) fam(id)
         JOIN order_items i ON i.order_id = fam.id AND i.type = 'ticket' AND i.valid
         JOIN users u ON u.id = i.holder_id AND u.id <> o.corporate_id
        WHERE o.corporate_id IS NOT NULL AND ${LIVE_RESERVATION}
          AND ($1::bigint IS NULL OR o.corporate_id = $1) AND ($2::bigint IS NULL OR o.id = $2) AND ($3::bigint IS NULL OR o.promoter_id = $3)
          AND ($1::bigint IS NOT NULL OR $2::bigint IS NOT NULL)
        ORDER BY o.id, i.id LIMIT 2000`,
      [corporate, q.reservation_id ?? null, promoter],
    );
    const collection = rows.map((r) => ({ item_id: Number(r.item_id), reservation_id: Number(r.order_id), is_child: r.is_child, user: toTicketUser(r) }));
    return { collection, count: collection.length };
  });
}
