import type { Queryable } from '../db/database';
import { notFound } from '../httpErrors';
import type { SessionUser } from '../plugins/auth';

export interface AccessibleEvent {
  id: number;
  promoter_id: number;
  map_id: number;
  venue_id: number;
  status: string;
  entity_type: string;
  name: string;
}

/**
 * The event when the caller may see it: admins see every event, promoters only their own, box-office staff only the
 * events of their own box-office reservations (docs/boxoffice.md). Another promoter's event answers 404, exactly
 * like a missing one, so ids cannot be probed.
 */
export async function findAccessibleEvent(db: Queryable, user: SessionUser, eventId: number): Promise<AccessibleEvent> {
  const { rows } = await db.query<AccessibleEvent>(
    `SELECT e.id, e.promoter_id, e.map_id, e.venue_id, e.status, e.entity_type, coalesce(t.name, '') AS name
       FROM events e LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
      WHERE e.id = $1 AND ($2::bigint IS NULL OR e.promoter_id = $2)
        AND ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM orders o WHERE o.event_id = e.id AND o.type = 'boxoffice' AND o.owner_id = $3 AND o.status <> 'void'))`,
    [eventId, user.type === 'admin' ? null : user.promoterId ?? -1, user.type === 'boxoffice' ? user.id : null],
  );
  if (!rows[0]) throw notFound('Event');
  const e = rows[0];
  return { ...e, id: Number(e.id), promoter_id: Number(e.promoter_id), map_id: Number(e.map_id), venue_id: Number(e.venue_id) };
}

/** 404 unless the event exists and the caller may see it (a promoter sees only their own; others' ids are unknown). */
export async function assertEventVisible(db: Queryable, user: SessionUser, id: number, opts: { lock?: boolean } = {}) {
  const promoter = user.type === 'admin' ? null : user.promoterId ?? -1;
  const { rows } = await db.query<{ id: number; promoter_id: number; status: string; entity_type: string; map_id: number; seasonal_event_id: number | null }>(
    `SELECT id, promoter_id, status, entity_type, map_id, seasonal_event_id FROM events
      WHERE id = $1 AND ($2::bigint IS NULL OR promoter_id = $2)${opts.lock ? ' FOR UPDATE' : ''}`,
    [id, promoter],
  );
  if (!rows[0]) throw notFound('Event');
  const r = rows[0];
  return { ...r, id: Number(r.id), promoter_id: Number(r.promoter_id), map_id: Number(r.map_id), seasonal_event_id: r.seasonal_event_id === null ? null : Number(r.seasonal_event_id) };
}
