import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { formatSek } from '../../../domain/money';
import type { LoggedSale } from './counterStore';
import { venueTime } from '../../../domain/venueClock';

const STATUS: Record<LoggedSale['status'], { text: string; intent: 'none' | 'success' | 'danger' | 'warning' }> = {
  pending: { text: 'Offline, not yet sent', intent: 'warning' },
  applied: { text: 'Replayed', intent: 'success' },
  conflict: { text: 'Conflict', intent: 'danger' },
  refused: { text: 'Refused', intent: 'danger' },
};

/**
 * The reconciliation of the counter's offline sales (issue 35): each sale of the log in order, its seats, when it was
 * sold and replayed, and for a conflict what happened and what to do. Nothing leaves the log: a conflict stays listed.
 */
export function OfflineLogPanel({ log }: { log: readonly LoggedSale[] }) {
  if (log.length === 0) return null;
  const pending = log.filter((s) => s.status === 'pending');
  const pendingOre = pending.reduce((n, s) => n + s.tickets.reduce((m, t) => m + t.totalOre, 0), 0);
  return (
    <Card aria-label="Offline sales">
      <h3>Offline sales</h3>
      <p role="status" aria-label="Offline, not yet sent">
        Offline, not yet sent: {pending.reduce((n, s) => n + s.tickets.length, 0)} ticket(s), {formatSek(pendingOre)}
      </p>
      {/* The side column is narrow: the log scrolls sideways inside its card instead of running past it, and the
          keyboard can reach it to scroll. */}
      <div className="data-table-wrap" tabIndex={0} role="region" aria-label="Offline sales, scrollable">
        <HTMLTable compact striped className="data-table" aria-label="Offline sales log">
          <thead><tr><th>#</th><th>Seats</th><th>Sold</th><th>Status</th><th>Replayed at</th></tr></thead>
          <tbody>
            {log.map((s) => (
              <tr key={s.key}>
                <td>{s.seq}</td>
                <td>{s.tickets.map((t) => (t.row === undefined ? `${t.section} standing ${t.place ?? ''}` : `${t.section} ${t.row}:${t.seat ?? ''}`)).join(', ')}</td>
                <td>{venueTime(s.sold_at)}</td>
                <td>
                  <Tag intent={STATUS[s.status].intent} minimal>{STATUS[s.status].text}</Tag>
                  {s.message ? <div className="offline-conflict">{s.message}</div> : null}
                </td>
                <td>{venueTime(s.replayedAt)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </Card>
  );
}
