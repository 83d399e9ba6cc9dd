import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contracts/common';
import { TicketType, TicketTypeBody, TicketTypeList, TicketTypeTemplateList } from '../../../src/contracts/ticketTypes';
import { sekFromOre } from '../../../src/domain/money';
import {
  ADULT_DEFAULT_AGE_FROM,
  KIDS_AGE_TO,
  TICKET_TYPE_MESSAGES,
  ticketTypePayload,
  ticketTypeBoundsError,
  validateTicketTypes,
  type TicketTypeFormRow,
} from '../../../src/domain/ticketTypes';
import type { Db, Queryable } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { assertEventVisible } from '../../events/eventAccess';

const back = { access: BACK_OFFICE };
const TypeParams = Type.Object({ id: Type.Integer({ minimum: 1 }), tid: Type.Integer({ minimum: 1 }) });

/** The suggested rows of a new event's ticket-type form (GET api/dictionary/ticket-types). */
export const TICKET_TYPE_TEMPLATES = [
  { name: 'Standard', default: true, kids: false, age_from: ADULT_DEFAULT_AGE_FROM, age_to: null },
  { name: 'Student', default: false, kids: false, age_from: 16, age_to: null },
  { name: 'Senior', default: false, kids: false, age_from: 65, age_to: null },
  { name: 'Kids', default: false, kids: true, age_from: null, age_to: KIDS_AGE_TO },
];

interface Row {
  id: number; name: string; is_default: boolean; kids: boolean; age_from: number | null; age_to: number | null;
  min: number; max: number | null; min_price: number | null;
}

async function readTypes(db: Queryable, eventId: number): Promise<TicketType[]> {
  const { rows } = await db.query<Row>(
    `SELECT tt.id, tt.name, tt.is_default, tt.kids, tt.age_from, tt.age_to, tt.min, tt.max,
            (SELECT min(psi.price_ore) FROM price_set_items psi WHERE psi.ticket_type_id = tt.id) AS min_price
       FROM ticket_types tt WHERE tt.event_id = $1 ORDER BY tt.position, tt.id`,
    [eventId],
  );
  return rows.map((r) => ({
    id: Number(r.id), name: r.name, default: r.is_default, kids: r.kids, age_from: r.age_from, age_to: r.age_to,
    min: r.min, max: r.max, original_price: r.min_price === null ? null : sekFromOre(Number(r.min_price)), has_price: r.min_price !== null,
  }));
}

/**
 * Validates the event's list as it would be after saving `row` (new when `replaceId` is undefined), with the same
 * rules as the console (src/domain/ticketTypes.ts). Making a type the default takes the flag from the others.
 */
function validateAfterSave(existing: TicketType[], row: TicketTypeFormRow, replaceId?: number, bounds: { min?: number | null; max?: number | null } = {}) {
  const others = existing.filter((t) => t.id !== replaceId).map<TicketTypeFormRow>((t) => ({
    id: t.id, name: t.name, default: row.default ? false : t.default, kids: t.kids, age_from: t.age_from, age_to: t.age_to,
  }));
  const rows = [...others, row];
  const result = validateTicketTypes(rows, 'edit');
  const own = result.rows[rows.length - 1] ?? {};
  throwIfInvalid({
    name: own.name,
    age_from: own.age_from,
    age_to: own.age_to,
    default: own.default ?? (result.problems.includes(TICKET_TYPE_MESSAGES.oneDefault) ? TICKET_TYPE_MESSAGES.oneDefault : undefined),
    min: own.min,
    max: own.max ?? ticketTypeBoundsError(bounds.min ?? existing.find((t) => t.id === replaceId)?.min ?? 0, bounds.max),
  });
}

