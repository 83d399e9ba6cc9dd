/**
 * The session token, persisted in localStorage under the app's key (spec 000 §9) so a reload keeps the user
 * signed in. Only the token is client state; the profile is server data and comes through RTK Query.
 */
export const SESSION_STORAGE_KEY = 'arena-admin-console.token';

export function loadStoredToken(): string | null {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(SESSION_STORAGE_KEY, token);
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
}

/** Seconds since the epoch at which the token expires, read from its payload (no verification: the server does that). */
export function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ?? 0;
  } catch {
    return 0;
  }
}
