import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { Profile } from '../contracts/auth';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';

/** Header, side menu and the page. Below 720 px the menu collapses and the menu icon opens it over the page. */
export function AppShell({ profile }: { profile: Profile }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}`}>
      <AppHeader profile={profile} onToggleMenu={() => setMenuOpen((o) => !o)} menuOpen={menuOpen} />
      <div className="app-body">
        <SideMenu role={profile.type} />
        {menuOpen ? <div className="menu-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" /> : null}
        <main className="app-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