async function saveType(tx: Queryable, eventId: number, body: TicketTypeBody, tid?: number): Promise<number> {
  const p = ticketTypePayload({ ...body, age_from: body.age_from, age_to: body.age_to });
  if (p.default) await tx.query('UPDATE ticket_types SET is_default = false WHERE event_id = $1 AND is_default AND id <> coalesce($2, 0)', [eventId, tid ?? null]);
  let id = tid;
  if (tid === undefined) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO ticket_types (event_id, name, is_default, kids, age_from, age_to, min, max, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT coalesce(max(position) + 1, 0) FROM ticket_types WHERE event_id = $1)) RETURNING id`,
      [eventId, p.name, p.default, p.kids, p.age_from, p.age_to, body.min ?? 0, body.max ?? null],
    );
    id = Number(rows[0].id);
  } else {
    await tx.query(
      `UPDATE ticket_types SET name = $3, is_default = $4, kids = $5, age_from = $6, age_to = $7, min = coalesce($8, min), max = $9
        WHERE id = $2 AND event_id = $1`,
      [eventId, tid, p.name, p.default, p.kids, p.age_from, p.age_to, body.min ?? null, body.max ?? null],
    );
  }
  // Kids allowed only while a kids ticket type exists (000 §5).
  await tx.query(
    `UPDATE events SET kids_allowed = false, updated_at = clock_timestamp()
      WHERE id = $1 AND kids_allowed AND NOT EXISTS (SELECT 1 FROM ticket_types WHERE event_id = $1 AND kids)`,
    [eventId],
  );
  return id!;
}

/** The ticket types as the season rule compares them: names (ignoring case), which is default, which are kids. */
const seasonSignature = (types: TicketType[]) =>
  types.map((t) => `${t.name.toLowerCase()}|${t.default}|${t.kids}`).sort().join(',');

/**
 * A seasonal event and its attached events share their ticket types (000 §2; checked at attach in
 * seasonsRoutes): a later change to the names, the default or the kids types of either side is refused, so the
 * rule holds after attach too. Ages and per-sale bounds may still differ.
 */
async function assertSeasonTypesKept(tx: Queryable, eventId: number, before: TicketType[]): Promise<void> {
  const { rows } = await tx.query<{ in_season: boolean }>(
    `SELECT seasonal_event_id IS NOT NULL OR EXISTS (SELECT 1 FROM events c WHERE c.seasonal_event_id = e.id) AS in_season
       FROM events e WHERE id = $1`,
    [eventId],
  );
  if (!rows[0]?.in_season) return;
  if (seasonSignature(await readTypes(tx, eventId)) !== seasonSignature(before)) {
    throw new HttpError(422, 'season_ticket_types', 'This event and its seasonal event share their ticket types: detach the event before adding, renaming or changing the default or kids types.');
  }
}

export function ticketTypesRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/dictionary/ticket-types', { config: back, schema: { response: { 200: TicketTypeTemplateList } } }, async () => ({
    collection: TICKET_TYPE_TEMPLATES,
    count: TICKET_TYPE_TEMPLATES.length,
  }));

  app.get('/api/events/:id/ticket-types', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, response: { 200: TicketTypeList } } }, async (request) => {
    const { id } = request.params as { id: number };
    await assertEventVisible(db, sessionUser(request), id);
    const collection = await readTypes(db, id);
    return { collection, count: collection.length };
  });

  app.post('/api/events/:id/ticket-types', { config: { ...back, owns: { id: 'event' } }, schema: { params: IdParams, body: TicketTypeBody, response: { 200: TicketType } } }, async (request) => {
    const { id } = request.params as { id: number };
    const body = request.body as TicketTypeBody;
    const saved = await db.transaction(async (tx) => {
      await assertEventVisible(tx, sessionUser(request), id, { lock: true });
      const before = await readTypes(tx, id);
      validateAfterSave(before, { ...body }, undefined, body);
      const saved = await saveType(tx, id, body);
      await assertSeasonTypesKept(tx, id, before);
      return saved;
    });
    return (await readTypes(db, id)).find((t) => t.id === saved)!;
  });

  app.put('/api/events/:id/ticket-types/:tid', { config: { ...back, owns: { id: 'event' } }, schema: { params: TypeParams, body: TicketTypeBody, response: { 200: TicketType } } }, async (request) => {
    const { id, tid } = request.params as { id: number; tid: number };
    const body = request.body as TicketTypeBody;
    await db.transaction(async (tx) => {
      await assertEventVisible(tx, sessionUser(request), id, { lock: true });
      const existing = await readTypes(tx, id);
      if (!existing.some((t) => t.id === tid)) throw notFound('Ticket type');
      validateAfterSave(existing, { ...body, id: tid }, tid, body);
      await saveType(tx, id, body, tid);
      await assertSeasonTypesKept(tx, id, existing);
    });
    return (await readTypes(db, id)).find((t) => t.id === tid)!;
  });
}
