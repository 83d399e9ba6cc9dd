import { signToken } from '../server/auth/tokens';
import { DEMO_TOKEN_SECRET } from '../server/config';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { expect, expectAccessible, test } from './fixtures';
import { ConsoleShell } from './pages/ConsoleShell';
import { CopyWizardScreen } from './pages/CopyWizardScreen';
import { EventFormScreen, formDate } from './pages/EventFormScreen';
import { EventsListScreen } from './pages/EventsListScreen';
import { LoginScreen } from './pages/LoginScreen';
import { SeasonScreens } from './pages/SeasonScreens';
import { sideMenuFor } from '../src/domain/roles';
import { openInApp } from './inApp';
import { apiGet, signInAs, useSessionOf } from './signIn';

const SHOTS = '.tmp/e2e-screens';

test.describe.configure({ timeout: 120_000 });

test('when the session meets a path, a failing profile or a failing refresh, then the console follows 002 §8–§9', async ({ page, request }) => {
  // A path outside the role's whitelist redirects to / and on to the role's home; one that exists nowhere is /404.
  await useSessionOf(page, 'promoter');
  await page.goto('/settings/fees');
  await expect(page).toHaveURL('/events');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

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

type Listed = { collection: { id: number; name: string; seasonal_event: { id: number; name: string } | null }[] };
const failWith = (message: string) => ({ status: 500, json: { error: { code: 'internal', message } } });

test('when calls fail, then each screen says the spec\'s words (000 §8–§9): maps, restrictions, copy, stats, detach, delete', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const listed = await apiGet<Listed>(page, request, '/api/events?per_page=100&search=Midsummer%20Stadium%20Night&search_type=exact');
  const midsummer = listed.collection.find((e) => e.name === 'Midsummer Stadium Night')!;

  // The venue's maps fail to load on the create form: 'Request maps error'.
  await page.route('**/api/venues/*/maps', (route) => route.fulfill(failWith('down')));
  await page.goto('/events/create');
  const form = new EventFormScreen(page);
  // The page object's own pick: the option by name, and the box showing it (a click on a list still filtering is lost).
  await form.choose('Venue', 'Göta Lejon, Stockholm');
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Request maps error' })).toBeVisible();
  await expect(form.page.getByText('Request maps error').first()).toBeVisible();
  await page.unroute('**/api/venues/*/maps');

  // Restrictions fail to save: 'Error save restrictions', and the form keeps its values.
  // This screen and the next open in the same page, as the console's links lead there (e2e/inApp.ts).
  await page.route('**/api/events/*/restrictions', (route) => (route.request().method() === 'PUT' ? route.fulfill(failWith('down')) : route.continue()));
  await openInApp(page, `/events/${midsummer.id}/restrictions`);
  await page.getByRole('button', { name: 'Save restrictions' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Error save restrictions' })).toBeVisible();
  await page.unroute('**/api/events/*/restrictions');

  // The copy's first step fails: 'Error copying the event...' with the reason on its own line.
  await page.route('**/api/events/duplicate', (route) => route.fulfill({ status: 422, json: { error: { code: 'refused', message: 'The start is taken.' } } }));
  await openInApp(page, `/events/${midsummer.id}/copy`);
  await expect(page.getByLabel('Name of the copy')).toHaveValue('Midsummer Stadium Night (copy)');
  await new CopyWizardScreen(page).start(formDate(220));
  const alert = page.locator('.copy-wizard').getByRole('alert');
  await expect(alert).toHaveText('Error copying the event...\nThe start is taken.', { useInnerText: true });
  await page.unroute('**/api/events/duplicate');

  // The stats answer 404 (not ready): the dashboard stays loading and asks again after 2 s, then shows the figures.
  const statsCalls: number[] = [];
  await page.route('**/api/events/*/stats', async (route) => {
    statsCalls.push(Date.now());
    if (statsCalls.length === 1) await route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Not ready.' } } });
    else await route.continue();
  });
  await openInApp(page, `/events/${midsummer.id}/dashboard`);
  await expect(page.getByLabel('Loading the statistics')).toBeVisible();
  await expect(page.getByText('Tickets sold')).toBeVisible();
  expect(statsCalls).toHaveLength(2);
  expect(statsCalls[1]! - statsCalls[0]!).toBeGreaterThanOrEqual(1990); // the spec's delay, not a speed figure
  await page.unroute('**/api/events/*/stats');

  // A detach from a season fails: 'Error removing the event', and the child stays.
  await page.route('**/api/seasonal-events/*/detach-events', (route) => route.fulfill(failWith('down')));
  const season = (await apiGet<Listed>(page, request, '/api/events?entity_type=seasonal&per_page=100')).collection.find((e) => e.name === 'Göta Lejon Season 2027')!;
  await openInApp(page, `/season/${season.id}`);
  const seasons = new SeasonScreens(page);
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables', exact: true })).toBeVisible();
  await seasons.detach('Les Misérables');
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Error removing the event' })).toBeVisible();
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables', exact: true })).toBeVisible();
  await page.unroute('**/api/seasonal-events/*/detach-events');

  // An admin's delete is refused: 'Error deleting the event', the reason on the next line.
  await page.evaluate(() => localStorage.clear());
  await useSessionOf(page, 'admin');
  await page.route('**/api/events/*', (route) => (route.request().method() === 'DELETE'
    ? route.fulfill({ status: 409, json: { error: { code: 'has_sales', message: 'The event has sold tickets.' } } })
    : route.continue()));
  const list = new EventsListScreen(page);
  await list.open();
  await list.search('Midsummer Stadium Night');
  await list.rowAction('Midsummer Stadium Night', 'Delete event');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const toast = page.locator('.bp6-toast').filter({ hasText: 'Error deleting the event' });
  await expect(toast).toBeVisible();
  expect((await toast.innerText()).split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 2)).toEqual(['Error deleting the event', 'The event has sold tickets.']);
});

test('when the console is 600 px wide, then the events table, the event menu and the ticket types fit the screen', async ({ page, request }) => {
  await signInAs(page, 'promoter');
  await new ConsoleShell(page).ready();
  const list = new EventsListScreen(page);
  await list.ready();
  await page.setViewportSize({ width: 600, height: 900 });
  // Event, start, status, tickets and the menu stay; the optional columns fold away; nothing runs off sideways.
  const table = list.table();
  for (const header of ['Event', 'Start date', 'Status', 'Tickets delivered']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  for (const header of ['Artists', 'Release date', 'Notes']) await expect(table.getByRole('columnheader', { name: header })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
  await page.screenshot({ path: `${SHOTS}/shell-events-600.png`, fullPage: true });

  // The list's title follows its filter; a passed event shows one badge.
  await list.filterStatus('Passed');
  await expect(page.getByRole('heading', { name: 'Passed Events', level: 1 })).toBeVisible();
  const passedRow = list.row('Spring Tour 2026');
  await expect(passedRow.locator('.status-tags .bp6-tag')).toHaveText(['Passed']);

  // The event menu is one selector above the page, not thirteen rows pushing the content down.
  const listed = await apiGet<Listed>(page, request, '/api/events?per_page=100&search=Midsummer%20Stadium%20Night&search_type=exact');
  const id = listed.collection.find((e) => e.name === 'Midsummer Stadium Night')!.id;
  await openInApp(page, `/events/${id}/dashboard`);
  const selector = page.getByRole('combobox', { name: 'Event page' });
  await expect(selector).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Ticket types' })).toBeHidden();
  const title = page.getByRole('heading', { name: 'Midsummer Stadium Night', level: 1 });
  expect((await title.boundingBox())!.y).toBeLessThan(300);
  await page.screenshot({ path: `${SHOTS}/shell-dashboard-600.png`, fullPage: true });
  await selector.selectOption('ticket-types');
  await expect(page).toHaveURL(`/events/${id}/ticket-types`);
  const card = page.locator('.ticket-types-card');
  await expect(card).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const main = (await page.locator('.app-main').boundingBox())!;
  expect(cardBox.width).toBeGreaterThan(main.width - 40);
  await page.screenshot({ path: `${SHOTS}/shell-ticket-types-600.png`, fullPage: true });

  // The social media postings tab shows the two postings of publish.
  await selector.selectOption('social-media-postings');
  const postings = page.getByRole('table', { name: 'Social media postings' });
  await expect(postings.getByRole('row')).toHaveCount(3);
  await expect(postings).toContainText("Promoter's page");
  await expect(postings).toContainText('Default page');
  await expectAccessible(page);

  // A page's own sub-page keeps its name in the selector: the edit form is Event Information, not "Choose a page".
  await selector.selectOption('basic-information');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/events/${id}/edit`);
  await expect(selector).toHaveValue('basic-information');
  await expect(selector.locator('option:checked')).toHaveText(/^Event Information/);

  // Keyboard focus shows a ring; a mouse click does not.
  await page.setViewportSize({ width: 1440, height: 900 });
  await list.open({ inApp: true });
  const newEvent = page.getByRole('button', { name: 'New Event' });
  await page.getByRole('searchbox', { name: 'Search events' }).click();
  const ring = (l: typeof newEvent) => l.evaluate((el) => getComputedStyle(el).outlineStyle);
  await page.keyboard.press('Shift+Tab');
  await expect(newEvent).toBeFocused();
  expect(await ring(newEvent)).not.toBe('none');
  await newEvent.hover();
  await page.mouse.down();
  expect(await ring(newEvent)).toBe('none');
  await page.mouse.up();
});

test('when the console is 600 px wide, then every list of the side menu fits the window: wide tables scroll inside their card', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  for (const role of ['admin', 'promoter'] as const) {
    await signInAs(page, role);
    const shell = new ConsoleShell(page);
    await shell.ready();
    // Through the side menu, as a person goes (the menu icon opens it on a narrow window): the console stays loaded,
    // where a page.goto per list loaded and started it afresh each time.
    for (const { path, label } of sideMenuFor(role)) {
      const here = () => new URL(page.url()).pathname.startsWith(path);
      if (!here()) { // the role's home is where it signed in
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shell.sideMenu().getByText(label, { exact: true }).click();
        await expect.poll(here, `${role}: ${label} leads to ${path}`).toBe(true);
      }
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.locator('main .bp6-spinner')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${role} ${path}: the page is wider than the window`).toBeLessThanOrEqual(0);
    }
  }
  await openInApp(page, '/season');
  await expect(page.getByRole('table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-season-600.png` });
});

test('when an address names something that is not there, then its page says it is not found, offers no Retry and leads back to its list', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const events = await apiGet<{ collection: { id: number }[] }>(page, request, '/api/events?per_page=1');
  const eventId = events.collection[0]!.id;
  // Ids no seed or flow reaches: the API answers 404, which retrying cannot change.
  const missing = 987654321;
  // The address, the title, and the list a person who opened an old link is led back to.
  const pages: [string, string, string, string][] = [
    [`/promocodes/${missing}/edit`, 'Promo code not found', 'Back to promo codes', '/promocodes/list'],
    [`/corporates/${missing}/edit`, 'Corporate not found', 'Back to corporates', '/corporates'],
    [`/corporates/${missing}/management/reservations/details`, 'Corporate not found', 'Back to corporates', '/corporates'],
    [`/scanner-users/${missing}/edit`, 'Scanner user not found', 'Back to scanner users', '/scanner-users'],
    [`/scanner-users/${missing}/management/events`, 'Scanner user not found', 'Back to scanner users', '/scanner-users'],
    [`/affiliates/${missing}/branding`, 'Affiliate not found', 'Back to affiliates', '/affiliates'],
    [`/boxoffice-users/${missing}/edit`, 'Box office user not found', 'Back to box office users', '/boxoffice-users/list'],
    [`/events/${eventId}/reservation/${missing}/edit`, 'Reservation not found', 'Back to reserved seats', `/events/${eventId}/reservations`],
    [`/events/${eventId}/boxoffice/${missing}`, 'Reservation not found', 'Back to box office', `/events/${eventId}/boxoffice`],
    [`/events/${eventId}/merchandise/${missing}/edit`, 'Merchandise not found', 'Back to merchandise', `/events/${eventId}/merchandise`],
    [`/gift-card/${missing}/edit`, 'Gift card not found', 'Back to gift cards', '/gift-card/list'],
    [`/outbox/${missing}`, 'Message not found', 'Back to the outbox', '/outbox'],
    [`/users/${missing}`, 'User not found', 'Back to users', '/users'],
    [`/promoters/${missing}`, 'Promoter not found', 'Back to promoters', '/promoters'],
    [`/promoters/${missing}/edit`, 'Promoter not found', 'Back to promoters', '/promoters'],
  ];
  for (const [url, title, back, list] of pages) {
    await openInApp(page, url);
    await expect(page.getByRole('heading', { name: title }), url).toBeVisible();
    await expect(page.getByText('Something going wrong, please try again later..'), url).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' }), url).toHaveCount(0);
    await expect(page.getByRole('link', { name: back, exact: true }), url).toHaveAttribute('href', list);
  }
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/shell-not-found.png`, fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: `${SHOTS}/shell-not-found-600.png`, fullPage: true });
  await page.setViewportSize(size);
  // The way back is the console's own link: the list opens in the page, as from the menu.
  await page.getByRole('link', { name: 'Back to promoters', exact: true }).click();
  await expect(page).toHaveURL('/promoters');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
});

test('when a keyboard user opens the profile menu, as the page loads and once its popover has come (the page quiet), then Enter opens it, Escape gives the focus back, and a focused button keeps the focus across the swap', async ({ page }) => {
  await signInAs(page, 'admin');
  const shell = new ConsoleShell(page);
  await shell.ready();
  const button = page.getByRole('button', { name: 'Profile menu' });
  const menu = page.getByRole('menu', { name: 'Profile' });
  const pending = page.locator('.app-header [data-popover-pending]');
  // As the page loads the header shows the button alone (the popover comes once the page is quiet); pressed at
  // once, the menu opens, whichever of the two it meets.
  await page.reload();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(pending).toHaveCount(0);
  // Focused while the popover comes: the button keeps the focus, and opens from the keyboard.
  await page.reload();
  await button.focus();
  await expect(pending).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  // And by the mouse, as every other flow opens it.
  await expect((await shell.openProfileMenu()).getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

test('when a page\'s code is gone since a deploy, then the console reloads once by itself, then offers Retry, which reloads', async ({ page }) => {
  await useSessionOf(page, 'admin');
  // The outbox message page's chunk answers 404, as a chunk of the build before a deploy does.
  let gone = true;
  await page.route(/\/assets\/OutboxMessagePage-[^/]*\.js$/, (route) => (gone ? route.fulfill({ status: 404, body: '' }) : route.fallback()));
  const documents: string[] = [];
  page.on('request', (r) => { if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(new URL(r.url()).pathname); });
  // A message id no seed or flow reaches, so the page's own answer is the same whichever flows ran before.
  const address = '/outbox/987654321';
  await page.goto(address);
  // The first failure reloads the page (a second document); the same build fails again and shows the panel: no loop.
  await expect(page.getByText(/Failed to fetch dynamically imported module/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(documents).toEqual([address, address]);
  // The chunk is back (the new build's): Retry reloads and the page opens.
  gone = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Message not found' })).toBeVisible();
  expect(documents).toEqual([address, address, address]);
});
