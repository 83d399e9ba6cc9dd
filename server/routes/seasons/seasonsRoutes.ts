import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { AttachCandidates, SeasonEventsBody, SeasonEventsResult, type AttachCandidate } from '../../../src/contracts/seasons';
import type { Db, Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import { BACK_OFFICE, sessionUser, type SessionUser } from '../../plugins/auth';
import { pricingStatus } from '../../pricing/pricingStatus';
import { assertEventVisible } from '../../events/eventAccess';

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

interface EventRow { id: number; promoter_id: number; entity_type: string; map_id: number; seasonal_event_id: number | null }

/**
 * Why an event cannot join this season, or null when it can (what the spec only warns about, 000 §2, the server
 * enforces): an attached event is an ordinary event of the same promoter, in no other season, on the same map, with
 * the same ticket types (names, default, kids), and priced. The attach call and the attach modal's list share it.
 */
async function attachProblem(db: Queryable, season: EventRow, seasonTypes: string, event: EventRow): Promise<string | null> {
  if (event.entity_type !== 'ordinary') return 'is a seasonal event itself.';
  if (event.promoter_id !== season.promoter_id) return 'belongs to another promoter.';
  if (event.seasonal_event_id !== null && event.seasonal_event_id !== season.id) return 'is already attached to another seasonal event.';
  if (event.map_id !== season.map_id) return 'uses another map than the seasonal event.';
  if ((await typeSignature(db, event.id)) !== seasonTypes) {
    return 'has other ticket types than the seasonal event (the names, the default type and the kids types must be the same).';
  }
  if (!(await pricingStatus(db, event.id)).complete) return 'is not priced: every seat needs a default price first.';
  return null;
}

async function attachEvents(tx: Queryable, user: SessionUser, seasonId: number, ids: number[]): Promise<number[]> {
  const season = await lockSeason(tx, user, seasonId);
  const seasonTypes = await typeSignature(tx, seasonId);
  const problems: string[] = [];
  for (const id of ids) {
    const event = await assertEventVisible(tx, user, id, { lock: true });
    if (event.seasonal_event_id === seasonId) continue;
    const problem = await attachProblem(tx, season, seasonTypes, event);
    if (problem) problems.push(`"${await eventName(tx, id)}" ${problem}`);
  }
  if (problems.length) throw refuse(`Cannot attach: ${problems.join(' ')}`);
  await tx.query('UPDATE events SET seasonal_event_id = $1, updated_at = clock_timestamp() WHERE id = ANY($2::bigint[])', [seasonId, ids]);
  return ids;
}

/**
 * The attach modal's list: the promoter's ordinary events in no season, each with why it cannot be attached (null
 * when it can), so the modal offers the ones that can and says why the others are missing. Soonest first.
 */
async function attachCandidates(db: Queryable, user: SessionUser, seasonId: number): Promise<AttachCandidate[]> {
  const season = await assertEventVisible(db, user, seasonId);
  if (season.entity_type !== 'seasonal') throw new HttpError(422, 'not_seasonal', 'Only a seasonal event has child events.');
  const seasonTypes = await typeSignature(db, seasonId);
  const { rows } = await db.query<EventRow & { name: string; start_date: string }>(
    `SELECT e.id::int AS id, e.promoter_id::int AS promoter_id, e.entity_type, e.map_id::int AS map_id, NULL::int AS seasonal_event_id,
            coalesce(nullif((SELECT max(t.name) FILTER (WHERE t.language = 'en') FROM event_translations t WHERE t.event_id = e.id), ''),
                     (SELECT max(t.name) FILTER (WHERE t.language = 'sv') FROM event_translations t WHERE t.event_id = e.id), '') AS name,
            to_char(e.start_date, 'YYYY-MM-DD HH24:MI:SS') AS start_date
       FROM events e
      WHERE e.promoter_id = $1 AND e.entity_type = 'ordinary' AND e.seasonal_event_id IS NULL
      ORDER BY e.start_date NULLS LAST, e.id
      LIMIT 500`,
    [season.promoter_id],
  );
  const out: AttachCandidate[] = [];
  for (const r of rows) {
    const problem = await attachProblem(db, season, seasonTypes, r);
    out.push({ id: r.id, name: r.name || `Event ${r.id}`, start_date: r.start_date, problem: problem ? `${r.name || `Event ${r.id}`} ${problem}` : null });
  }
  return out;
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

  app.get('/api/seasonal-events/:id/attach-candidates', { config: { ...back, owns: { id: 'season' } }, schema: { params: IdParams, response: { 200: AttachCandidates } } }, async (request) => {
    const { id } = request.params as { id: number };
    return { events: await attachCandidates(db, sessionUser(request), id) };
  });

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
