import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../src/contracts/common';
import { expect } from './fixtures';
import { ConsoleShell } from './pages/ConsoleShell';
import { LoginScreen } from './pages/LoginScreen';

function demoAccount(key: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
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
 * landing page); does not wait for the shell. The token comes from the sign-in call and is stored where the console
 * keeps it: the form itself is tested in auth.spec.ts, and going through it in every flow cost a page load each.
 */
export async function signInAs(page: Page, key: string): Promise<void> {
  const account = demoAccount(key);
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { [PLATFORM_HEADER]: PLATFORM_ADMIN },
  });
  expect(res.status(), `sign-in of ${account.email}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  // Any page of the console's origin gives access to its localStorage; the health answer is the lightest.
  await page.goto('/api/health');
  await page.evaluate(([k, t]) => localStorage.setItem(k, t), [SESSION_STORAGE_KEY, token]);
  await page.goto('/');
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
