import { signToken } from '../server/auth/tokens';
import { DEMO_TOKEN_SECRET } from '../server/config';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/ConsoleShell';
import { LoginScreen } from './pages/LoginScreen';
import { signInAs } from './signIn';

test.describe.configure({ timeout: 120_000 });

test('when the session meets a path, a failing profile or a failing refresh, then the console follows 002 §8–§9', async ({ page, request }) => {
  // A path outside the role's whitelist, known or not, redirects to / and on to the role's home (not /404).
  await signInAs(page, 'promoter');
  const shell = new ConsoleShell(page);
  await shell.ready();
  for (const path of ['/no/such/page', '/settings/fees']) {
    await page.goto(path);
    await expect(page).toHaveURL('/events');
  }

  // The profile fails (a server error): the query is asked twice (one retry), then the sign-in is cleared.
  let profileCalls = 0;
  await page.route('**/api/profile', async (route) => {
    profileCalls += 1;
    await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'down' } } });
  });
  await page.goto('/events');
  await new LoginScreen(page).ready();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  expect(profileCalls).toBe(2);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
  await page.unroute('**/api/profile');

  // A token about to expire whose refresh fails: the session ends with the spec's reason.
  const res = await request.post('/api/auth/login', { headers: { platform: 'admin' }, data: { email: 'promoter@demo.test', password: 'promoter-demo-1' } });
  const claims = JSON.parse(Buffer.from((await res.json()).token.split('.')[1], 'base64url').toString());
  const nearlyExpired = signToken({ sub: claims.sub, type: claims.type, ver: claims.ver }, DEMO_TOKEN_SECRET, 3);
  await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'down' } } }));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, nearlyExpired] as const);
  await page.goto('/events');
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your session has expired. Sign in again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
});
