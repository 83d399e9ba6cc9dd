import type { FastifyInstance } from 'fastify';
import { AssignedEvents, OperatorSummary, ShiftClose, ShiftCloseBody, TicketReferences, VerifyTicketBody, VerifiedTicket } from '../../../src/contracts/boxoffice';
import { closeShift } from '../../boxoffice/counterShift';
import { operatorSummary } from '../../boxoffice/operatorSummary';
import { verifyOfflineTicket } from '../../seat-leases/offlineSales';
import { IdParams, ItemParams } from '../../../src/contracts/common';
import { ReseatBody, Reservation } from '../../../src/contracts/reservations';
import type { ServerConfig } from '../../config';
import { sekFromOre } from '../../../src/domain/money';
import { extraFeeFromDescription } from '../../../src/domain/serviceFees';
import type { Db } from '../../db/database';
import { BOX_OFFICE_SALES, sessionUser } from '../../plugins/auth';
import { findReservation, loadReservation } from '../../reservations/reservationQueries';
import { reseatTicket } from '../../reservations/reseatTicket';
import { assertBoxOfficeValid } from '../../boxoffice/boxOfficeSale';
import { notFound } from '../../httpErrors';
import { ticketReferences, verifyTicketReference } from '../../boxoffice/ticketReference';

/**
 * The box-office app's own calls (001 §2 "Box-office app"); docs/boxoffice.md. Selling goes through the reservation
 * calls (PUT api/reservations/{id}), which box-office staff may use on their own box-office reservations only.
 */
export async function boxOfficeAppRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  const { db } = opts;
  const secret = opts.config.tokenSecret;

  // The signed-in user's box-office reservations still valid: Reservation Name, Event Name, Number of Tickets.
  app.get('/api/boxoffice/assigned', { config: { access: ['boxoffice'] }, schema: { response: { 200: AssignedEvents } } }, async (request) => {
    const user = sessionUser(request);
    const { rows } = await db.query<{ id: number; title: string; description: string; event_id: number; event_name: string; start_date: string; venue: string; promoter_id: number; tickets: number; validity_date: string | null; ticket_vat: string; fees_vat: string }>(
      `SELECT o.id, o.title, o.description, e.id AS event_id, coalesce(t.name, '') AS event_name,
              to_char(e.start_date, 'YYYY-MM-DD HH24:MI:SS') AS start_date, coalesce(v.name_en, '') AS venue, e.promoter_id,
              (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.type = 'ticket' AND i.valid) AS tickets,
              to_char(o.validity_date, 'YYYY-MM-DD HH24:MI:SS') AS validity_date, o.ticket_vat, o.fees_vat
         FROM orders o JOIN events e ON e.id = o.event_id
         LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
         LEFT JOIN venues v ON v.id = e.venue_id
        WHERE o.type = 'boxoffice' AND o.owner_id = $1 AND o.status <> 'void' AND o.parent_id IS NULL
          AND (o.validity_date IS NULL OR o.validity_date >= (now() AT TIME ZONE 'Europe/Stockholm'))
        ORDER BY e.start_date, o.id`,
      [user.id],
    );
    const collection = rows.map((r) => ({
      id: Number(r.id), title: r.title,
      event: { id: Number(r.event_id), name: r.event_name, start_date: r.start_date, venue: r.venue, promoter_id: Number(r.promoter_id) },
      tickets: r.tickets, extra_fee: sekFromOre(extraFeeFromDescription(r.description)), validity_date: r.validity_date,
      ticket_vat: Number(r.ticket_vat), fees_vat: Number(r.fees_vat),
    }));
    return { collection, count: collection.length };
  });

  // The signed reference of each valid ticket of a reservation, for the QR code of its printed ticket.
  app.get('/api/boxoffice/reservations/:id/references', {
    config: { access: BOX_OFFICE_SALES, owns: { id: 'reservation' } }, schema: { params: IdParams, response: { 200: TicketReferences } },
  }, async (request) => {
    const r = await findReservation(db, sessionUser(request), (request.params as { id: number }).id);
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM order_items WHERE order_id = $1 AND type = 'ticket' AND valid ORDER BY id`, [r.id]);
    return { collection: ticketReferences(secret, r.id, rows.map((i) => Number(i.id))) };
  });

  // Re-seat at the counter (issue 38; docs/boxoffice.md): a ticket of the counter's own box-office reservation moves to
  // another free seat while the reservation is valid; a paid ticket's cheaper seat is refunded in full, as a release is.
  app.put('/api/boxoffice/reservations/:id/items/:itemId/seat', {
    config: { access: BOX_OFFICE_SALES, owns: { id: 'reservation' } },
    schema: { params: ItemParams, body: ReseatBody, response: { 200: Reservation } },
  }, async (request) => {
    const user = sessionUser(request);
    const { id, itemId } = request.params as { id: number; itemId: number };
    await db.transaction(async (tx) => {
      const r = await findReservation(tx, user, id, { lock: true });
      if (r.type !== 'boxoffice') throw notFound('A box-office reservation');
      await assertBoxOfficeValid(tx, r);
      return reseatTicket(tx, user, r, itemId, request.body as ReseatBody, 'counter');
    });
    return loadReservation(db, user, id);
  });

  // Checks a scanned reference: signed by this server, and its ticket still valid (released tickets are not).
  app.post('/api/tickets/verify', { config: { access: BOX_OFFICE_SALES }, schema: { body: VerifyTicketBody, response: { 200: VerifiedTicket } } }, async (request) => {
    const user = sessionUser(request);
    const scope = user.type === 'admin' ? null : user.promoterId ?? -1;
    // A ticket sold offline from a lease (AO1, issue 35): checked with the lease's counter key.
    const offline = await verifyOfflineTicket(db, scope, (request.body as VerifyTicketBody).reference);
    if (offline) return offline;
    const ref = verifyTicketReference(secret, (request.body as VerifyTicketBody).reference);
    if (!ref) return { signed: false, valid: false, ticket_id: null, reservation_id: null };
    const { rows } = await db.query<{ valid: boolean }>(
      `SELECT i.valid FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.id = $1 AND i.order_id = $2 AND ($3::bigint IS NULL OR o.promoter_id = $3)`,
      [ref.ticketId, ref.reservationId, user.type === 'admin' ? null : user.promoterId ?? -1],
    );
    return { signed: true, valid: rows[0]?.valid === true, ticket_id: ref.ticketId, reservation_id: ref.reservationId };
  });

  // The operator summary: what this user sold today (Stockholm day), per ticket type, and the day's re-seat differences.
  app.get('/api/boxoffice/summary', { config: { access: ['boxoffice'] }, schema: { response: { 200: OperatorSummary } } },
    async (request) => operatorSummary(db, sessionUser(request).id));

  // Closing the shift with the cash counted in the drawer (issue 35): expected, counted and the difference are kept.
  app.post('/api/boxoffice/shift/close', { config: { access: ['boxoffice'] }, schema: { body: ShiftCloseBody, response: { 201: ShiftClose } } }, async (request, reply) => {
    const user = sessionUser(request);
    const close = await db.transaction((tx) => closeShift(tx, user.id, (request.body as ShiftCloseBody).counted_cash_ore));
    return reply.status(201).send(close);
  });
}
