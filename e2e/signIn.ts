import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../src/contracts/common';
import { E2E_AUTH_DIR, E2E_PORT } from './e2eEnv';
import { expect } from './fixtures';
import { onTabReset } from './flowTab';
import { ConsoleShell } from './pages/ConsoleShell';
import { LoginScreen } from './pages/LoginScreen';

function demoAccount(key: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
}

/**
 * The Playwright storage state of a demo account, signed in once per shard by the setup project (auth.setup.ts):
 * `test.use({ storageState: storageStateOf('promoter') })` opens every page of a file already signed in.
 */
export function storageStateOf(key: string): string {
  demoAccount(key);
  return path.join(E2E_AUTH_DIR, `${key}.json`);
}

/** A Playwright storage state holding one console session token. */
export function storageStateWith(token: string): object {
  return {
    cookies: [],
    origins: [{ origin: `http://localhost:${E2E_PORT}`, localStorage: [{ name: SESSION_STORAGE_KEY, value: token }] }],
  };
}

/** Signs a demo account in through the API and returns its token (no page involved). */
export async function freshToken(request: APIRequestContext, key: string): Promise<string> {
  const account = demoAccount(key);
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { [PLATFORM_HEADER]: PLATFORM_ADMIN },
  });
  expect(res.status(), `sign-in of ${account.email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Writes the storage state of a demo account (the setup project, and again when a flow had to sign in afresh). */
export function saveStorageState(key: string, token: string): void {
  mkdirSync(E2E_AUTH_DIR, { recursive: true });
  writeFileSync(storageStateOf(key), JSON.stringify(storageStateWith(token), null, 2));
}

function storedToken(key: string): string | null {
  const file = storageStateOf(key);
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  return state.origins[0]?.localStorage.find((e) => e.name === SESSION_STORAGE_KEY)?.value ?? null;
}

/**
 * A valid token of a demo account: the one the setup project stored for this shard, renewed through
 * /api/auth/refresh (one light request instead of a password check and a page load). A flow that revoked it (a
 * password change, a deactivation) leaves it refused: the account then signs in afresh and the shard keeps that one.
 */
export async function sessionToken(request: APIRequestContext, key: string): Promise<string> {
  const stored = storedToken(key);
  if (stored) {
    const res = await request.get('/api/auth/refresh', { headers: { [PLATFORM_HEADER]: PLATFORM_ADMIN, authorization: `Bearer ${stored}` } });
    if (res.status() === 200) return ((await res.json()) as { token: string }).token;
  }
  const token = await freshToken(request, key);
  saveStorageState(key, token);
  return token;
}

let sessionCounter = 0;
/** The session each page was given by useSessionOf, for API calls made before its first page load. */
const pageTokens = new WeakMap<Page, string>();
// A page handed to the next flow (flowTab.ts) has no session until that flow gives it one.
onTabReset((page) => pageTokens.delete(page));

/**
 * The page's session token: the one the console keeps in localStorage once a page of it is open, or the one
 * useSessionOf gave the page when nothing is loaded yet (API set-up before the flow's first page).
 */
export async function sessionTokenOf(page: Page): Promise<string | null> {
  if (page.url().startsWith('http')) {
    const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
    if (stored) return stored;
  }
  return pageTokens.get(page) ?? null;
}

/**
 * Gives the page a demo account's session without loading anything: the next `page.goto` opens the console signed
 * in, at the flow's own URL. The token is put into localStorage by an init script that acts on the tab's first
 * navigation only, so a sign-out in the flow stays signed out; a later call (another account) takes over.
 */
export async function useSessionOf(page: Page, key: string): Promise<void> {
  const token = await sessionToken(page.request, key);
  pageTokens.set(page, token);
  const marker = `e2e-session-${++sessionCounter}-${Date.now()}`;
  await page.addInitScript(([storageKey, value, mark]) => {
    if (sessionStorage.getItem(mark)) return;
    sessionStorage.setItem(mark, '1');
    localStorage.setItem(storageKey, value);
  }, [SESSION_STORAGE_KEY, token, marker] as const);
}

/** Opens a page of the console as a demo account, signed in, and waits for the console shell there. */
export async function openAs(page: Page, key: string, url: string): Promise<void> {
  await useSessionOf(page, key);
  await page.goto(url);
  await new ConsoleShell(page).ready();
}

/** Signs in a demo account by its key through the login screen, as a person does; does not wait for the shell. */
export async function signInThroughForm(page: Page, key: string): Promise<void> {
  const account = demoAccount(key);
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(account.email, account.password);
}

/**
 * Signs in a demo account by its key ('admin', 'promoter', …) and opens the console's home (/ leads each role to its
 * landing page); does not wait for the shell. The session is the one stored for the shard (useSessionOf): the form
 * itself is tested in auth.spec.ts. A flow that does not start on the landing page uses openAs instead.
 */
export async function signInAs(page: Page, key: string): Promise<void> {
  await useSessionOf(page, key);
  await page.goto('/');
}

/** Signs in and waits for the console shell. */
export async function signInToShell(page: Page, key: string): Promise<void> {
  await signInAs(page, key);
  await new ConsoleShell(page).ready();
}

/** GET an API path as the page's signed-in user (the independent truth tests compare the screen with). */
export async function apiGet<T = unknown>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await sessionTokenOf(page);
  const res = await request.get(path, { headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** A write through the API as the signed-in user (test set-up the screen under test does not do itself). */
export async function apiSend(page: Page, request: APIRequestContext, method: 'PATCH' | 'POST' | 'PUT', path: string, data: object): Promise<void> {
  const token = await sessionTokenOf(page);
  const res = await request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}
