import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { CopyBody, CopyFromBody, CopyPricesResult, CopyResult, DuplicateBody, EventDetail } from '../../../src/contracts/events';
import { EVENT_FORM_MESSAGES } from '../../../src/domain/eventForm';
import { formDateOutOfRangeMessage, formDateRange, isBeforeDay, parseDateIn } from '../../../src/domain/dates';
import type { Db, Queryable } from '../../db/database';
import { HttpError, throwIfInvalid } from '../../httpErrors';
import { BACK_OFFICE, sessionUser, type SessionUser } from '../../plugins/auth';
import { copyHiddenSeats, copyPrices } from './copyPricing';
import { copyCorporateReservations } from './copyReservations';
import { readEventDetail } from './eventQueries';
import { watchEventPricing } from '../../pricing/pricingStatus';
import { bumpLayoutVersion } from '../../seat-state/seatVersions';
import { assertEventVisible } from '../../events/eventAccess';
import { venueToday } from '../../../src/domain/venueClock';

const back = { access: BACK_OFFICE };

/**
 * Step 1 of the copy wizard: a new draft with the source's content and settings (000 §4), starting at `startDate`.
 * End, ticket release and venue opening keep their distance to the start; the venue opening stays on the start day.
 * The image is shared, not duplicated. Not copied: status, season membership, confirmation of restrictions.
 */
async function duplicateEvent(tx: Queryable, sourceId: number, start: string, name?: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO events (promoter_id, entity_type, status, behaviour_type, type, genre_id, venue_id, map_id, start_date, end_date,
                         tickets_release_date, venue_open_date, notes, social_links, ticket_vat, medium_id, max_number_tickets,
                         sell_on_market, sell_to_friend, resell_in_group, resell_max_percent, age_restriction, kids_allowed,
                         reservation_time, qr_first_generation_time, qr_inevent_showing_time)
     SELECT promoter_id, entity_type, 'draft', behaviour_type, type, genre_id, venue_id, map_id, $2::timestamp,
            $2::timestamp + (end_date - start_date), $2::timestamp - (start_date - tickets_release_date),
            CASE WHEN venue_open_date IS NULL THEN NULL
                 ELSE greatest($2::timestamp - (start_date - venue_open_date), date_trunc('day', $2::timestamp)) END,
            notes, social_links, ticket_vat, medium_id, max_number_tickets, sell_on_market, sell_to_friend, resell_in_group,
            resell_max_percent, age_restriction, kids_allowed, reservation_time, qr_first_generation_time, qr_inevent_showing_time
       FROM events WHERE id = $1
     RETURNING id`,
    [sourceId, start],
  );
  const id = Number(rows[0].id);
  await tx.query(
    `INSERT INTO event_translations (event_id, language, name, description, performer_name, genre)
     SELECT $2, language, coalesce($3, name), description, performer_name, genre FROM event_translations WHERE event_id = $1`,
    [sourceId, id, name?.trim() || null],
  );
  return id;
}

/** Both events visible to the caller and on the same map (prices hang on the map's sections and seats). */
async function sameMapPair(tx: Queryable, user: SessionUser, sourceId: number, targetId: number) {
  // Copying an event onto itself would first clear what it copies: refused, as POST api/copy refuses it.
  if (sourceId === targetId) throw new HttpError(422, 'same_event', 'An event cannot copy its own prices or hidden seats: choose another event as the source.');
  const source = await assertEventVisible(tx, user, sourceId);
  const target = await assertEventVisible(tx, user, targetId, { lock: true });
  if (source.map_id !== target.map_id) throw new HttpError(422, 'different_maps', 'Prices can only be copied between events on the same map.');
}

export function copyRoutes(app: FastifyInstance, db: Db) {
  app.post('/api/events/duplicate', { config: back, schema: { body: DuplicateBody, response: { 200: EventDetail } } }, async (request) => {
    const user = sessionUser(request);
    const body = request.body as DuplicateBody;
    const start = parseDateIn('duplicateDateTime', body.startDate);
    throwIfInvalid({
      startDate: !start
        ? 'Enter the start as YYYY-MM-DD HH:mm'
        : isBeforeDay(start, venueToday(Date.now()))
          ? EVENT_FORM_MESSAGES.startMinToday
          : start > formDateRange(venueToday(Date.now())).max ? formDateOutOfRangeMessage(venueToday(Date.now())) : undefined,
    });
    const id = await db.transaction(async (tx) => {
      await assertEventVisible(tx, user, body.id);
      return duplicateEvent(tx, body.id, `${body.startDate}:00`, body.name);
    });
    return readEventDetail(db, user, id);
  });

  app.post('/api/events/:id/copy-prices', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: CopyFromBody, response: { 200: CopyPricesResult } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { source_event_id } = request.body as CopyFromBody;
    return db.transaction(async (tx) => {
      await sameMapPair(tx, sessionUser(request), source_event_id, id);
      const pricing = await watchEventPricing(tx, id, { seasonChild: false });
      const result = await copyPrices(tx, source_event_id, id);
      await pricing.assertKept();
      await bumpLayoutVersion(tx, id); // the copy's open maps reload
      return result;
    });
  });

  app.post('/api/events/:id/copy-hidden-seats', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: CopyFromBody, response: { 200: CopyPricesResult } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { source_event_id } = request.body as CopyFromBody;
    return db.transaction(async (tx) => {
      await sameMapPair(tx, sessionUser(request), source_event_id, id);
      const pricing = await watchEventPricing(tx, id, { seasonChild: false });
      const result = await copyHiddenSeats(tx, source_event_id, id);
      await pricing.assertKept();
      await bumpLayoutVersion(tx, id); // the copy's open maps reload
      return result;
    });
  });

  // Corporate reservations (000 §7 POST api/copy): each pair in its own transaction with the destination locked.
  app.post('/api/copy', { config: back, schema: { body: CopyBody, response: { 200: CopyResult } } }, async (request) => {
    const user = sessionUser(request);
    const { copy } = request.body as CopyBody;
    const copied = [];
    for (const pair of copy) {
      const wantsCorporate = pair.reservations.some((r) => r.type === 'corporate');
      copied.push(await db.transaction(async (tx) => {
        if (wantsCorporate) return copyCorporateReservations(tx, user, pair.source_event_id, pair.destination_event_id);
        await assertEventVisible(tx, user, pair.source_event_id);
        await assertEventVisible(tx, user, pair.destination_event_id);
        return { source_event_id: pair.source_event_id, destination_event_id: pair.destination_event_id, reservations: 0, seats: 0, already_copied: 0, conflicts: [] };
      }));
    }
    return { copied };
  });
}
