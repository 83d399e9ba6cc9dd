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
