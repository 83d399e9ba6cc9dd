import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contracts/common';
import { CounterKeyBody, OfflineSale, OfflineSaleBatch, OfflineSaleBatchBody, OfflineSaleBody, OfflineSales } from '../../../src/contracts/offlineSales';
import { LeaseParams } from '../../../src/contracts/seatLeases';
import type { Db } from '../../db/database';
import { BOX_OFFICE_SALES, sessionUser } from '../../plugins/auth';
import { findReservation } from '../../reservations/reservationQueries';
import { listOfflineSales, registerCounterKey, replayOfflineSale, replayOfflineSales } from '../../seat-leases/offlineSales';

/** The counter's own calls: box-office staff on their own box-office reservation (404 for another's), the back office on its events'. */
const counterCall = { access: BOX_OFFICE_SALES, owns: { id: 'reservation' } };

/**
 * Offline sales (issue 35; docs/boxoffice.md "Selling offline"): the counter registers its key with its lease,
 * replays its logged sales one by one (200 applied, 409 conflict: the same answer for the same key every time), and
 * reads the reconciliation. The rules are in server/seat-leases/offlineSales.ts.
 */
export async function offlineSaleRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.post('/api/boxoffice/reservations/:id/leases/:lease/key', {
    config: counterCall, schema: { params: LeaseParams, body: CounterKeyBody, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    const user = sessionUser(request);
    const { id, lease } = request.params as { id: number; lease: number };
    await db.transaction(async (tx) => registerCounterKey(tx, await findReservation(tx, user, id, { lock: true }), lease, (request.body as CounterKeyBody).public_key));
    return reply.status(204).send();
  });

  app.post('/api/boxoffice/reservations/:id/offline-sales', {
    config: counterCall, schema: { params: IdParams, body: OfflineSaleBody, response: { 200: OfflineSale, 409: OfflineSale } },
  }, async (request, reply) => {
    const user = sessionUser(request);
    const id = (request.params as { id: number }).id;
    const { outcome, answer } = await db.transaction(async (tx) => replayOfflineSale(tx, user, await findReservation(tx, user, id, { lock: true }), request.body as OfflineSaleBody));
    return reply.status(outcome === 'applied' ? 200 : 409).send(answer);
  });

  // The counter's replay sends its log in batches (issue 35: 200 sales from 2 counters within 5 s): one request and one
  // transaction per batch, each sale still once by its key, in order, with its own result.
  app.post('/api/boxoffice/reservations/:id/offline-sales/batch', {
    config: counterCall, schema: { params: IdParams, body: OfflineSaleBatchBody, response: { 200: OfflineSaleBatch } },
  }, async (request) => {
    const user = sessionUser(request);
    const id = (request.params as { id: number }).id;
    const sales = (request.body as OfflineSaleBatchBody).sales;
    const results = await db.transaction(async (tx) => replayOfflineSales(tx, user, await findReservation(tx, user, id, { lock: true }), sales));
    return { results };
  });

  app.get('/api/boxoffice/reservations/:id/offline-sales', {
    config: counterCall, schema: { params: IdParams, response: { 200: OfflineSales } },
  }, async (request) => {
    const r = await findReservation(db, sessionUser(request), (request.params as { id: number }).id);
    return { collection: await listOfflineSales(db, r.id) };
  });
}
