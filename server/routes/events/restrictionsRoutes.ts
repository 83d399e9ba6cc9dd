import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { Restrictions, RestrictionsBody } from '../../../src/contracts/restrictions';
import { KIDS_NOT_DEFINED_MESSAGE, validateRestrictions } from '../../../src/domain/restrictions';
import type { Db, Queryable } from '../../db/database';
import { forbidden, throwIfInvalid } from '../../httpErrors';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { assertEventVisible } from '../../events/eventAccess';

const back = { access: BACK_OFFICE };

export async function readRestrictions(db: Queryable, id: number): Promise<Restrictions> {
  const { rows } = await db.query<Restrictions>(
    `SELECT max_number_tickets, sell_on_market, sell_to_friend, resell_in_group, resell_max_percent, age_restriction,
            kids_allowed, reservation_time, qr_first_generation_time, qr_inevent_showing_time, restrictions_confirmed
       FROM events WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Restrictions of an event (API-NOTES: GET and PUT api/events/{id}/restrictions; 000 §3, §5, §9). */
export function restrictionsRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/events/:id/restrictions', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: Restrictions } } }, async (request) => {
    const { id } = request.params as { id: number };
    await assertEventVisible(db, sessionUser(request), id);
    return readRestrictions(db, id);
  });

  // Saving confirms the restrictions (000 §5). The QR times are the admin's to set; kids only with a kids ticket type.
  app.put('/api/events/:id/restrictions', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: RestrictionsBody, response: { 200: Restrictions } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    const body = request.body as RestrictionsBody;
    const qrSent = body.qr_first_generation_time !== undefined || body.qr_inevent_showing_time !== undefined;
    if (qrSent && user.type !== 'admin') throw forbidden('Only an admin can change the QR settings.');
    throwIfInvalid(validateRestrictions({ ...body }));
    await db.transaction(async (tx) => {
      await assertEventVisible(tx, user, id, { lock: true });
      if (body.kids_allowed) {
        const { rows } = await tx.query('SELECT 1 FROM ticket_types WHERE event_id = $1 AND kids', [id]);
        if (rows.length === 0) throwIfInvalid({ kids_allowed: KIDS_NOT_DEFINED_MESSAGE });
      }
      await tx.query(
        `UPDATE events SET max_number_tickets = $2, sell_on_market = $3, sell_to_friend = $4, resell_in_group = $5,
                resell_max_percent = $6, age_restriction = $7, kids_allowed = $8, reservation_time = $9,
                qr_first_generation_time = CASE WHEN $10::boolean THEN $11::int ELSE qr_first_generation_time END,
                qr_inevent_showing_time = CASE WHEN $12::boolean THEN $13::int ELSE qr_inevent_showing_time END,
                restrictions_confirmed = true, updated_at = clock_timestamp()
          WHERE id = $1`,
        [
          id, body.max_number_tickets, body.sell_on_market, body.sell_to_friend, body.resell_in_group, body.resell_max_percent,
          body.age_restriction, body.kids_allowed, body.reservation_time,
          body.qr_first_generation_time !== undefined, body.qr_first_generation_time ?? 0,
          body.qr_inevent_showing_time !== undefined, body.qr_inevent_showing_time ?? null,
        ],
      );
    });
    return readRestrictions(db, id);
  });
}
