/** The events list's status filter (src/contracts/events.ts EVENT_LIST_STATUSES). */
type ListStatus = 'all' | 'active' | 'passed' | 'draft';

/**
 * The events list's title follows its status filter (000 §2 names the default "Upcoming Events"): the title says
 * what the rows are.
 */
export function eventListTitle(status: ListStatus): string {
  switch (status) {
    case 'passed':
      return 'Passed Events';
    case 'draft':
      return 'Draft Events';
    case 'active':
      return 'Active Events';
    default:
      return 'Upcoming Events';
  }
}

/**
 * The one status badge of an event row (000 §4): a passed event shows "Passed" alone (not "Active" beside it);
 * otherwise its status, "Active" highlighted.
 */
export function eventStatusBadge(status: string, passed: boolean): { label: string; intent: 'success' | 'none'; minimal: boolean } {
  if (passed) return { label: 'Passed', intent: 'none', minimal: true };
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return status === 'active' ? { label, intent: 'success', minimal: false } : { label, intent: 'none', minimal: true };
}
