import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { IdParams, MessageResponse } from '../../../src/contracts/common';
import { SocialPostings } from '../../../src/contracts/outbox';
import type { ServerConfig } from '../../config';
import { socialPostingDelivery } from '../../outbox/socialPostings';
import { EventDetail, EventDetailQuery, EventList, EventListQuery, EventStats, EventStatusBody } from '../../../src/contracts/events';
import { IMAGE_LIMIT_BYTES } from '../../../src/domain/eventForm';
import { sekFromOre } from '../../../src/domain/money';
import type { Db } from '../../db/database';
import { HttpError } from '../../httpErrors';
import { ADMIN_ONLY, BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { pricingStatus } from '../../pricing/pricingStatus';
import { copyRoutes } from './copyRoutes';
import { eventPlaceTotals } from '../../places/placeCounts';
import { eventDropdownRoutes } from './eventDropdown';
import { eventSales, ordersKeepEvent } from './eventSales';
import { readEventInput, validateEventInput } from './eventInput';
import { readEventRequest } from './eventMultipart';
import { readEventDetail } from './eventQueries';
import { listEvents } from './eventList';
import { merchandiseCopyRoutes } from './merchandiseCopyRoutes';
import { changeEventStatus } from './eventStatus';
import { createEvent, updateEvent } from './eventWrite';
import { restrictionsRoutes } from './restrictionsRoutes';
import { ticketTypesRoutes } from './ticketTypesRoutes';
import { assertEventVisible } from '../../events/eventAccess';
import { deleteImageIfUnused } from '../../media/images';
import { venueToday } from '../../../src/domain/venueClock';

const back = { access: BACK_OFFICE };
type Id = { id: number };

/** Events (000 §7): list, read, create and save (multipart), publish, delete, stats; ticket types, restrictions, copy. */
export async function eventsRoutes(app: FastifyInstance, opts: { db: Db; config: Pick<ServerConfig, 'socialWebhookUrl' | 'shopUrl'> }) {
  const { db } = opts;
  const social = { webhook: opts.config.socialWebhookUrl !== '', shopUrl: opts.config.shopUrl };
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_LIMIT_BYTES } });

  app.get('/api/events', { config: back, schema: { querystring: EventListQuery, response: { 200: EventList } } }, async (request) =>
    listEvents(db, sessionUser(request), request.query as EventListQuery),
  );

  await eventDropdownRoutes(app, { db });

  app.get('/api/events/:id', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, querystring: EventDetailQuery, response: { 200: EventDetail } } }, async (request) =>
    readEventDetail(db, sessionUser(request), (request.params as Id).id),
  );

  // Create: a promoter's event is always their own; an admin names the promoter.
  app.post('/api/events', { config: back, schema: { response: { 200: EventDetail } } }, async (request) => {
    const user = sessionUser(request);
    const { fields, image } = await readEventRequest(request);
    const input = readEventInput(fields);
    if (user.type !== 'admin') input.promoter = scopedPromoterId(user);
    await validateEventInput(db, input, { mode: 'create', today: venueToday(Date.now()), promoterRequired: true });
    const id = await db.transaction((tx) => createEvent(tx, input, input.promoter!, image));
    return readEventDetail(db, user, id);
  });

  // Save: POST with _method=put (multipart, as the console sends it) or PUT. The promoter and entity type stay.
  const save = async (request: import('fastify').FastifyRequest) => {
    const user = sessionUser(request);
    const id = (request.params as Id).id;
    const { fields, image } = await readEventRequest(request);
    const method = String(fields._method ?? request.method).toLowerCase();
    if (method !== 'put') throw new HttpError(400, 'method_required', 'Send _method=put to save an event.');
    const input = readEventInput(fields);
    await assertEventVisible(db, user, id);
    await validateEventInput(db, input, { mode: 'edit', today: venueToday(Date.now()), promoterRequired: false });
    await db.transaction(async (tx) => {
      const current = await assertEventVisible(tx, user, id, { lock: true });
      await updateEvent(tx, current, input, image);
    });
    return readEventDetail(db, user, id);
  };
  app.post('/api/events/:id', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: EventDetail } } }, save);
  app.put('/api/events/:id', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: EventDetail } } }, save);

  app.patch('/api/events/:id', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: EventStatusBody, response: { 200: EventDetail } } }, async (request) => {
    const user = sessionUser(request);
    const id = (request.params as Id).id;
    await db.transaction((tx) => changeEventStatus(tx, user, id, request.body as EventStatusBody, social));
    return readEventDetail(db, user, id);
  });

  // The event's social media postings tab (docs/social-postings.md): the channel, and each page's posting.
  app.get('/api/events/:id/social-postings', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: SocialPostings } } }, async (request) => {
    const id = (request.params as Id).id;
    await assertEventVisible(db, sessionUser(request), id);
    return { channel: social.webhook ? 'webhook' : 'none', postings: await socialPostingDelivery(db, id) };
  });

  app.delete('/api/events/:id', { config: { access: ADMIN_ONLY, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const user = sessionUser(request);
    const id = (request.params as Id).id;
    await db.transaction(async (tx) => {
      await assertEventVisible(tx, user, id, { lock: true });
      // Sales are never deleted with their event (the reports stand on them): refuse with a reason. A draft's unpaid
      // reservations (e.g. copied by the copy wizard) go with it.
      if (await ordersKeepEvent(tx, id)) {
        throw new HttpError(409, 'event_has_orders', 'The event has orders (sales or reservations) and cannot be deleted. Unpublish it instead.');
      }
      await tx.query('DELETE FROM orders WHERE event_id = $1', [id]);
      const { rows } = await tx.query<{ medium_id: number | null }>('SELECT medium_id FROM events WHERE id = $1', [id]);
      await tx.query('DELETE FROM events WHERE id = $1', [id]);
      await deleteImageIfUnused(tx, rows[0].medium_id);
    });
    return { message: 'Event deleted' };
  });

  app.get('/api/events/:id/stats', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: EventStats } } }, async (request) => {
    const id = (request.params as Id).id;
    await assertEventVisible(db, sessionUser(request), id);
    const [pricing, sales, places] = await Promise.all([pricingStatus(db, id), eventSales(db, id), eventPlaceTotals(db, id)]);
    return {
      all: {
        seats: { count: pricing.seats, has_default_price: pricing.priced_with_default, sum_default_original_price: sekFromOre(pricing.default_price_sum_ore) },
        tickets: { count: places.sold, paid_net_price: sekFromOre(sales.ticketsOre) },
        service_fees: { paid_net_price: sekFromOre(sales.serviceFeesOre) },
        admin_fees: { paid_net_price: sekFromOre(sales.adminFeesOre) },
        refunds: { price_decrease: sekFromOre(sales.refundsOre) },
        reservations: { assigned: sales.assignedReservationTickets },
      },
    };
  });

  ticketTypesRoutes(app, db);
  restrictionsRoutes(app, db);
  copyRoutes(app, db);
  merchandiseCopyRoutes(app, db);
}
