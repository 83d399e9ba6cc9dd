import { Button, Menu, MenuDivider, MenuItem, Navbar, NavbarGroup } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import type { Profile } from '../contracts/auth';
import { signedOut } from '../api/sessionSlice';
import { profileMenuGroups } from '../domain/roles';
import { useAppDispatch } from './hooks';
import { ProfileMenu } from './ProfileMenu';

/** menuLabel and menuShown: what the menu icon does now and whether the side menu shows (AppShell decides both). */
export function AppHeader({ profile, onToggleMenu, menuLabel, menuShown }: { profile: Profile; onToggleMenu: () => void; menuLabel: string; menuShown: boolean }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const profileMenu = (
    <Menu aria-label="Profile">
      {profileMenuGroups(profile.type).map((group, g) => [
        g > 0 ? <MenuDivider key={`divider-${g}`} /> : null,
        ...group.map((item) =>
          item.key === 'logout' ? (
            <MenuItem key={item.key} icon="log-out" text={item.label} onClick={() => dispatch(signedOut())} />
          ) : (
            <MenuItem key={item.key} icon={item.key === 'platform-settings' ? 'settings' : 'cog'} text={item.label} onClick={() => navigate(item.path)} />
          ),
        ),
      ])}
    </Menu>
  );
  return (
    <Navbar className="app-header" fixedToTop={false}>
      <NavbarGroup align="left">
        <Button
          className="menu-toggle"
          variant="minimal"
          icon="menu"
          aria-label={menuLabel}
          title={menuLabel}
          aria-expanded={menuShown}
          aria-controls="side-menu"
          onClick={onToggleMenu}
        />
        <Link to="/" className="app-logo" aria-label="Arena Console home">
          <span className="app-logo-mark" aria-hidden="true">◉</span> Arena Console
        </Link>
      </NavbarGroup>
      <NavbarGroup align="right">
        <ProfileMenu text={profile.name || profile.email || 'Profile'} menu={profileMenu} />
      </NavbarGroup>
    </Navbar>
  );
}
