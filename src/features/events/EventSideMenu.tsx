import { HTMLSelect, Icon } from '@blueprintjs/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import type { EventDetail } from '../../contracts/events';
import { eventChecklist } from '../../domain/eventChecklist';
import { isPathAllowed } from '../../domain/roles';
import { BackLink } from '../../ui/BackLink';
import { eventsListPath } from './eventsListPath';
import { eventMenuPage } from './eventMenuPage';
import { eventName } from '../../ui/EventNameCell';

interface Item {
  to: string;
  label: string;
  done?: boolean;
  disabled?: string;
}

function MenuLink({ base, item, current }: { base: string; item: Item; current: string }) {
  const mark = item.done === undefined ? null : (
    <Icon className="done-mark" icon={item.done ? 'tick-circle' : 'circle'} intent={item.done ? 'success' : 'none'} title={item.done ? 'done' : 'not done'} />
  );
  if (item.disabled) {
    return (
      <span className="event-menu-item disabled" aria-disabled="true" title={item.disabled}>
        <span>{item.label}</span>
        {mark}
      </span>
    );
  }
  return (
    <Link to={`${base}/${item.to}`} className={`event-menu-item${item.to === current ? ' active' : ''}`}
      aria-current={item.to === current ? 'page' : undefined}>
      <span>{item.label}</span>
      {mark}
    </Link>
  );
}

/**
 * Below 720 px the side menu becomes one selector (events.css shows it and hides the list): the page's content stays
 * at the top instead of under thirteen menu rows.
 */
function CompactEventMenu({ base, items, current }: { base: string; items: Item[]; current: string }) {
  const navigate = useNavigate();
  return (
    <HTMLSelect className="event-menu-compact" aria-label="Event page" value={current} fill
      onChange={(e) => navigate(`${base}/${e.target.value}`)}>
      {current ? null : <option value="">Choose a page</option>}
      {items.map((item) => (
        <option key={item.to} value={item.to} disabled={Boolean(item.disabled)}>
          {item.label}{item.done === undefined ? '' : item.done ? ' ✓' : ''}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** The event side menu (000 §2): Dashboard; "Required for publishing" with done marks; Optional. */
export function EventSideMenu({ event }: { event: EventDetail }) {
  const role = useGetProfileQuery().data?.type ?? 'promoter';
  const { pathname } = useLocation();
  const base = `/events/${event.id}`;
  const check = eventChecklist({
    ticketTypesCount: event.ticket_types_count,
    seats: { count: event.pricing.seats, has_default_price: event.pricing.priced_with_default },
    status: event.status,
    restrictions_confirmed: event.restrictions_confirmed,
  });
  const required: Item[] = [
    { to: 'basic-information', label: 'Event Information', done: true },
    { to: 'ticket-types', label: 'Ticket types', done: check.ticketTypes },
    { to: 'venue-map', label: 'Pricing venue map', done: check.pricing },
    { to: 'restrictions', label: 'Restrictions', done: check.restrictions },
    { to: 'publish', label: 'Publish', done: event.status === 'active', disabled: check.canPublish || event.status === 'active' ? undefined : 'Every seat needs a default price first' },
  ];
  const optional: Item[] = [
    { to: 'reservations', label: 'Reserved tickets' },
    { to: 'merchandise', label: 'Shop' },
    { to: 'affiliates', label: 'Event links' },
    { to: 'social-media-postings', label: 'Social media postings' },
    { to: 'boxoffice', label: 'Box Office' },
    { to: 'reassign', label: 'Re-assign' },
  ].filter((item) => isPathAllowed(role, `${base}/${item.to}`));
  const dashboard: Item = { to: 'dashboard', label: 'Dashboard' };
  const items = [dashboard, ...required, ...optional];
  // The edit form, a reservation's pages, an order from Re-assign: the menu shows the page they belong to.
  const current = eventMenuPage(pathname, base, items.map((item) => item.to));

  return (
    <nav className="event-menu" aria-label="Event">
      <BackLink to={event.entity_type === 'seasonal' ? '/season' : eventsListPath()} />
      <p className="event-menu-name">{eventName(event)}</p>
      <CompactEventMenu base={base} items={items} current={current} />
      <div className="event-menu-links">
        <MenuLink base={base} item={dashboard} current={current} />
        <h2 className="event-menu-heading">Required for publishing</h2>
        {required.map((item) => <MenuLink key={item.to} base={base} item={item} current={current} />)}
        <h2 className="event-menu-heading">Optional</h2>
        {optional.map((item) => <MenuLink key={item.to} base={base} item={item} current={current} />)}
      </div>
    </nav>
  );
}
