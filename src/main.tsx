import { StrictMode } from 'react';
import { FocusStyleManager } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/app.css';
import { createStore } from './app/store';
import { createRouter } from './app/router';
import { loadShellIcons } from './app/shellIcons';

// Focus rings for keyboard focus only (issue 24): Blueprint's own rings hide after a mouse click, like :focus-visible.
FocusStyleManager.onlyShowFocusOnTabs();
// The shell's icons drawn from the first render, without Blueprint's module of every icon's paths (app/shellIcons.ts).
void loadShellIcons();

/**
 * The console loads with no network (issue 35: the box office sells offline): built files come from sw.js. Registered
 * once the page has loaded and some seconds have passed, not as the console starts: its install precaches the whole
 * build (235 files, 7.5 MB), and on a first visit that competed with the page's own scripts, its calls and the map's
 * download and parse (every way to the stadium's map 18-29 % slower, docs/venue-map-journal.md "The click, made instant").
 * A worker installed before controls the page from its first request all the same.
 */
const SERVICE_WORKER_AFTER_LOAD_MS = 5000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const later = () => setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 2000 }) : register()), SERVICE_WORKER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const store = createStore();
const router = createRouter(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
