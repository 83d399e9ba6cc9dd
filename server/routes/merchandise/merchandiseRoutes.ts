import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  GiftCardList, GiftCardListQuery, MerchandiseDetail, MerchandiseItemParams, MerchandiseStatusBody, MerchandiseTypeList,
} from '../../../src/contracts/merchandise';
import { MessageResponse } from '../../../src/contracts/common';
import { MERCHANDISE_FILE_LIMIT_BYTES } from '../../../src/domain/merchandise';
import type { Db } from '../../db/database';
import { HttpError, ValidationError } from '../../httpErrors';
import { BACK_OFFICE, sessionUser, type SessionUser } from '../../plugins/auth';
import {
  GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_MAX_IMAGES, MAX_MERCHANDISE_IMAGES, readGiftCardInput, readMerchandiseInput, readMerchandiseRequest,
} from './merchandiseInput';
import { assertMerchandiseVisible, listGiftCards, merchandiseTypes, readMerchandise } from './merchandiseQueries';
import { deleteMerchandise, insertMerchandise, typeIdFor, updateMerchandise } from './merchandiseWrite';
import { assertEventVisible } from '../../events/eventAccess';

const EventParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
type Item = MerchandiseItemParams;
const GIFT_CARD_TOO_LARGE = 'The file size is larger than 10Mb. Please choose a smaller image.';

/**
 * Merchandise per event and gift cards (001 §2, §3, §5, §7). The event's list, GET api/events/{id}/merchandises,
 * is served by the events area (merchandiseCopyRoutes.ts) for the list screen and the copy wizard alike.
 * Promoters reach their own promoter's items only (404 otherwise); admins all.
 */
