/**
 * The session token, persisted in localStorage under the app's key (spec 000 §9) so a reload keeps the user
 * signed in. Only the token is client state; the profile is server data and comes through RTK Query.
 */
export const SESSION_STORAGE_KEY = 'arena-admin-console.token';

/**
 * What a tab keeps of a signed-in user's work in sessionStorage is under this prefix, and goes when the session ends
 * (the counter's online sales to print offline: the next user of the tab must not read a customer's tickets).
 */
export const SIGNED_IN_TAB_PREFIX = 'arena-signed-in:';

/** Forgets what the tab kept of the session that ended (SIGNED_IN_TAB_PREFIX). */
export function forgetSignedInTab(storage: Pick<Storage, 'length' | 'key' | 'removeItem'> = sessionStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k) => k?.startsWith(SIGNED_IN_TAB_PREFIX));
    for (const key of keys) storage.removeItem(key!);
  } catch {
    // Without storage nothing was kept.
  }
}

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

/** Refresh when the token expires within this many seconds (spec 000 §4; api.ts refreshes it before a call sends it). */
export const TOKEN_REFRESH_MARGIN_SECONDS = 5;

/** Seconds since the epoch at which the token expires, read from its payload (no verification: the server does that). */
export function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ?? 0;
  } catch {
    return 0;
  }
}

const PROFILE_STORAGE_KEY = 'arena-admin-console.profile';

/**
 * The last profile read for the current token: when the server cannot be reached (the box office selling offline,
 * docs/boxoffice.md), the console opens with it instead of ending the session. Tied to the token, so another sign-in
 * never sees it.
 */
export function storeProfileFor(token: string, profile: unknown): void {
  try {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ token, profile }));
  } catch {
    // Without storage the console needs the server to open.
  }
}

export function storedProfileFor<T>(token: string | null): T | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY) ?? 'null') as { token: string; profile: T } | null;
    return kept && token && kept.token === token ? kept.profile : null;
  } catch {
    return null;
  }
}

/** An RTK Query error that says the server was not reached (no answer at all), not that it refused. */
export const isNetworkFailure = (error: unknown): boolean => (error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR';
