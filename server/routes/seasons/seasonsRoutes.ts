import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { SeasonEventsBody, SeasonEventsResult } from '../../../src/contracts/seasons';
import type { Db, Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import { BACK_OFFICE, sessionUser, type SessionUser } from '../../plugins/auth';
import { pricingStatus } from '../../pricing/pricingStatus';
import { assertEventVisible } from '../events/eventQueries';

const back = { access: BACK_OFFICE };
const refuse = (message: string) => new HttpError(422, 'cannot_attach', message);

async function eventName(db: Queryable, id: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT coalesce(nullif(max(name) FILTER (WHERE language = 'en'), ''), max(name) FILTER (WHERE language = 'sv'), '') AS name
       FROM event_translations WHERE event_id = $1`,
    [id],
  );
  return rows[0]?.name || `Event ${id}`;
}

/** The ticket types as the season rule compares them: names (ignoring case), which is default, which are kids. */
async function typeSignature(db: Queryable, id: number): Promise<string> {
  const { rows } = await db.query<{ sig: string | null }>(
    `SELECT string_agg(lower(name) || '|' || is_default::text || '|' || kids::text, ',' ORDER BY lower(name)) AS sig
       FROM ticket_types WHERE event_id = $1`,
    [id],
  );
  return rows[0].sig ?? '';
}

async function lockSeason(tx: Queryable, user: SessionUser, id: number) {
  const season = await assertEventVisible(tx, user, id, { lock: true });
  if (season.entity_type !== 'seasonal') throw new HttpError(422, 'not_seasonal', 'Only a seasonal event has child events.');
  return season;
}

/**
 * What the spec only warns about (000 §2), the server enforces: an attached event is an ordinary event of the same
 * promoter, in no other season, on the same map, with the same ticket types (names, default, kids), and priced.
 */
async function attachEvents(tx: Queryable, user: SessionUser, seasonId: number, ids: number[]): Promise<number[]> {
  const season = await lockSeason(tx, user, seasonId);
  const seasonTypes = await typeSignature(tx, seasonId);
  const problems: string[] = [];
  for (const id of ids) {
    const event = await assertEventVisible(tx, user, id, { lock: true });
    const name = `"${await eventName(tx, id)}"`;
    if (event.seasonal_event_id === seasonId) continue;
    if (event.entity_type !== 'ordinary') problems.push(`${name} is a seasonal event itself.`);
    else if (event.promoter_id !== season.promoter_id) problems.push(`${name} belongs to another promoter.`);
    else if (event.seasonal_event_id !== null) problems.push(`${name} is already attached to another seasonal event.`);
    else if (event.map_id !== season.map_id) problems.push(`${name} uses another map than the seasonal event.`);
    else if ((await typeSignature(tx, id)) !== seasonTypes) {
      problems.push(`${name} has other ticket types than the seasonal event (the names, the default type and the kids types must be the same).`);
    } else if (!(await pricingStatus(tx, id)).complete) problems.push(`${name} is not priced: every seat needs a default price first.`);
  }
  if (problems.length) throw refuse(`Cannot attach: ${problems.join(' ')}`);
  await tx.query('UPDATE events SET seasonal_event_id = $1, updated_at = clock_timestamp() WHERE id = ANY($2::bigint[])', [seasonId, ids]);
  return ids;
}

async function detachEvents(tx: Queryable, user: SessionUser, seasonId: number, ids: number[]): Promise<number[]> {
  await lockSeason(tx, user, seasonId);
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM events WHERE seasonal_event_id = $1 AND id = ANY($2::bigint[])', [seasonId, ids]);
  const attached = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !attached.has(id));
  if (missing.length) throw new HttpError(422, 'not_attached', `Event ${missing.join(', ')} is not attached to this seasonal event.`);
  await tx.query('UPDATE events SET seasonal_event_id = NULL, updated_at = clock_timestamp() WHERE id = ANY($1::bigint[])', [ids]);
  return ids;
}

/** Seasonal events' children (000 §2, §7): attach and detach. The seasonal list itself is GET api/events?entity_type=seasonal. */
export async function seasonsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const schema = { params: IdParams, body: SeasonEventsBody, response: { 200: SeasonEventsResult } };

  app.post('/api/seasonal-events/:id/attach-events', { config: { ...back, owns: { id: 'season' } }, schema }, async (request) => {
    const { id } = request.params as { id: number };
    const ids = [...new Set((request.body as SeasonEventsBody).events)];
    const events = await db.transaction((tx) => attachEvents(tx, sessionUser(request), id, ids));
    return { message: events.length > 1 ? 'Event(s) attached' : 'Event is attached to seasonal event', events };
  });

  app.post('/api/seasonal-events/:id/detach-events', { config: { ...back, owns: { id: 'season' } }, schema }, async (request) => {
    const { id } = request.params as { id: number };
    const ids = [...new Set((request.body as SeasonEventsBody).events)];
    const events = await db.transaction((tx) => detachEvents(tx, sessionUser(request), id, ids));
    return { message: 'Event removed from the seasonal event', events };
  });
}
