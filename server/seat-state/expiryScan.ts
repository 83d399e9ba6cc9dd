import type { Db } from '../db/database';
import type { JobName, JobRuns } from '../jobs/jobRuns';
import { noteSeatChanges, type EventPlaceChange } from './seatVersions';

/**
 * The shape both expiry jobs share (holds that end, holdExpiry.ts; leases that end, ../seat-leases/leaseExpiry.ts).
 * `sql` takes its mark row FOR UPDATE SKIP LOCKED, so of several API processes one looks and the others skip that
 * round; it answers the places that changed plus one row with only `looked` (0 when another process holds the mark).
 * The places are announced (noteSeatChanges) in the same transaction. Answers how many, or null when it did not look.
 */
export async function announceScannedPlaces(db: Db, sql: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EventPlaceChange & { looked: number }>(sql);
    if (!rows.some((r) => r.looked > 0)) return null;
    const places = rows.filter((r) => r.event_id !== null);
    await noteSeatChanges(tx, places);
    return places.length;
  });
}

/**
 * Runs `look` every `everyMs` inside the server process (main.ts), never two at once, and logs a failure once per
 * outage rather than once a second. Its runs are noted in `jobs` under `job` when given (/api/ready). Returns a stop
 * function.
 */
export function startScanJob(
  name: string,
  look: () => Promise<unknown>,
  everyMs: number,
  log: (line: string) => void,
  jobs?: { runs: JobRuns; job: JobName },
): () => void {
  jobs?.runs.register(jobs.job, everyMs);
  let running = false;
  let failing = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    (jobs ? jobs.runs.run(jobs.job, look) : look())
      .then(() => (failing = false))
      .catch((err: Error) => {
        if (!failing) log(`${name}: ${err.message}`);
        failing = true;
      })
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    jobs?.runs.unregister(jobs.job);
  };
}
