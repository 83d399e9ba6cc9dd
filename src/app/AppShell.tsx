import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { Profile } from '../contracts/auth';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';

const NARROW = '(max-width: 719px)';
const MENU_HIDDEN_KEY = 'arena.menuHidden';

/**
 * Header, side menu and the page. Below 720 px the menu collapses and the menu icon opens it over the page; wider,
 * the same icon hides the menu for more room (a big map) and shows it again, and the choice is kept. The first Tab
 * reaches "Skip to content", so a keyboard user need not cross the menu on every page.
 */
/** Whether the window is narrow enough for the menu to lie over the page; follows resizes. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

export function AppShell({ profile }: { profile: Profile }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuHidden, setMenuHidden] = useState(() => localStorage.getItem(MENU_HIDDEN_KEY) === '1');
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const narrow = useNarrow();
  const onToggleMenu = () => {
    if (narrow) return setMenuOpen((o) => !o);
    setMenuHidden((h) => {
      localStorage.setItem(MENU_HIDDEN_KEY, h ? '0' : '1');
      return !h;
    });
  };
  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}${menuHidden ? ' menu-hidden' : ''}`}>
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to content</a>
      <AppHeader
        profile={profile}
        onToggleMenu={onToggleMenu}
        menuLabel={narrow ? (menuOpen ? 'Close menu' : 'Open menu') : menuHidden ? 'Show menu' : 'Hide menu'}
        menuShown={narrow ? menuOpen : !menuHidden}
      />
      <div className="app-body">
        <SideMenu role={profile.type} />
        {menuOpen ? <div className="menu-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" /> : null}
        <main className="app-main" id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
