/** The background jobs of an API process (contracts/operations.ts JobStatus, server/jobs/jobRuns.ts). */
export type JobName = 'delivery' | 'hold-expiry' | 'lease-expiry' | 'forget-users';

/** What a job's state is read from: the server's JobStatus has these and more. */
export interface JobRunFacts {
  alive: boolean;
  lastStartedAt: string | null;
  lastError: string | null;
}

/** What the admins' Operations tab calls each background job (docs/operations.md "Operations at a glance"). */
export const JOB_LABELS: Record<JobName, { title: string; does: string }> = {
  delivery: { title: 'Message delivery', does: 'Sends queued e-mails, SMS and postings from the Outbox' },
  'hold-expiry': { title: 'Hold expiry', does: 'Frees the seats of reservations whose hold has ended' },
  'lease-expiry': { title: 'Lease expiry', does: 'Frees the unsold seats of ended box-office leases' },
  'forget-users': { title: 'Forget user', does: 'Erases personal data whose erasure date has come' },
};

export type JobState = 'ok' | 'failing' | 'stopped' | 'waiting';

/**
 * A job's state for a person: `stopped` when it no longer keeps its rhythm (the server's verdict, `alive`), else
 * `failing` when its last run ended in an error, `waiting` before its first run, `ok` otherwise.
 */
export function jobState(job: JobRunFacts): JobState {
  if (!job.alive) return 'stopped';
  if (job.lastError) return 'failing';
  if (!job.lastStartedAt) return 'waiting';
  return 'ok';
}

/** "every second", "every 10 minutes": a job's rhythm. */
export function describeEvery(ms: number): string {
  if (ms < 60_000) {
    const s = Math.round(ms / 1000);
    return s === 1 ? 'every second' : `every ${s} seconds`;
  }
  const m = Math.round(ms / 60_000);
  return m === 1 ? 'every minute' : `every ${m} minutes`;
}

/** "just now", "12 s ago", "4 min ago", "2 h ago": how long before `now` an ISO time was; "never" for null. */
export function timeAgo(iso: string | null, now: number): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 2) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}
