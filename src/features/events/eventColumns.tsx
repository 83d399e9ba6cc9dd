import { Tag } from '@blueprintjs/core';
import type { EventSummary } from '../../contracts/events';
import type { RolePermissions } from '../../domain/roles';
import type { Column } from '../../ui/DataTable';
import { EventRowMenu } from './EventRowMenu';
import { StatusTag } from '../../ui/StatusTag';
import { EventNameCell } from '../../ui/EventNameCell';
import { showDateTime, translation } from './eventText';
import { formatCount } from '../../domain/money';

/**
 * The events list's columns (000 §2); the promoter column only for those who see every promoter. Below 720 px the
 * columns marked narrow-hide fold away (events.css): event, start, status, tickets and the menu stay on screen.
 */
export function eventColumns(permissions: RolePermissions): Column<EventSummary>[] {
  const columns: (Column<EventSummary> | null)[] = [
    {
      key: 'name',
      header: 'Event',
      render: (e) => (
        <EventNameCell event={e}>
          {e.membership ? <Tag className="inline-tag" intent="primary" minimal>Membership</Tag> : null}
          {e.entity_type === 'seasonal' ? <Tag className="inline-tag" minimal>Seasonal</Tag> : null}
        </EventNameCell>
      ),
    },
    permissions.seePromoterColumn ? { key: 'promoter', header: 'Promoter', className: 'narrow-hide', render: (e) => e.promoter.name } : null,
    { key: 'artists', header: 'Artists', className: 'narrow-hide', render: (e) => translation(e, 'en').performer_name || translation(e, 'sv').performer_name || '–' },
    { key: 'release', header: 'Release date', className: 'narrow-hide', render: (e) => showDateTime(e.tickets_release_date) },
    { key: 'start', header: 'Start date', render: (e) => showDateTime(e.start_date) },
    { key: 'status', header: 'Status', render: (e) => <StatusTag status={e.status} passed={e.passed} /> },
    { key: 'delivered', header: 'Tickets delivered', className: 'numeric', render: (e) => formatCount(e.tickets_delivered) },
    { key: 'notes', header: 'Notes', className: 'notes-cell narrow-hide', render: (e) => e.notes },
    { key: 'menu', header: <span className="sr-only">Actions</span>, className: 'menu-cell', render: (e) => <EventRowMenu event={e} permissions={permissions} /> },
  ];
  return columns.filter((c): c is Column<EventSummary> => c !== null);
}