export async function merchandiseRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(fastifyMultipart, { limits: { fileSize: MERCHANDISE_FILE_LIMIT_BYTES } });
  const back = { access: BACK_OFFICE };
  const item = { access: BACK_OFFICE, owns: { id: 'event', merchandiseId: 'merchandise' } };
  const event = { access: BACK_OFFICE, owns: { id: 'event' } };
  const giftCard = { access: BACK_OFFICE, owns: { id: 'merchandise' } };

  app.get('/api/merchandise-types', { config: back, schema: { response: { 200: MerchandiseTypeList } } }, async () => ({ data: await merchandiseTypes(db) }));

  app.post('/api/events/:id/merchandises', { config: event, schema: { params: EventParams, response: { 200: MerchandiseDetail } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    await assertEventVisible(db, user, id);
    const { fields, images } = await readMerchandiseRequest(request);
    const input = readMerchandiseInput(fields);
    const newId = await db.transaction(async (tx) => {
      const ev = await assertEventVisible(tx, user, id, { lock: true });
      const typeId = await typeIdFor(tx, input.type);
      return insertMerchandise(tx, { eventId: id, promoterId: ev.promoter_id, typeId }, input, images, MAX_MERCHANDISE_IMAGES);
    });
    return readMerchandise(db, newId);
  });

  app.get('/api/events/:id/merchandises/:merchandiseId', { config: item, schema: { params: MerchandiseItemParams, response: { 200: MerchandiseDetail } } }, async (request) => {
    const { id, merchandiseId } = request.params as Item;
    await assertMerchandiseVisible(db, sessionUser(request), merchandiseId, id);
    return readMerchandise(db, merchandiseId);
  });

  // Update: POST with _method=put (multipart, as the console sends it) or PUT.
  const saveItem = async (request: FastifyRequest) => {
    const user = sessionUser(request);
    const { id, merchandiseId } = request.params as Item;
    await assertMerchandiseVisible(db, user, merchandiseId, id);
    const { fields, images, method } = await readMerchandiseRequest(request);
    if (method !== 'put') throw new HttpError(400, 'method_required', 'Send _method=put to save an item.');
    const input = readMerchandiseInput(fields);
    await db.transaction(async (tx) => {
      await assertMerchandiseVisible(tx, user, merchandiseId, id, { lock: true });
      await updateMerchandise(tx, merchandiseId, await typeIdFor(tx, input.type), input, images, MAX_MERCHANDISE_IMAGES, user.id);
    });
    return readMerchandise(db, merchandiseId);
  };
  app.post('/api/events/:id/merchandises/:merchandiseId', { config: item, schema: { params: MerchandiseItemParams, response: { 200: MerchandiseDetail } } }, saveItem);
  app.put('/api/events/:id/merchandises/:merchandiseId', { config: item, schema: { params: MerchandiseItemParams, response: { 200: MerchandiseDetail } } }, saveItem);

  app.patch('/api/events/:id/merchandises/:merchandiseId', { config: item, schema: { params: MerchandiseItemParams, body: MerchandiseStatusBody, response: { 200: MerchandiseDetail } } }, async (request) => {
    const { id, merchandiseId } = request.params as Item;
    const valid = Boolean((request.body as MerchandiseStatusBody).valid);
    await db.transaction(async (tx) => {
      await assertMerchandiseVisible(tx, sessionUser(request), merchandiseId, id, { lock: true });
      await tx.query('UPDATE merchandises SET valid = $2 WHERE id = $1', [merchandiseId, valid]);
    });
    return readMerchandise(db, merchandiseId);
  });

  app.delete('/api/events/:id/merchandises/:merchandiseId', { config: item, schema: { params: MerchandiseItemParams, response: { 200: MessageResponse } } }, async (request) => {
    const { id, merchandiseId } = request.params as Item;
    await db.transaction(async (tx) => {
      await assertMerchandiseVisible(tx, sessionUser(request), merchandiseId, id, { lock: true });
      await deleteMerchandise(tx, merchandiseId);
    });
    return { message: 'Merchandise deleted' };
  });

  // Gift cards: merchandise of the gift_card type, outside an event unless `event` names one.
  app.get('/api/merchandise', { config: back, schema: { querystring: GiftCardListQuery, response: { 200: GiftCardList } } }, async (request) =>
    listGiftCards(db, sessionUser(request), request.query as GiftCardListQuery));

  app.post('/api/merchandise', { config: back, schema: { response: { 200: MerchandiseDetail } } }, async (request) => {
    const user = sessionUser(request);
    const { fields, images } = await readMerchandiseRequest(request, GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_TOO_LARGE);
    const input = readGiftCardInput(fields, images);
    const newId = await db.transaction(async (tx) => {
      const promoterId = input.event !== null
        ? (await assertEventVisible(tx, user, input.event, { lock: true })).promoter_id
        : await giftCardPromoter(tx, user, input.promoter);
      const typeId = await typeIdFor(tx, null, 'gift_card');
      return insertMerchandise(tx, { eventId: input.event, promoterId, typeId }, input, images, GIFT_CARD_MAX_IMAGES);
    });
    return readMerchandise(db, newId);
  });

  app.get('/api/merchandise/:id', { config: giftCard, schema: { params: EventParams, response: { 200: MerchandiseDetail } } }, async (request) => {
    const { id } = request.params as { id: number };
    await assertMerchandiseVisible(db, sessionUser(request), id, null);
    return readMerchandise(db, id);
  });

  const saveGiftCard = async (request: FastifyRequest) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    await assertMerchandiseVisible(db, user, id, null);
    const { fields, images } = await readMerchandiseRequest(request, GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_TOO_LARGE);
    await db.transaction(async (tx) => {
      await assertMerchandiseVisible(tx, user, id, null, { lock: true });
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM merchandise_media WHERE merchandise_id = $1 AND NOT (media_id = ANY($2::bigint[]))', [id, readRemoved(fields)]);
      const input = readGiftCardInput(fields, images, rows[0].n);
      await updateMerchandise(tx, id, await typeIdFor(tx, null, 'gift_card'), input, images, GIFT_CARD_MAX_IMAGES, user.id);
    });
    return readMerchandise(db, id);
  };
  app.put('/api/merchandise/:id', { config: giftCard, schema: { params: EventParams, response: { 200: MerchandiseDetail } } }, saveGiftCard);
  app.post('/api/merchandise/:id', { config: giftCard, schema: { params: EventParams, response: { 200: MerchandiseDetail } } }, saveGiftCard);
}

function readRemoved(fields: Record<string, unknown>): number[] {
  const raw = fields.remove_media;
  const values = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= Number.MAX_SAFE_INTEGER);
}

/** A promoter's gift card is their own promoter's; an admin names an active promoter. */
async function giftCardPromoter(tx: import('../../db/database').Queryable, user: SessionUser, requested: number | null): Promise<number> {
  if (user.type !== 'admin') {
    if (user.promoterId === null) throw new HttpError(403, 'forbidden', 'Your account belongs to no promoter.');
    return user.promoterId;
  }
  if (requested === null) throw new ValidationError({ promoter: ['Required'] });
  const { rows } = await tx.query("SELECT 1 FROM promoters WHERE id = $1 AND status = 'active'", [requested]);
  if (!rows[0]) throw new ValidationError({ promoter: ['Choose an active promoter'] });
  return requested;
}
