import type { Db } from '../db/database';
import type { JobRuns } from '../jobs/jobRuns';
import type { Channel, OutgoingMessage, Transports } from './transports';

/** Attempts before a message is given up as failed (docs/outbox.md). */
export const MAX_ATTEMPTS = 5;

export interface DeliveryOptions {
  /** Messages claimed per run. */
  batch?: number;
  maxAttempts?: number;
  /** The wait after the first failed attempt; doubled after each further one, up to backoffMaxSeconds. */
  backoffBaseSeconds?: number;
  backoffMaxSeconds?: number;
  /** How long a claim lasts: a row still 'sending' after it (its worker died mid-send) is claimed again. */
  leaseSeconds?: number;
}

export interface DeliveryRun {
  claimed: number;
  sent: number;
  /** Refused, queued again for a later attempt. */
  retrying: number;
  /** Refused for the last time. */
  failed: number;
}

/** What a password-reset mail keeps once a mail server accepted it: the link is a password and leaves the database. */
const RESET_LINK_REMOVED = 'The reset link was removed once the mail server accepted this mail: it works like a password.';

/**
 * One run of the delivery job: claims up to `batch` due messages, hands each to its channel's transport, and records
 * what happened. Safe with several API processes (docs/outbox.md): the claim is one UPDATE over rows taken with
 * FOR UPDATE SKIP LOCKED, so two workers never claim the same message; the send happens outside any transaction
 * (no lock is held while a mail server thinks), and the claim's lease hands a message back to the queue if its
 * worker dies before it could mark it. Delivery is therefore at least once.
 */
export async function deliverOutbox(db: Db, transports: Transports, opts: DeliveryOptions = {}): Promise<DeliveryRun> {
  const batch = opts.batch ?? 50;
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const { rows } = await db.query<OutgoingMessage & { attempts: number }>(
    `UPDATE outbox_messages m
        SET status = 'sending', attempts = m.attempts + 1, locked_until = now() + make_interval(secs => $2)
       FROM (SELECT o.id, coalesce(o.body, CASE WHEN o.language = 'sv' THEN c.content_sv ELSE c.content_en END) AS text
               FROM outbox_messages o LEFT JOIN crm_campaigns c ON c.id = o.campaign_id
              WHERE o.status IN ('queued', 'sending') AND o.next_attempt_at <= now()
                AND (o.status = 'queued' OR o.locked_until < now())
              ORDER BY o.next_attempt_at, o.id
              LIMIT $1
              FOR UPDATE OF o SKIP LOCKED) due
      WHERE m.id = due.id
      RETURNING m.id, m.channel, m.kind, m.address, m.subject, due.text AS body, m.attempts, m.event_id,
                (SELECT e.promoter_id FROM events e WHERE e.id = m.event_id) AS promoter_id`,
    [batch, opts.leaseSeconds ?? 300],
  );
  const run: DeliveryRun = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  if (!rows.length) return run;

  const results = await Promise.allSettled(
    rows.map((m) => transports[m.channel as Channel].deliver({
      ...m, id: Number(m.id), body: m.body ?? '',
      event_id: m.event_id == null ? null : Number(m.event_id), promoter_id: m.promoter_id == null ? null : Number(m.promoter_id),
    })),
  );
  const sent = { ids: [] as number[], providerIds: [] as (string | null)[], transports: [] as string[] };
  const refused = { ids: [] as number[], errors: [] as string[] };
  results.forEach((r, i) => {
    const m = rows[i];
    if (r.status === 'fulfilled') {
      sent.ids.push(Number(m.id));
      sent.providerIds.push(r.value);
      sent.transports.push(transports[m.channel as Channel].name);
    } else {
      refused.ids.push(Number(m.id));
      const reason = r.reason instanceof Error ? r.reason.message : String(r.reason);
      refused.errors.push((reason || 'The transport refused the message without a reason.').slice(0, 500));
      if (Number(m.attempts) >= maxAttempts) run.failed++;
      else run.retrying++;
    }
  });
  run.sent = sent.ids.length;
  if (sent.ids.length) {
    await db.query(
      `UPDATE outbox_messages m
          SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL,
              provider_id = r.provider_id, transport = r.transport,
              body = CASE WHEN m.kind = 'password_reset' AND r.transport <> 'local' THEN $4 ELSE m.body END
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS r(id, provider_id, transport)
        WHERE m.id = r.id`,
      [sent.ids, sent.providerIds, sent.transports, RESET_LINK_REMOVED],
    );
  }
  if (refused.ids.length) {
    await db.query(
      `UPDATE outbox_messages m
          SET status = CASE WHEN m.attempts >= $3 THEN 'failed' ELSE 'queued' END,
              locked_until = NULL, last_error = r.error,
              next_attempt_at = now() + make_interval(secs => least($5::float8, $4::float8 * power(2, m.attempts - 1)))
         FROM unnest($1::bigint[], $2::text[]) AS r(id, error)
        WHERE m.id = r.id AND m.status = 'sending'`,
      [refused.ids, refused.errors, maxAttempts, opts.backoffBaseSeconds ?? 30, opts.backoffMaxSeconds ?? 3600],
    );
  }
  return run;
}

/**
 * The delivery job inside an API process (started beside the forget-user job): a run every `everyMs`, and runs back
 * to back while full batches keep coming. Returns a stop function that waits for the run in flight.
 */
export function startOutboxWorker(
  db: Db,
  transports: Transports,
  { everyMs = 1000, log = console.log, jobs, ...opts }: DeliveryOptions & { everyMs?: number; log?: (line: string) => void; jobs?: JobRuns } = {},
): () => Promise<void> {
  jobs?.register('delivery', everyMs);
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  const batch = opts.batch ?? 50;
  const deliver = async () => {
    for (;;) {
      const run = await deliverOutbox(db, transports, { ...opts, batch });
      if (run.failed) log(`Outbox: ${run.failed} message(s) failed for good (see the Outbox).`);
      if (stopped || run.claimed < batch) break;
    }
  };
  const tick = async () => {
    try {
      await (jobs ? jobs.run('delivery', deliver) : deliver());
    } catch (err) {
      log(`Outbox delivery failed: ${(err as Error).message}`);
    }
  };
  let running = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    inFlight = tick().finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
    jobs?.unregister('delivery');
  };
}
