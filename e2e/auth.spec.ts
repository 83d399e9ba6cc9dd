import { signToken } from '../server/auth/tokens';
import { DEMO_TOKEN_SECRET } from '../server/config';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { expect, expectAccessible, test } from './fixtures';
import { ConsoleShell } from './pages/ConsoleShell';
import { LoginScreen } from './pages/LoginScreen';
import { signInAs, signInThroughForm, useSessionOf } from './signIn';

const ROLES = [
  {
    key: 'admin', landing: '/events',
    menu: ['Events', 'CRM', 'Seasonal Events', 'Promoters', 'Blacklist', 'Corporates', 'Box Office', 'Promo Codes', 'Ombud', 'Orders', 'Users', 'Scanning App', 'Affiliates', 'Reporting', 'Venues', 'Outbox'],
  },
  {
    key: 'promoter', landing: '/events',
    menu: ['Events', 'Seasonal Events', 'CRM', 'Blacklist', 'Corporates', 'Promo Codes', 'Ombud', 'Scanning App', 'Affiliate Marketing', 'Reporting'],
  },
  { key: 'corporate', landing: '/corporate-app/reservations', menu: ['Corporates'] },
  { key: 'boxoffice', landing: '/boxoffice-app', menu: ['Box Office'] },
];


for (const role of ROLES) {
  test(`when a ${role.key} signs in, then they land on ${role.landing} with their side menu`, async ({ page }) => {
    await signInThroughForm(page, role.key);
    await expect(page).toHaveURL(role.landing);
    const shell = new ConsoleShell(page);
    await shell.ready();
    expect(await shell.sideMenuLabels()).toEqual(role.menu);
  });
}

test('when the password is wrong, then the spec\'s auth error shows and the email stays typed', async ({ page }) => {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn('admin@demo.test', 'wrong-password');
  await expect(login.alert()).toHaveText('Auth error 401: The email or password is not correct.');
  await expect(page.getByLabel('Email')).toHaveValue('admin@demo.test');
  await expect(page).toHaveURL('/login');
});

test('when the sign-in form opens, then leaving the empty email says nothing and one click on "Forgot your password?" opens recovery', async ({ page }) => {
  const login = new LoginScreen(page);
  await login.open();
  await expect(page.getByLabel('Email')).toBeFocused();
  // The pointer goes down on the link while the empty email has focus: no "Required" may push the link away.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/recovery');
  await page.goBack();
  // A submit still says what is missing.
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
});

test('when signed out and opening a protected page, then the console shows /login', async ({ page }) => {
  await page.goto('/events/12/dashboard');
  await expect(page).toHaveURL('/login');
});

const DISALLOWED = [
  { key: 'corporate', path: '/events', home: '/corporate-app' },
  { key: 'boxoffice', path: '/account-settings/general', home: '/boxoffice-app' },
  { key: 'promoter', path: '/users', home: '/events' },
  { key: 'promoter', path: '/settings/fees', home: '/events' },
];
for (const d of DISALLOWED) {
  test(`when a ${d.key} opens ${d.path}, then they are redirected to / and on to ${d.home}`, async ({ page }) => {
    // Signed in (the form is tested above), the path is opened at once, as a bookmark is.
    await useSessionOf(page, d.key);
    await page.goto(d.path);
    await expect(page).toHaveURL(new RegExp(`${d.home}(/|$)`));
  });
}

for (const key of ['admin', 'corporate'] as const) {
  test(`when a ${key} opens a path that exists nowhere, then Page Not Found shows at /404 (000 §2), not the home page`, async ({ page }) => {
    await useSessionOf(page, key);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
    // Page Not Found leads back to the role's own start.
    await page.getByRole('button', { name: 'Go to start' }).click();
    await expect(page).toHaveURL(key === 'corporate' ? /\/corporate-app(\/|$)/ : /\/events$/);
  });
}

