import type { Db } from '../db/database';
import type { JobRuns } from '../jobs/jobRuns';
import { announceScannedPlaces, startScanJob } from '../seat-state/expiryScan';

// Leases whose end passed since the last look: their places not yet released are released at the lease's end, and
// all of them are announced, so every open map draws the unsold seats free again (sold ones stay sold: they are
// order items). Their standing areas with unsold places are announced too (those places are free by the end alone). The same shape as the hold-expiry job (holdExpiry.ts): one mark row, taken FOR UPDATE SKIP LOCKED, so
// of several API processes one looks and the others skip that round.
const ENDED_PLACES = `
  WITH mark AS (SELECT scanned_until, now() AS until FROM seat_lease_expiry_scan WHERE id = 1 FOR UPDATE SKIP LOCKED),
       ended AS (SELECT l.id, l.ends_at FROM seat_leases l, mark m
                  WHERE l.ended_at IS NULL AND l.ends_at > m.scanned_until AND l.ends_at <= m.until),
       freed AS (UPDATE seat_lease_places p SET released_at = e.ends_at FROM ended e
                  WHERE p.lease_id = e.id AND p.released_at IS NULL RETURNING p.event_id, p.section_id, p.seat_id),
       standing AS (SELECT p.event_id, p.section_id, NULL::bigint AS seat_id FROM seat_lease_standing p JOIN ended e ON e.id = p.lease_id
                     WHERE p.places > p.sold),
       moved AS (UPDATE seat_lease_expiry_scan s SET scanned_until = m.until, scanned_at = now() FROM mark m WHERE s.id = 1 RETURNING 1)
  SELECT event_id, section_id, seat_id, (SELECT count(*) FROM moved)::int AS looked FROM freed
  UNION ALL SELECT event_id, section_id, seat_id, (SELECT count(*) FROM moved)::int FROM standing
  UNION ALL SELECT NULL, NULL, NULL, (SELECT count(*) FROM moved)::int`;

/**
 * One look for leases that ended by their time: answers the places announced free, or null when another process is
 * looking. A lease handed back or revoked is announced by that write itself (seatLeases.ts).
 */
export function announceEndedLeases(db: Db): Promise<number | null> {
  return announceScannedPlaces(db, ENDED_PLACES);
}

/** Looks every `everyMs` inside the server process (main.ts); returns a stop function. Tests call announceEndedLeases. */
export function startLeaseExpiryJob(db: Db, everyMs = 1000, log: (line: string) => void = console.warn, runs?: JobRuns): () => void {
  return startScanJob('Lease expiry', () => announceEndedLeases(db), everyMs, log, runs && { runs, job: 'lease-expiry' });
}
