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

// Focus rings for keyboard focus only (issue 24): Blueprint's own rings hide after a mouse click, like :focus-visible.
FocusStyleManager.onlyShowFocusOnTabs();

// The console loads with no network (issue 35: the box office sells offline): built files come from sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);

const store = createStore();
const router = createRouter(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
