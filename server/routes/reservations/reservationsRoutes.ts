import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { IdParams, ItemParams, MessageResponse } from '../../../src/contracts/common';
import {
  CorporateOptions, CreateReservationBody, ReseatBody, EventReservationList, Reservation, ReservationList, ReservationListQuery,
  RESERVATION_MESSAGES, ServiceFeeList, ServiceFeeQuery, UpdateReservationBody,
} from '../../../src/contracts/reservations';
import { FORM_MESSAGES } from '../../../src/domain/forms';
import { sekFromOre } from '../../../src/domain/money';
import { isHold, PAID_NO_HOLD_END } from '../../../src/domain/reservations';
import type { Db, Queryable } from '../../db/database';
import { findAccessibleEvent } from '../../events/eventAccess';
import { HttpError, throwIfInvalid, ValidationError } from '../../httpErrors';
import { BACK_OFFICE, BOX_OFFICE_SALES, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { assertNotBlacklisted } from '../../people/blacklist';
import { assertKidTicket } from '../../reservations/kidTickets';
import { assignTickets } from '../../corporates/ticketSends';
import { FAMILY, findReservation, listReservations, loadReservation, loadReservations, NOW_LOCAL, RESERVATION_TYPES, reservationStatistics, scopeOf, type ReservationRow } from '../../reservations/reservationQueries';
import { changeSubReservation } from './subReservations';
import { reseatTicket } from '../../reservations/reseatTicket';
import { boxOfficeCreateFields, boxOfficeUpdateFields } from '../../boxoffice/boxOfficeReservations';
import { assertNoSoldTickets, boxOfficeSale, counterTender, refundBoxOfficeRelease } from '../../boxoffice/boxOfficeSale';
import { refuseDeletingPaidTickets, refuseSeatsNoLongerForSale, removeTickets, reserveGroup, reservesStanding, SeatsError, type ReserveAsk } from '../../reservations/reserveTickets';
import { inGroups } from '../../db/inGroups';
import { bumpSeatVersion } from '../../seat-state/seatVersions';
import { ticketReferences } from '../../boxoffice/ticketReference';

const back = { access: BACK_OFFICE };
const ownsEvent = { access: BACK_OFFICE, owns: { id: 'event' } };
const ownsReservation = { access: BACK_OFFICE, owns: { id: 'reservation' } };
/** Also the box-office staff, on their own box-office reservations and events (docs/boxoffice.md). */
const sellsReservation = { access: BOX_OFFICE_SALES, owns: { id: 'reservation' } };
/** The update also sends tickets of a corporate's own reservations from the corporate app (001 §4, §7). */
const updatesReservation = { access: [...BOX_OFFICE_SALES, 'corporate' as const], owns: { id: 'reservation' } };
const CORPORATE_SENDS_ONLY = 'The corporate app sends tickets only: the person who received a ticket returns it.';

/** A corporate of the event's promoter, or a validation error on `owner` (001 §6: the select lists those only). */
async function assertCorporate(db: Queryable, promoterId: number, id: number) {
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND type = $2 AND promoter_id = $3 AND status = $4', [id, 'corporate', promoterId, 'active']);
  throwIfInvalid({ owner: rows.length ? undefined : 'Choose a corporate of the event\'s promoter.' });
}

/** A real calendar moment (the schema checks only its shape): 'Enter a date as dd.mm.yyyy' otherwise. */
function checkMoment(value: string | undefined) {
  if (value === undefined) return;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)!;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  const ok = y >= 1900 && y <= 9999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
  throwIfInvalid({ reserved_until: ok ? undefined : 'Enter a real date and time.' });
}

const PASSED: Record<string, string> = {
  reserved_until: 'This time has already passed: choose a later reserved-until time.',
  validity_date: 'This time has already passed: choose a later validity date.',
};

/**
 * A hold that ends before it starts holds nothing, and its seats would flash taken on every open map: a
 * reserved_until or validity_date already past is refused (422) on create and on update. Call it after the moments
 * were checked to be real.
 */
async function refusePast(db: Queryable, moments: { reserved_until?: string | null; validity_date?: string | null }) {
  const fields = Object.entries(moments).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (fields.length === 0) return;
  const { rows } = await db.query<{ passed: boolean }>(
    `SELECT m <= ${NOW_LOCAL} AS passed FROM unnest($1::timestamp[]) WITH ORDINALITY AS x(m, n) ORDER BY n`, [fields.map(([, v]) => v)]);
  throwIfInvalid(Object.fromEntries(fields.map(([k], i) => [k, rows[i].passed ? PASSED[k] : undefined])));
}

