import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { expect } from './fixtures';
import { ConsoleShell } from './pages/ConsoleShell';
import { LoginScreen } from './pages/LoginScreen';

/** Signs in a demo account by its key ('admin', 'promoter', …) through the login screen; does not wait for the shell. */
export async function signInAs(page: Page, key: string): Promise<void> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(account.email, account.password);
}

/** Signs in and waits for the console shell. */
export async function signInToShell(page: Page, key: string): Promise<void> {
  await signInAs(page, key);
  await new ConsoleShell(page).ready();
}

/** GET an API path as the page's signed-in user (the independent truth tests compare the screen with). */
export async function apiGet<T = unknown>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  const res = await request.get(path, { headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** A write through the API as the signed-in user (test set-up the screen under test does not do itself). */
export async function apiSend(page: Page, request: APIRequestContext, method: 'PATCH' | 'POST' | 'PUT', path: string, data: object): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  const res = await request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}
