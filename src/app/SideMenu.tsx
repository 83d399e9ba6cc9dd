import { Icon, type IconName } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { sideMenuFor, type AccountType, type SideMenuKey } from '../domain/roles';

const ICONS: Record<SideMenuKey, IconName> = {
  events: 'calendar', crm: 'envelope', season: 'timeline-events', promoters: 'office', blacklist: 'blocked-person',
  corporates: 'briefcase', boxoffice: 'shop', promocodes: 'tag', ombuds: 'people', orders: 'shopping-cart',
  users: 'person', 'scanner-users': 'mobile-phone', affiliates: 'link', reports: 'chart', venues: 'map', outbox: 'inbox',
};

/** The side menu of spec 000 §2, per role. */
export function SideMenu({ role }: { role: AccountType }) {
  return (
    <nav className="side-menu" aria-label="Main">
      <ul>
        {sideMenuFor(role).map((item) => (
          <li key={item.key}>
            <NavLink to={item.path} className={({ isActive }) => `side-menu-item${isActive ? ' active' : ''}`}>
              <Icon icon={ICONS[item.key]} size={16} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
