import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionSlice } from '../api/sessionSlice';
import { forgetSignedInTab, storeToken } from '../api/session';

export function createStore() {
  const store = configureStore({
    reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Persist the token; when the session ends, forget every cached server answer of the previous user and what the tab
  // kept of their work.
  let lastToken = store.getState().session.token;
  store.subscribe(() => {
    const token = store.getState().session.token;
    if (token === lastToken) return;
    lastToken = token; // before dispatching below, which calls this listener again
    storeToken(token);
    if (!token) {
      forgetSignedInTab();
      store.dispatch(api.util.resetApiState());
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
