import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { LeaseParams, LeaseSelection, SeatLease, SeatLeases, TakeLeaseBody } from '../../../src/contracts/seatLeases';
import type { Db } from '../../db/database';
import { findAccessibleEvent } from '../../events/eventAccess';
import { notFound } from '../../httpErrors';
import { ADMIN_ONLY, BOX_OFFICE_SALES, sessionUser } from '../../plugins/auth';
import { endLease, listLeases, parseEndsAt, shrinkLease, takeLease, widenLease } from '../../seat-leases/seatLeases';
import { findReservation } from '../../reservations/reservationQueries';

/** The counter's own calls: box-office staff on their own box-office reservation (404 for another's), the back office on its events'. */
const counterCall = { access: BOX_OFFICE_SALES, owns: { id: 'reservation' } };

/**
 * Seat leases (issue 35; docs/boxoffice.md "Seat leases"): a counter takes, widens, shrinks and hands back its lease;
 * whoever sells from the event's map lists its leases; an admin revokes one. The rules are in
 * server/seat-leases/seatLeases.ts and the database guard in 220_seat_leases.sql.
 */
export async function seatLeaseRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  const answer = async (eventId: number, leaseId: number) => {
    const [lease] = await listLeases(db, eventId, leaseId);
    if (!lease) throw notFound('Lease');
    return lease;
  };

  app.post('/api/boxoffice/reservations/:id/leases', {
    config: counterCall, schema: { params: IdParams, body: TakeLeaseBody, response: { 201: SeatLease } },
  }, async (request, reply) => {
    const user = sessionUser(request);
    const body = request.body as TakeLeaseBody;
    const endsAt = parseEndsAt(body.ends_at);
    const { r, leaseId } = await db.transaction(async (tx) => {
      const r = await findReservation(tx, user, (request.params as { id: number }).id, { lock: true });
      return { r, leaseId: await takeLease(tx, user.id, r, body, endsAt) };
    });
    return reply.status(201).send(await answer(r.event_id, leaseId));
  });

  for (const [verb, change] of [['widen', widenLease], ['shrink', shrinkLease]] as const) {
    app.post(`/api/boxoffice/reservations/:id/leases/:lease/${verb}`, {
      config: counterCall, schema: { params: LeaseParams, body: LeaseSelection, response: { 200: SeatLease } },
    }, async (request) => {
      const user = sessionUser(request);
      const { id, lease } = request.params as { id: number; lease: number };
      const r = await db.transaction(async (tx) => {
        const r = await findReservation(tx, user, id, { lock: true });
        await change(tx, user.id, r, lease, request.body as LeaseSelection);
        return r;
      });
      return answer(r.event_id, lease);
    });
  }

  app.post('/api/boxoffice/reservations/:id/leases/:lease/hand-back', {
    config: counterCall, schema: { params: LeaseParams, response: { 200: SeatLease } },
  }, async (request) => {
    const user = sessionUser(request);
    const { id, lease } = request.params as { id: number; lease: number };
    const r = await db.transaction(async (tx) => {
      const r = await findReservation(tx, user, id, { lock: true });
      await endLease(tx, user.id, lease, { revoke: false, orderId: r.id });
      return r;
    });
    return answer(r.event_id, lease);
  });

  app.get('/api/events/:id/seat-leases', {
    config: { access: BOX_OFFICE_SALES, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: SeatLeases } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    return { collection: await listLeases(db, event.id) };
  });

  // An admin ends any counter's lease at once (its unsold seats are for sale again; its sales stay).
  app.post('/api/seat-leases/:id/revoke', { config: { access: ADMIN_ONLY }, schema: { params: IdParams, response: { 200: SeatLease } } }, async (request) => {
    const user = sessionUser(request);
    const leaseId = (request.params as { id: number }).id;
    await db.transaction((tx) => endLease(tx, user.id, leaseId, { revoke: true }));
    const { rows } = await db.query<{ event_id: number }>('SELECT event_id FROM seat_leases WHERE id = $1', [leaseId]);
    return answer(Number(rows[0].event_id), leaseId);
  });
}