/** Sends a SeatsError with its seats; anything else goes to the shared error handler. */
async function withSeats<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SeatsError) return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message, seats: err.seats } });
    throw err;
  }
}

/** Event reservations (001 §2 "Event reservations", §7 "Reservations", §8); docs/reservations.md. */
export async function reservationsRoutes(app: FastifyInstance, opts: { db: Db; tokenSecret: string }) {
  const { db, tokenSecret } = opts;
  /**
   * A box-office reservation's answer to a sale or a release carries the signed references of its valid tickets (their
   * QR codes): the counter prints from the answer alone, also when the network drops right after it (docs/boxoffice.md
   * "Printing offline what was sold online").
   */
  const withReferences = (r: Reservation): Reservation =>
    (r.type === 'boxoffice' ? { ...r, references: ticketReferences(tokenSecret, r.id, r.items.filter((i) => i.valid).map((i) => i.id)) } : r);
  // Reserves of callers arriving together share one transaction (server/db/inGroups.ts; bench/reserve).
  // A caller that sends `Prefer: return=minimal` (RFC 7240: the reservation map, which reads the reservation again
  // anyway) gets 204 and costs the group no read-back of its reservation.
  const reserve = inGroups<ReserveAsk & { minimal: boolean }, Reservation | null>(async (asks) => {
    const outcomes = await db.transaction((tx) => reserveGroup(tx, asks, boxOfficeSale));
    const loaded = await loadReservations(db, outcomes.filter((o, i): o is ReservationRow => !(o instanceof Error) && !asks[i].minimal));
    return outcomes.map((o, i) => (o instanceof Error ? o : asks[i].minimal ? null : loaded.shift()!));
    }, {
    max: 50,
    // A cash sale with an amount given can be refused (less than the total) only once its total is known, inside the
    // transaction: it goes alone, so its refusal fails no other counter's sale.
    alone: (a) => reservesStanding(a) || (a.tender?.method === 'cash' && a.tender.given_ore != null),
  });

  app.get('/api/events/:id/reservations', {
    config: ownsEvent,
    schema: { params: IdParams, querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }), response: { 200: EventReservationList } },
  }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const q = request.query as { page?: number; per_page?: number };
    const perPage = q.per_page ?? 100;
    const where = `o.event_id = $1 AND o.parent_id IS NULL AND o.status <> 'void' AND o.type IN ('guest', 'corporate', 'handicapped', 'known_person', 'vip')`;
    const [list, statistics] = await Promise.all([
      listReservations(db, where, [event.id], perPage, ((q.page ?? 1) - 1) * perPage),
      reservationStatistics(db, event.id),
    ]);
    return { ...list, statistics };
  });

  app.get('/api/reservations', { config: back, schema: { querystring: ReservationListQuery, response: { 200: ReservationList } } }, async (request) => {
    const q = request.query as ReservationListQuery;
    const types = q.type ? [q.type] : q.types ? q.types.split(',').map((s) => s.trim()).filter((s) => RESERVATION_TYPES.includes(s)) : RESERVATION_TYPES;
    const params: unknown[] = [types, scopeOf(sessionUser(request))];
    let where = `o.type = ANY($1::text[]) AND ($2::bigint IS NULL OR o.promoter_id = $2) AND o.parent_id IS NULL`;
    where += q.valid === 0 ? ` AND o.status = 'void'` : ` AND o.status <> 'void'`;
    if (q.event) where += ` AND o.event_id = $${params.push(q.event)}`;
    if (q.search) where += ` AND (o.title ILIKE $${params.push(`%${q.search.replace(/[\\%_]/g, '\\$&')}%`)} OR o.id::text = $${params.push(q.search.trim())})`;
    const perPage = q.per_page ?? 30;
    return listReservations(db, where, params, perPage, ((q.page ?? 1) - 1) * perPage);
  });

  app.get('/api/reservations/:id', { config: sellsReservation, schema: { params: IdParams, response: { 200: Reservation } } }, async (request) =>
    loadReservation(db, sessionUser(request), (request.params as { id: number }).id));

  app.post('/api/reservations', { config: back, schema: { body: CreateReservationBody, response: { 201: Reservation } } }, async (request, reply) => {
    const user = sessionUser(request);
    const body = request.body as CreateReservationBody;
    const boxOffice = body.type === 'boxoffice';
    if (!boxOffice) {
      throwIfInvalid({
        title: body.title?.trim() ? undefined : FORM_MESSAGES.requiredBang,
        reserved_until: body.reserved_until ? undefined : FORM_MESSAGES.requiredBang,
        owner: body.type === 'corporate' && !body.owner ? FORM_MESSAGES.requiredBang : undefined,
      });
      checkMoment(body.reserved_until);
    }
    const id = await db.transaction(async (tx) => {
      const event = await findAccessibleEvent(tx, user, body.event);
      // Box office (docs/boxoffice.md): owner, extra fee and validity date checked there; no hold expiry.
      const bo = boxOffice ? await boxOfficeCreateFields(tx, event.promoter_id, body) : null;
      await refusePast(tx, bo ? { validity_date: bo.validity_date } : { reserved_until: body.reserved_until });
      if (body.type === 'corporate') await assertCorporate(tx, event.promoter_id, body.owner!);
      const owner = bo ? bo.owner : body.type === 'corporate' ? body.owner : null;
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO orders (event_id, promoter_id, type, status, title, description, owner_id, corporate_id, reserver_id, reserved_until, validity_date, ticket_vat)
         SELECT e.id, e.promoter_id, $2, 'new', $3, $4, $5, $6, $7, $8::timestamp, $9::timestamp, e.ticket_vat FROM events e WHERE e.id = $1
         RETURNING id`,
        [event.id, body.type, bo ? bo.title : body.title!.trim(), bo ? bo.description : body.description ?? '', owner,
          body.type === 'corporate' ? body.owner : null, user.id, bo ? null : body.reserved_until, bo ? bo.validity_date : null],
      );
      return Number(rows[0].id);
    });
    return reply.status(201).send(await loadReservation(db, user, id));
  });

  app.put('/api/reservations/:id', { config: updatesReservation, schema: { params: IdParams, body: UpdateReservationBody, response: { 200: Reservation, 204: Type.Null() } } }, async (request, reply) => {
    const user = sessionUser(request);
    const id = (request.params as { id: number }).id;
    const body = request.body as UpdateReservationBody;
    const details = body.title !== undefined || body.description !== undefined || body.owner !== undefined || body.reserved_until !== undefined || body.validity_date !== undefined;
    const kinds = [body.tickets !== undefined, body.items !== undefined, body.sub_reservation !== undefined, details].filter(Boolean).length;
    if (kinds !== 1) throw new HttpError(422, 'one_change', 'Send one of: tickets to reserve, items to remove or assign, a sub-reservation, or the reservation details.');
    // A corporate sends tickets of its own reservations (another's is unknown: 404), with the rules of ticketSends.ts.
    if (user.type === 'corporate') {
      if (!body.items || body.items.some((i) => i.valid === false || i.user === null)) throw new HttpError(403, 'forbidden', CORPORATE_SENDS_ONLY);
      const sends = body.items.map((i) => ({ id: i.id, user: i.user ?? {}, is_child: i.is_child }));
      await db.transaction((tx) => assignTickets(tx, user.id, id, sends));
      return loadReservation(db, user, id);
    }
    // The box office sells and releases; its reservation's details are the promoter's to change.
    if (user.type === 'boxoffice' && (details || body.sub_reservation !== undefined || body.items?.some((i) => i.valid !== false))) throw new HttpError(403, 'forbidden', 'The box office can only reserve and release tickets.');
    if (body.title !== undefined) throwIfInvalid({ title: body.title.trim() ? undefined : FORM_MESSAGES.requiredBang });
    checkMoment(body.reserved_until);
    if (body.tickets) {
      const minimal = /\breturn=minimal\b/.test(String(request.headers.prefer ?? ''));
      // A card payment without its reference is refused before anything is written.
      if (body.tender) counterTender({ ...body.tender, given_ore: null }, 0);
      const out = await withSeats(reply, () => reserve({ user, id, tickets: body.tickets!, minimal, tender: body.tender }));
      if (out === null) return reply.status(204).header('preference-applied', 'return=minimal').send();
      return 'items' in out ? withReferences(out) : out;
    }
    return withSeats(reply, async () => {
      let released: Reservation['released'];
      await db.transaction(async (tx) => {
        const r = await findReservation(tx, user, id, { lock: true });
        if (body.items) {
          const removals = body.items.filter((i) => i.valid === false);
          const assigns = body.items.filter((i) => i.valid !== false);
          if (removals.length) await bumpSeatVersion(tx, r.event_id, await removeTickets(tx, r, removals.map((i) => i.id), user.type === 'admin'));
          if (removals.length && r.type === 'boxoffice') {
            const back = await refundBoxOfficeRelease(tx, r, user.id, removals.map((i) => i.id));
            released = { tickets: removals.length, refund_amount: sekFromOre(back.amountOre), tenders: back.tenders.map((t) => ({ method: t.method, amount: sekFromOre(t.amountOre) })) };
          }
          for (const a of assigns) await assignTicket(tx, r, a);
        } else if (body.sub_reservation) {
          await changeSubReservation(tx, r, user.id, body.sub_reservation);
        } else if (r.type === 'boxoffice') {
          const bo = await boxOfficeUpdateFields(tx, r.promoter_id, body);
          await refusePast(tx, { validity_date: body.validity_date });
          await tx.query(
            `UPDATE orders SET title = coalesce($2, title), description = coalesce($3, description), owner_id = coalesce($4, owner_id),
                    validity_date = coalesce($5::timestamp, validity_date), updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
              WHERE id = $1`,
            [r.id, body.title?.trim() ?? null, bo.description ?? null, body.owner ?? null, body.validity_date ?? null],
          );
        } else {
          // A paid reservation holds its seats for good: no reserved until to set (isHold; its other details change).
          if (body.reserved_until !== undefined && !isHold(r.status)) throwIfInvalid({ reserved_until: PAID_NO_HOLD_END });
          await refusePast(tx, { reserved_until: body.reserved_until });
          if (body.reserved_until !== undefined && (r.expired || r.status === 'expired')) await refuseSeatsNoLongerForSale(tx, r);
          if (body.owner !== undefined && body.owner !== r.owner_id) {
            if (r.type === 'corporate') throwIfInvalid({ owner: 'The corporate of a reservation cannot change.' });
            if (body.owner !== null) {
              const { rows } = await tx.query('SELECT 1 FROM users WHERE id = $1 AND status <> $2', [body.owner, 'deleted']);
              throwIfInvalid({ owner: rows.length ? undefined : 'User not found.' });
              await assertNotBlacklisted(tx, r.promoter_id, body.owner);
            }
          }
          await tx.query(
            `UPDATE orders SET title = coalesce($2, title), description = coalesce($3, description),
                    owner_id = CASE WHEN $4::boolean THEN $5::bigint ELSE owner_id END,
                    reserved_until = coalesce($6::timestamp, reserved_until),
                    status = CASE WHEN status = 'expired' AND $6::timestamp IS NOT NULL THEN 'new' ELSE status END,
                    updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
              WHERE id = $1`,
            [r.id, body.title?.trim() ?? null, body.description ?? null, body.owner !== undefined && r.type !== 'corporate', body.owner ?? null, body.reserved_until ?? null],
          );
          // Its sub-reservations hold their tickets as long as it does.
          if (body.reserved_until !== undefined) {
            await tx.query(
              `UPDATE orders SET reserved_until = $2::timestamp, status = CASE WHEN status = 'expired' THEN 'new' ELSE status END
                WHERE parent_id = $1 AND status <> 'void'`, [r.id, body.reserved_until]);
            // A hold that had ended holds its seats again: open maps draw them taken.
            if (r.expired || r.status === 'expired') {
              const held = await tx.query<{ section_id: number; seat_id: number | null }>(
                `SELECT i.section_id, i.seat_id FROM order_items i
                  WHERE i.order_id IN (${FAMILY('$1::bigint')}) AND i.valid AND i.type = 'ticket' AND i.section_id IS NOT NULL`, [r.id]);
              await bumpSeatVersion(tx, r.event_id, held.rows);
            }
          }
        }
      });
      const answer = withReferences(await loadReservation(db, user, id));
      return released ? { ...answer, released } : answer;
    });
  });

  app.put('/api/reservations/:id/items/:itemId/seat', {
    config: sellsReservation,
    schema: { params: ItemParams, body: ReseatBody, response: { 200: Reservation } },
  }, async (request) => {
    const user = sessionUser(request);
    const { id, itemId } = request.params as { id: number; itemId: number };
    // A counter's sale gives a price difference back as the counter does, in full (docs/refunds.md).
    await db.transaction(async (tx) => {
      const r = await findReservation(tx, user, id, { lock: true });
      return reseatTicket(tx, user, r, itemId, request.body as ReseatBody, r.type === 'boxoffice' ? 'counter' : 'reservation');
    });
    return loadReservation(db, user, id);
  });

  app.delete('/api/reservations/:id', { config: ownsReservation, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const user = sessionUser(request);
    const id = (request.params as { id: number }).id;
    await db.transaction(async (tx) => {
      const r = await findReservation(tx, user, id, { lock: true });
      const { rows } = await tx.query(
        `SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE (o.id = $1 OR o.parent_id = $1) AND i.type = 'ticket' AND i.valid AND i.holder_id IS NOT NULL LIMIT 1`, [r.id]);
      if (rows.length) throw new HttpError(409, 'tickets_assigned', RESERVATION_MESSAGES.cannotDelete);
      if (r.type === 'boxoffice') await assertNoSoldTickets(tx, r);
      else await refuseDeletingPaidTickets(tx, r, user.type === 'admin');
      // Deleted means void: the order and its items stay as history (ARCHITECTURE.md), its seats are free.
      const freed = await tx.query<{ section_id: number; seat_id: number | null }>(
        `UPDATE order_items i SET valid = false FROM orders o
          WHERE o.id = i.order_id AND (o.id = $1 OR o.parent_id = $1) AND i.valid RETURNING i.section_id, i.seat_id`, [r.id]);
      await tx.query(`UPDATE orders SET status = 'void', updated_at = (now() AT TIME ZONE 'Europe/Stockholm') WHERE id = $1 OR parent_id = $1`, [r.id]);
      await bumpSeatVersion(tx, r.event_id, freed.rows.filter((c) => c.section_id !== null));
    });
    return { message: RESERVATION_MESSAGES.deleted };
  });

  app.get('/api/service-fees', { config: { access: BOX_OFFICE_SALES }, schema: { querystring: ServiceFeeQuery, response: { 200: ServiceFeeList } } }, async (request) => {
    const promoter = scopedPromoterId(sessionUser(request), (request.query as { promoter?: number }).promoter ?? null);
    // The promoter's own bands when it has any, else the platform's defaults (promoter_id NULL).
    const { rows } = await db.query<{ id: number; fixed_ore: number; price_min_ore: number; price_max_ore: number | null }>(
      `SELECT id, fixed_ore, price_min_ore, price_max_ore FROM service_fees
        WHERE promoter_id IS NOT DISTINCT FROM (SELECT promoter_id FROM service_fees WHERE promoter_id = $1 LIMIT 1)
        ORDER BY price_min_ore, id`,
      [promoter],
    );
    return { collection: rows.map((r) => ({ id: Number(r.id), fixed: sekFromOre(r.fixed_ore), price_min: sekFromOre(r.price_min_ore), price_max: r.price_max_ore === null ? null : sekFromOre(r.price_max_ore) })) };
  });

  app.get('/api/events/:id/corporates', { config: ownsEvent, schema: { params: IdParams, response: { 200: CorporateOptions } } }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM users WHERE type = 'corporate' AND status = 'active' AND promoter_id = $1 ORDER BY name, id`, [event.promoter_id]);
    return { collection: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
  });
}

/**
 * Assigns a ticket to a person (items [{id, user: {id}, is_child}]); `user: null` takes it back. A blacklisted person
 * receives nothing of the promoter; a kid's ticket (is_child) follows the rules of kidTickets.ts.
 */
async function assignTicket(tx: Queryable, r: ReservationRow, a: { id: number; user?: { id?: number } | null; is_child?: boolean }) {
  if (a.user) {
    // The back office names people by id (the phone form is the corporate app's, ticketSends.ts).
    const userId = a.user.id;
    if (userId === undefined) throw new ValidationError({ user: ['User is required'] });
    const { rows } = await tx.query('SELECT 1 FROM users WHERE id = $1 AND status <> $2', [userId, 'deleted']);
    throwIfInvalid({ user: rows.length ? undefined : 'User not found.' });
    await assertNotBlacklisted(tx, r.promoter_id, userId);
  }
  const { rows } = await tx.query<{ holder_id: number | null; is_child: boolean }>(
    `UPDATE order_items SET holder_id = CASE WHEN $3::boolean THEN $4::bigint ELSE holder_id END, is_child = coalesce($5, is_child)
      WHERE id = $1 AND order_id IN (${FAMILY('$2::bigint')}) AND type = 'ticket' AND valid
     RETURNING holder_id, is_child`,
    [a.id, r.id, a.user !== undefined, a.user?.id ?? null, a.is_child ?? null],
  );
  if (!rows[0]) throw new HttpError(422, 'unknown_item', `Ticket ${a.id} is not a valid ticket of this reservation.`);
  if (rows[0].is_child && rows[0].holder_id !== null) await assertKidTicket(tx, r.id, r.event_id, a.id, Number(rows[0].holder_id));
}
