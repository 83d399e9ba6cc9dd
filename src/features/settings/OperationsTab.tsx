import { Button, Callout, Card, HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetOperationsQuery } from '../../api/platformSettingsApi';
import type { OperationsStatus } from '../../contracts/operations';
import { describeEvery, JOB_LABELS, jobState, timeAgo, type JobState } from '../../domain/jobHealth';
import { venueDateTimeSeconds } from '../../domain/venueClock';
import { DataTable } from '../../ui/DataTable';

const STATE: Record<JobState, { intent: Intent; text: string }> = {
  ok: { intent: 'success', text: 'Running normally' },
  failing: { intent: 'danger', text: 'Last run failed' },
  stopped: { intent: 'danger', text: 'Stopped' },
  waiting: { intent: 'none', text: 'Not run yet' },
};

/** Delivery and the expiry jobs first: the ones a sale or a message waits on. */
const JOB_ORDER = Object.keys(JOB_LABELS);

/** A moment to the second on the venue's clock, in the console's format (29.11.2026 18:30:05), whatever the browser's zone. */
const exact = (iso: string | null) => venueDateTimeSeconds(iso) || undefined;

function failedChecks(s: OperationsStatus): string[] {
  const out: string[] = [];
  if (!s.checks.database) out.push('The database does not answer.');
  if (s.checks.pendingMigrations?.length) out.push(`Migrations not applied: ${s.checks.pendingMigrations.join(', ')}.`);
  if (!s.checks.jobs) out.push('A background job has stopped (see below).');
  return out;
}

/**
 * Settings → Operations (admin; not in the spec, designed in docs/operations.md "Operations at a glance"): what
 * /api/ready checks, said for a person, and each background job of the answering server with its last run. Read
 * every 5 s.
 */
export function OperationsTab() {
  const ops = useGetOperationsQuery(undefined, { pollingInterval: 5000, refetchOnMountOrArgChange: true });
  if (ops.isError) return <Callout intent="danger" title="The server did not answer">The operations status could not be read. Try again in a moment.</Callout>;
  const s = ops.data;
  if (!s) return <Card className="settings-card">Loading…</Card>;
  const now = Date.parse(s.checkedAt);
  const failed = failedChecks(s);
  return (
    <div className="operations">
      <Card className="settings-card">
        <h4>Readiness</h4>
        {s.ready ? (
          <Callout intent="success" role="status" title="Ready">The database answers, its schema is current and every background job keeps its rhythm.</Callout>
        ) : (
          <Callout intent="danger" role="status" title="Not ready">
            <ul className="operations-failed">{failed.map((f) => <li key={f}>{f}</li>)}</ul>
          </Callout>
        )}
        <HTMLTable compact className="operations-facts">
          <tbody>
            <tr><th scope="row">Database</th><td>{s.engine === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}</td></tr>
            {s.engine === 'pglite' ? (
              <tr>
                <th scope="row">Flush at every commit</th>
                <td>{s.fsync ? 'On: a crash of the machine loses no confirmed sale' : 'Off: a crash of the machine can lose the last seconds of sales'}</td>
              </tr>
            ) : null}
            <tr><th scope="row">Checked</th><td>{exact(s.checkedAt)} <Button minimal small icon="refresh" text="Check again" loading={ops.isFetching} onClick={() => void ops.refetch()} /></td></tr>
          </tbody>
        </HTMLTable>
      </Card>
      <Card className="settings-card">
        <h4>Background jobs</h4>
        <p className="operations-note">The jobs of the server process that answered. Message delivery sends what the <Link className="inline-link" to="/outbox">Outbox</Link> lists.</p>
        <DataTable
          label="Background jobs"
          rows={[...s.jobs].sort((a, b) => JOB_ORDER.indexOf(a.name) - JOB_ORDER.indexOf(b.name))}
          rowKey={(j) => j.name}
          emptyText="This server process runs no background jobs (another process does, or delivery is turned off)."
          columns={[
            { key: 'job', header: 'Job', render: (j) => <><strong>{JOB_LABELS[j.name].title}</strong><div className="operations-does">{JOB_LABELS[j.name].does}</div></> },
            { key: 'every', header: 'Runs', render: (j) => describeEvery(j.everyMs) },
            { key: 'started', header: 'Last run', render: (j) => <span title={exact(j.lastStartedAt)}>{j.running ? 'running now' : timeAgo(j.lastStartedAt, now)}</span> },
            { key: 'finished', header: 'Last finished', render: (j) => <span title={exact(j.lastFinishedAt)}>{timeAgo(j.lastFinishedAt, now)}</span> },
            {
              key: 'state', header: 'State', render: (j) => {
                const state = STATE[jobState(j)];
                return (
                  <>
                    <Tag minimal intent={state.intent}>{state.text}</Tag>
                    {j.lastError ? <div className="operations-error">{j.lastError}</div> : null}
                  </>
                );
              },
            },
          ]}
        />
      </Card>
      <Card className="settings-card">
        <h4>Backups</h4>
        <p className="operations-note">
          Taken on the server machine: <code>npm run db:backup</code> while the server runs, <code>npm run db:restore -- &lt;file&gt;</code> with it stopped
          {s.engine === 'postgres' ? ' (pg_dump and pg_restore on PostgreSQL)' : ''}. The operations guide says how often and where to keep them.
        </p>
      </Card>
    </div>
  );
}
