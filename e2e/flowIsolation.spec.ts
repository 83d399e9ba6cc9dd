import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LoginScreen } from './pages/LoginScreen';
import { openAs } from './signIn';

/**
 * Flows of a worker share one context and page (flowTab.ts): what one flow leaves behind must be gone for the next.
 * The first flow changes everything a flow can change and passes; the second, in the same worker and on the same
 * page, finds none of it. The file runs in order, in one worker.
 */
test.describe.configure({ mode: 'serial' });

let previous: Page | null = null;
const seenByLeftListener: string[] = [];

test('a flow leaves state behind in its tab: storage of every kind, a cookie, routes, an init script, a listener, a held key, the viewport, print media, offline', async ({ page, context }) => {
  await openAs(page, 'admin', '/events');
  await page.evaluate(async () => {
    localStorage.setItem('left-behind', '1');
    sessionStorage.setItem('left-behind', '1');
    document.cookie = 'left-behind=1; path=/';
    await (await caches.open('left-behind')).put('/left-behind', new Response('1'));
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('left-behind', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('things');
      open.onsuccess = () => {
        open.result.close();
        resolve(null);
      };
      open.onerror = () => reject(open.error);
    });
  });
  // The sign-in form answers 503 while this route stands; a script marks every document; a listener counts requests.
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 503, json: {} }));
  await context.route('**/api/profile', (route) => route.fulfill({ status: 503, json: {} }));
  await page.addInitScript(() => Object.assign(window, { leftBehind: true }));
  page.on('request', (request) => seenByLeftListener.push(request.url()));
  await context.grantPermissions(['clipboard-read']);
  await page.keyboard.down('Shift');
  await page.setViewportSize({ width: 600, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await context.setOffline(true);
  expect(await page.evaluate(() => matchMedia('print').matches)).toBe(true);
  previous = page;
});

test('the next flow in the worker gets the same page with none of it', async ({ page, context }) => {
  // The same page object, so the renderer is the one the first flow used: the check below is not of a fresh tab.
  expect(page).toBe(previous);
  expect(page.url()).toBe('about:blank');
  expect(context.pages()).toEqual([page]);
  expect(await context.cookies()).toEqual([]);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  const listened = seenByLeftListener.length;

  // Signed out: the token the first flow had is gone, so the console opens its sign-in form, online.
  await page.goto('/events');
  await expect(page).toHaveURL('/login');
  const login = new LoginScreen(page);
  await login.ready();
  const state = await page.evaluate(async () => ({
    leftBehind: 'leftBehind' in window,
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    cookie: document.cookie,
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((d) => d.name),
    print: matchMedia('print').matches,
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    online: navigator.onLine,
    clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  }));
  expect(state).toEqual({
    leftBehind: false, localStorage: [], sessionStorage: [], cookie: '', caches: [], databases: [],
    print: false, reducedMotion: true, online: true, clipboard: 'prompt',
  });
  expect(seenByLeftListener).toHaveLength(listened);

  // No key held (a held Shift would type capitals), and the routes are gone: a sign-in reaches the server.
  await page.getByLabel('Email').pressSequentially('admin@demo.test');
  await expect(page.getByLabel('Email')).toHaveValue('admin@demo.test');
  await page.getByLabel('Password').fill('admin-demo-1');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  previous = page;
});

test('a flow that sets the page\'s clock spends the tab', async ({ page }) => {
  expect(page).toBe(previous);
  await page.clock.setFixedTime(new Date('2020-01-01T12:00:00Z'));
  previous = page;
});

test('the next flow gets a new context and page, on the real time', async ({ page }) => {
  expect(page).not.toBe(previous);
  expect(previous!.isClosed()).toBe(true);
  await page.goto('/login');
  expect(await page.evaluate(() => new Date().getFullYear())).toBeGreaterThan(2020);
});