test('when an unknown page of an allowed area is opened, then Page Not Found shows at /404', async ({ page }) => {
  await useSessionOf(page, 'admin');
  await page.goto('/events/12/no-such-page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});

test('when the stored token expires within 5 seconds, then the console refreshes it before calling the API', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { headers: { platform: 'admin' }, data: { email: 'promoter@demo.test', password: 'promoter-demo-1' } });
  const { token } = await res.json();
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const nearlyExpired = signToken({ sub: claims.sub, type: claims.type, ver: claims.ver }, DEMO_TOKEN_SECRET, 3);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, nearlyExpired] as const);
  const refresh = page.waitForRequest((r) => r.url().endsWith('/api/auth/refresh'));
  await page.goto('/events');
  await refresh;
  await new ConsoleShell(page).ready();
  await expect(page).toHaveURL('/events');
  const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  expect(stored).not.toBe(nearlyExpired);
});

test('when the token is refused (401), then the session is cleared and the user is at /login', async ({ page }) => {
  // Well-formed and unexpired, but signed with another key: the server answers 401.
  const forged = signToken({ sub: 1, type: 'admin', ver: 0 }, 'not-the-server-key', 900);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, forged] as const);
  await page.goto('/events');
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your session has ended. Sign in again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
});

test('when the session is revoked elsewhere mid-work, then the next call signs the user out', async ({ page, request }) => {
  await useSessionOf(page, 'promoter2');
  await page.goto('/account-settings/general');
  await new ConsoleShell(page).ready();
  // The same user changes the password in another session: older tokens (this page's) are revoked.
  const other = await (await request.post('/api/auth/login', { headers: { platform: 'admin' }, data: { email: 'promoter2@demo.test', password: 'promoter-demo-2' } })).json();
  await request.put('/api/profile', {
    headers: { platform: 'admin', authorization: `Bearer ${other.token}` },
    data: { current_password: 'promoter-demo-2', password: 'promoter-demo-2', password_confirmation: 'promoter-demo-2' },
  });
  await page.getByLabel('Phone').fill('+46701112233');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/login');
});

test('when a user logs out from the profile menu, then the token is gone and /login shows', async ({ page }) => {
  await signInAs(page, 'promoter');
  const shell = new ConsoleShell(page);
  await shell.ready();
  await shell.logout();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
});

test('when the admin opens the profile menu, then Platform Settings is there; a promoter does not see it', async ({ page }) => {
  await signInAs(page, 'admin');
  const shell = new ConsoleShell(page);
  await shell.ready();
  let menu = await shell.openProfileMenu();
  await expect(menu.getByText('Platform Settings')).toBeVisible();
  await expect(menu.getByText('Account Settings')).toBeVisible();
  await shell.logout();
  // The promoter signs in on the sign-in page the logout left open, as a person does (no new page load).
  await expect(page).toHaveURL('/login');
  await new LoginScreen(page).signIn('promoter@demo.test', 'promoter-demo-1');
  await shell.ready();
  menu = await shell.openProfileMenu();
  await expect(menu.getByText('Account Settings')).toBeVisible();
  await expect(menu.getByText('Platform Settings')).toHaveCount(0);
});

test('when the window is narrower than 720 px, then the side menu is collapsed until the menu icon opens it', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await signInAs(page, 'admin');
  const shell = new ConsoleShell(page);
  await shell.ready();
  await expect(shell.sideMenu().getByText('Promoters')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(shell.sideMenu().getByText('Promoters')).toBeInViewport();
  await shell.sideMenu().getByText('Reporting').click();
  await expect(page).toHaveURL('/reports');
  await expect(shell.sideMenu().getByText('Promoters')).not.toBeInViewport();
});

test('when a keyboard user arrives, then the first Tab offers Skip to content; at desktop width the menu icon hides and shows the side menu, and the choice stays', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  const shell = new ConsoleShell(page);
  await shell.ready();
  // The landing page's own content is there (each page is a chunk of its own: until it has run, the page area holds a
  // spinner, and a Tab from it has nowhere inside it to go).
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab lands inside the page, not on the header's home link or the side menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

  await expect(shell.sideMenu()).toBeVisible();
  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(shell.sideMenu()).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible();
  await expect(shell.sideMenu()).toBeHidden();
  await page.getByRole('button', { name: 'Show menu' }).click();
  await expect(shell.sideMenu().getByText('Promoters')).toBeVisible();
});

test('when the sign-in page opens, then it names the product above the form', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Arena Console')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('when a password change is refused, then the field says why and the typed values stay', async ({ page }) => {
  await useSessionOf(page, 'corporate2');
  await page.goto('/account-settings/password');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
  await page.getByLabel('Repeat the new password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('new-secret-1');
});
