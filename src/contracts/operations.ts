import { Type, type Static } from 'typebox';

/** One background job of the answering API process (server/jobs/jobRuns.ts). Times are ISO 8601, null before a run. */
export const JobStatus = Type.Object({
  name: Type.Union([Type.Literal('delivery'), Type.Literal('hold-expiry'), Type.Literal('lease-expiry'), Type.Literal('forget-users')]),
  everyMs: Type.Integer(),
  lastStartedAt: Type.Union([Type.String(), Type.Null()]),
  lastFinishedAt: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  running: Type.Boolean(),
  alive: Type.Boolean(),
});
export type JobStatus = Static<typeof JobStatus>;

/**
 * GET /api/ready (public, for load balancers and orchestrators: 200 when ready, 503 when not) and, with each job's
 * last run and error, GET /api/operations (admins). Ready: the database answers, every migration the server carries
 * is applied, and every job this process runs keeps its rhythm.
 */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  checks: Type.Object({
    database: Type.Boolean(),
    /** Migration files not applied yet (empty when current; null when the database did not answer). */
    pendingMigrations: Type.Union([Type.Array(Type.String()), Type.Null()]),
    jobs: Type.Boolean(),
  }),
});
export type Readiness = Static<typeof Readiness>;

export const OperationsStatus = Type.Object({
  ...Readiness.properties,
  engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  /** PGlite only: whether its write-ahead log is flushed to disk at every commit (PGLITE_FSYNC). Null on PostgreSQL. */
  fsync: Type.Union([Type.Boolean(), Type.Null()]),
  jobs: Type.Array(JobStatus),
  checkedAt: Type.String(),
});
export type OperationsStatus = Static<typeof OperationsStatus>;
