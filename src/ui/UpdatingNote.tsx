import './ui.css';
import { Spinner } from '@blueprintjs/core';

/**
 * Whether a screen shows data from before while it is asked for again: RTK Query keeps a query's last answer on
 * screen during a refetch (after a change made through the console marked it stale), with `isFetching` set. The
 * screen then says so (UpdatingNote) and its part is aria-busy, so neither a person nor a test reads the rows from
 * before as the answer. A first load has no data yet: it shows its own spinner instead.
 */
export function isUpdating(query: { isFetching: boolean; data?: unknown }): boolean {
  return query.isFetching && query.data !== undefined;
}

/** "Updating", with a small spinner, beside data from before that is being asked for again (isUpdating). */
export function UpdatingNote({ className }: { className?: string }) {
  return (
    <span className={className ? `updating-note ${className}` : 'updating-note'} role="status">
      <Spinner size={14} /> Updating
    </span>
  );
}
