import { Icon } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { sideMenuFor, type AccountType } from '../domain/roles';
import { SIDE_MENU_ICONS } from './shellIcons';

/** The side menu of spec 000 §2, per role. */
export function SideMenu({ role }: { role: AccountType }) {
  return (
    <nav className="side-menu" id="side-menu" aria-label="Main">
      <ul>
        {sideMenuFor(role).map((item) => (
          <li key={item.key}>
            <NavLink to={item.path} className={({ isActive }) => `side-menu-item${isActive ? ' active' : ''}`}>
              <Icon icon={SIDE_MENU_ICONS[item.key]} size={16} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
