/**
 * What the background jobs of this API process did last (docs/operations.md "Operations at a glance"): each job
 * says when a run starts and how it ended, and /api/ready and the admins' Operations tab read it. Kept in memory:
 * it describes this process, as a readiness probe does; with several processes each answers for its own jobs.
 */
import type { JobName } from '../../src/domain/jobHealth';

export type { JobName };

export interface JobRun {
  name: JobName;
  /** How often the job is meant to run, milliseconds. */
  everyMs: number;
  /** ISO times; null before the first run. */
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  /** The last finished run's error message, or null when it succeeded (or none finished yet). */
  lastError: string | null;
  running: boolean;
  /** Whether the job keeps its rhythm (see `alive`). */
  alive: boolean;
}

/** A run may take this long before the job counts as stuck, however short its rhythm. */
const LONGEST_RUN_MS = 5 * 60_000;
/** Slack beyond two periods before a job that has not started again counts as stopped (a loaded machine). */
const GRACE_MS = 30_000;

interface State {
  everyMs: number;
  since: number;
  startedAt: number | null;
  finishedAt: number | null;
  error: string | null;
  running: boolean;
}

export class JobRuns {
  private readonly jobs = new Map<JobName, State>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A job of this process, from now on expected to run every `everyMs`. */
  register(name: JobName, everyMs: number): void {
    this.jobs.set(name, { everyMs, since: this.now(), startedAt: null, finishedAt: null, error: null, running: false });
  }

  unregister(name: JobName): void {
    this.jobs.delete(name);
  }

  /** Wraps one run of a registered job: its start and its end (or its error) are noted; the result passes through. */
  async run<T>(name: JobName, fn: () => Promise<T>): Promise<T> {
    const job = this.jobs.get(name);
    if (!job) return fn();
    job.startedAt = this.now();
    job.running = true;
    try {
      const out = await fn();
      job.error = null;
      return out;
    } catch (err) {
      job.error = (err as Error).message;
      throw err;
    } finally {
      job.running = false;
      job.finishedAt = this.now();
    }
  }

  /**
   * Alive: a run in flight that began less than five minutes ago, or a start within two periods (plus 30 s of
   * slack) of now, counted from registration before the first one. A job whose last run failed is still alive: it
   * runs again, and the failure is shown beside it.
   */
  list(): JobRun[] {
    const now = this.now();
    return [...this.jobs].map(([name, j]) => {
      const since = j.startedAt ?? j.since;
      const alive = j.running ? now - since < Math.max(LONGEST_RUN_MS, 2 * j.everyMs) : now - since < 2 * j.everyMs + GRACE_MS;
      const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
      return { name, everyMs: j.everyMs, lastStartedAt: iso(j.startedAt), lastFinishedAt: iso(j.finishedAt), lastError: j.error, running: j.running, alive };
    });
  }
}
