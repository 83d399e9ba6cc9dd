import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { SeatStates, SeatStatesQuery, type SeatStates as SeatStatesT } from '../../../src/contracts/reservations';
import type { Db } from '../../db/database';
import { findAccessibleEvent } from '../../events/eventAccess';
import { BOX_OFFICE_SALES, sessionUser } from '../../plugins/auth';
import { SeatStateHub } from '../../seat-state/seatStateHub';
import { seatStatesSince } from '../../seat-state/seatStates';

/** Whoever sells from an event's map follows its seats: admin, its promoter, the box office (docs/live-seat-states.md). */
const followsEvent = { access: BOX_OFFICE_SALES, owns: { id: 'event' } };
/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends when its token does; the console reconnects with a fresh one from its last version. */
const LONGEST_MS = 15 * 60_000;

const message = (s: SeatStatesT) => `id: ${s.version}\ndata: ${JSON.stringify(s)}\n\n`;

/**
 * The live seat states of an event's map: GET api/events/{id}/seat-stream pushes them (server-sent events, resumed
 * from `Last-Event-ID` or `?since=`), GET api/events/{id}/seat-states?since= answers the same delta when asked (the
 * fallback while no stream is open).
 */
export async function seatStatesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const hub = new SeatStateHub(db);
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
    await hub.close();
  });

  app.get('/api/events/:id/seat-states', { config: followsEvent, schema: { params: IdParams, querystring: SeatStatesQuery, response: { 200: SeatStates } } }, async (request) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    return seatStatesSince(db, event.id, (request.query as { since?: number }).since);
  });

  app.get('/api/events/:id/seat-stream', { config: followsEvent, schema: { params: IdParams, querystring: SeatStatesQuery } }, async (request, reply) => {
    const event = await findAccessibleEvent(db, sessionUser(request), (request.params as { id: number }).id);
    const lastId = Number(request.headers['last-event-id']);
    const since = Number.isSafeInteger(lastId) && lastId >= 0 ? lastId : (request.query as { since?: number }).since;
    const exp = request.tokenClaims?.exp;
    const lifetime = Math.max(1000, Math.min(LONGEST_MS, exp ? exp * 1000 - Date.now() : LONGEST_MS));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no', // nginx: pass each message on at once
    });
    res.write('retry: 1000\n\n');
    let stop = () => undefined as void;
    const end = () => {
      open.delete(end);
      clearInterval(heartbeat);
      clearTimeout(expiry);
      stop();
      if (!res.writableEnded) res.end();
    };
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS).unref();
    const expiry = setTimeout(end, lifetime).unref();
    open.add(end);
    request.raw.on('close', end);
    try {
      stop = await hub.subscribe(event.id, since, (states) => res.write(message(states)));
      if (res.writableEnded || request.raw.destroyed) stop();
    } catch (err) {
      request.log.warn({ err }, 'seat stream could not start');
      end();
    }
  });
}
