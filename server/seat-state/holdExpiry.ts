import type { Db } from '../db/database';
import type { JobRuns } from '../jobs/jobRuns';
import { announceScannedPlaces, startScanJob } from './expiryScan';

// The holds whose reserved_until passed since the last look, and the places they held: the moments at which
// hold_ended (235_hold_ended.sql, read by event_place_items) turned true since then: an unpaid item of a 'new' or 'pending' order stops holding its place when
// reserved_until passes. Paid items keep theirs. Reads the partial index orders_hold_until (165).
const ENDED_PLACES = `
  WITH mark AS (SELECT scanned_until, now() AT TIME ZONE 'Europe/Stockholm' AS until FROM hold_expiry_scan WHERE id = 1 FOR UPDATE SKIP LOCKED),
       ended AS (SELECT o.id FROM orders o, mark m
                  WHERE o.status IN ('new', 'pending') AND o.reserved_until IS NOT NULL
                    AND o.reserved_until > m.scanned_until AND o.reserved_until <= m.until),
       moved AS (UPDATE hold_expiry_scan s SET scanned_until = m.until, scanned_at = now() FROM mark m WHERE s.id = 1 RETURNING 1)
  SELECT i.event_id, i.section_id, i.seat_id, (SELECT count(*) FROM moved)::int AS looked
    FROM order_items i JOIN ended e ON e.id = i.order_id
   WHERE i.valid AND i.type = 'ticket' AND i.sold_at IS NULL AND i.section_id IS NOT NULL
  UNION ALL SELECT NULL, NULL, NULL, (SELECT count(*) FROM moved)::int`;

/**
 * One look for holds that ended: their places are announced as changed (noteSeatChanges), so every open map draws
 * them free within about a second of reserved_until, with nobody else writing. Nothing of the order changes: it
 * simply stopped holding (the reserve gives such seats to the next caller, reserveTickets.ts). Answers the places
 * announced, or null when another process is looking (its row lock).
 */
export function announceEndedHolds(db: Db): Promise<number | null> {
  return announceScannedPlaces(db, ENDED_PLACES);
}

/** Looks every `everyMs` inside the server process (main.ts); returns a stop function. Tests call announceEndedHolds. */
export function startHoldExpiryJob(db: Db, everyMs = 1000, log: (line: string) => void = console.warn, runs?: JobRuns): () => void {
  return startScanJob('Hold expiry', () => announceEndedHolds(db), everyMs, log, runs && { runs, job: 'hold-expiry' });
}
