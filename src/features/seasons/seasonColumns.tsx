import type { EventSummary } from '../../contracts/events';
import { displayDay } from '../../domain/displayDates';
import type { Column } from '../../ui/DataTable';
import { EventNameCell } from '../../ui/EventNameCell';
import { StatusTag } from '../../ui/StatusTag';

/** The console's one day format, dd.mm.yyyy (issue 38: one look for dates), not the seasonal list's own d/M/yyyy. */
const day = (value: string) => displayDay(value);
const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const en = (e: EventSummary) => e.translations.find((t) => t.language === 'en') ?? e.translations[0];

/** Columns of the seasonal list and a season's child events (000 §2); dates D/M/YYYY. */
export function seasonColumns(opts: { childCount: boolean; menu: (e: EventSummary) => React.ReactNode }): Column<EventSummary>[] {
  const columns: (Column<EventSummary> | null)[] = [
    {
      key: 'name',
      header: 'Event',
      render: (e) => (
        <EventNameCell event={e}>
          {en(e)?.description ? <span className="short-description">{shorten(en(e)!.description)}</span> : null}
        </EventNameCell>
      ),
    },
    { key: 'promoter', header: 'Promoter', className: 'narrow-hide', render: (e) => e.promoter.name },
    { key: 'artists', header: 'Artists', className: 'narrow-hide', render: (e) => en(e)?.performer_name || '–' },
    opts.childCount ? { key: 'children', header: 'Events', className: 'numeric', render: (e) => (e.child_events_count > 0 ? e.child_events_count : '–') } : null,
    { key: 'release', header: 'Release date', className: 'narrow-hide', render: (e) => day(e.tickets_release_date) },
    { key: 'start', header: 'Start date', render: (e) => day(e.start_date) },
    { key: 'status', header: 'Status', render: (e) => <StatusTag status={e.status} passed={e.passed} /> },
    { key: 'notes', header: 'Notes', className: 'notes-cell narrow-hide', render: (e) => e.notes },
    { key: 'menu', header: <span className="sr-only">Actions</span>, className: 'menu-cell', render: opts.menu },
  ];
  return columns.filter((c): c is Column<EventSummary> => c !== null);
}
