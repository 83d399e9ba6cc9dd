import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CopyWizardScreen } from './pages/CopyWizardScreen';
import { EventFormScreen, formDate } from './pages/EventFormScreen';
import { EventScreens } from './pages/EventScreens';
import { EventsListScreen } from './pages/EventsListScreen';
import { apiGet, useSessionOf } from './signIn';

// Screens to look at after a run (outside test-results/, which every Playwright run empties).
const SHOTS = '.tmp/e2e-screens';

/** The flows start on the events list, signed in with the shard's stored session (the sign-in form: auth.spec.ts). */
async function signInAs(page: Page, key: string) {
  await useSessionOf(page, key);
  await page.goto('/events');
  await expect(page).toHaveURL('/events');
}

// One story per file, in order (each test builds on the data the previous one left); the loaded CI machine gets time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('when a promoter creates an event with an image, then errors show first and then the draft opens on its basic information', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.ready();
  expect(await list.columnHeaders()).toEqual(['Event', 'Artists', 'Release date', 'Start date', 'Status', 'Tickets delivered', 'Notes', 'Actions']);
  await page.screenshot({ path: `${SHOTS}/events-list.png`, fullPage: true });

  await page.getByRole('button', { name: 'New Event' }).click();
  const form = new EventFormScreen(page);
  await form.ready('Create an event');
  await form.submitButton().click();
  await expect(form.submitButton()).toHaveText('Error in entered data');
  await expect(form.fieldError('Venue')).toHaveText('Required');
  await expect(form.fieldError('Start date')).toHaveText('Required');
  await expect(form.fieldError('Venue opens date')).toHaveText('Required');
  // A typed date that is no day stays as typed, and the error under it says what is wrong (not "Invalid date").
  const startDate = page.getByLabel('Start date', { exact: true });
  await startDate.fill('32.13.2026');
  await startDate.press('Tab');
  await expect(startDate).toHaveValue('32.13.2026');
  await expect(form.fieldError('Start date')).toHaveText('Enter a date as dd.mm.yyyy');
  await form.date('Tickets release date', '01.01.0027');
  const year = new Date().getFullYear();
  await expect(form.fieldError('Tickets release date')).toHaveText(`Enter a date from 01.01.${year - 10} to 31.12.${year + 10}`);
  await page.screenshot({ path: `${SHOTS}/event-form-invalid-dates.png`, fullPage: true });
  await form.date('Start date', formDate(-3));
  await expect(form.fieldError('Start date')).toHaveText('Start date minimum is today');
  await page.screenshot({ path: `${SHOTS}/event-form-errors.png`, fullPage: true });

  await form.fill({ title: 'Playwright Live', performer: 'The Browsers', type: 'Musical', genre: 'Rock', venue: 'Göta Lejon, Stockholm', map: 'Main hall', startInDays: 45 });
  await form.attachImage();
  // Submitting with a date that is no day is refused; the date and everything else stay as typed.
  await form.date('End date', '1.1.27');
  await form.submitButton().click();
  await expect(form.submitButton()).toHaveText('Error in entered data');
  await expect(page.getByLabel('End date', { exact: true })).toHaveValue('1.1.27');
  await expect(form.fieldError('End date')).toHaveText('Enter a date as dd.mm.yyyy');
  await expect(page).toHaveURL(/\/events\/create$/);
  await expect(page.getByLabel('Title (en)')).toHaveValue('Playwright Live');
  await form.date('End date', formDate(45));
  // The Swedish texts are typed on their tab; the English ones stay as typed when the tabs are switched.
  await page.getByRole('tab', { name: 'Swedish' }).click();
  await page.getByLabel('Title (sv)').fill('Playwright Live på svenska');
  await page.getByRole('tab', { name: 'English' }).click();
  await expect(page.getByLabel('Title (en)')).toHaveValue('Playwright Live');
  await page.getByRole('tab', { name: 'Swedish' }).click();
  await expect(page.getByLabel('Title (sv)')).toHaveValue('Playwright Live på svenska');
  await expect(form.submitButton()).toHaveText('Create event');
  await form.submitButton().click();
  await expect(page).toHaveURL(/\/events\/\d+\/basic-information$/);
  await expect(page.getByRole('heading', { name: 'Event Information' })).toBeVisible();
  await expect(page.locator('.details').getByText('Playwright Live', { exact: true })).toBeVisible();
  await expect(page.locator('.details').getByText('Playwright Live på svenska', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image of Playwright Live' })).toBeVisible();
  await expect.poll(() => page.getByRole('img', { name: 'Image of Playwright Live' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('when ticket types (with a kids type) and restrictions are set, then their marks are done and publishing an unpriced event stays disabled', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.search('Playwright Live');
  // The list shows the 120×80 copy the form made of the image, not the image itself.
  await expect.poll(() => list.row('Playwright Live').locator('img.event-thumb').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([120, 80]);
  await list.row('Playwright Live').click();
  const event = new EventScreens(page);
  await event.dashboardReady('Playwright Live');
  expect(await event.doneMark('Ticket types')).toBe('not done');

  await event.go('Ticket types');
  await event.addTicketTypes({ includeKids: true });
  await expect(event.ticketTypeList()).toContainText('StandardDefault18+ years');
  await expect(event.ticketTypeList()).toContainText('KidsKids0 to 12 years');
  await expect.poll(() => event.doneMark('Ticket types')).toBe('done');

  await event.go('Restrictions');
  // A negative maximum is refused with what is wrong with it, not "Must be a number".
  const maxTickets = page.getByLabel('Max number of tickets per purchase');
  await maxTickets.fill('-5');
  await maxTickets.blur();
  await expect(page.locator('.bp6-form-group').filter({ has: maxTickets }).locator('.bp6-form-helper-text')).toHaveText('Must be 0 or more');
  await event.saveRestrictions({ maxTickets: '4', kidsAllowed: true });
  await expect(page.getByText('Restrictions saved')).toBeVisible();
  await expect.poll(() => event.doneMark('Restrictions')).toBe('done');

  expect(await event.doneMark('Pricing venue map')).toBe('not done');
  await expect(event.menu().locator('.event-menu-item.disabled', { hasText: 'Publish' })).toHaveAttribute('aria-disabled', 'true');
  await page.goto(page.url().replace(/restrictions$/, 'publish'));
  await expect(page.getByText(/Every seat needs a default price before the event can be published \(0 of 556 seats have one\)/)).toBeVisible();
  await expect(event.publishButton()).toBeDisabled();
});

test('when a fully priced draft is published and unpublished, then its status follows and the scanners are connected', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.search('Comedy');
  await list.row('Comedy Gala').click();
  const event = new EventScreens(page);
  await event.dashboardReady('Comedy Gala');
  await expect(event.figure('Seats priced')).toHaveText('556 of 556');
  await page.screenshot({ path: `${SHOTS}/event-dashboard.png`, fullPage: true });

  await event.go('Publish');
  await event.publish();
  await expect(page.getByText('The event is published.')).toBeVisible();
  await expect(page.getByText('Scanner users connected: 1 of 1')).toBeVisible();
  await event.go('Dashboard');
  await expect(page.locator('.dashboard-head').getByText('Active', { exact: true })).toBeVisible();
  await expect(event.figure('Tickets sold')).toHaveText('0');

  // npm start's defaults have no social channel: both ticked pages say so, and nothing claims "Posted".
  await event.go('Social media postings');
  await expect(event.socialPostingState("Promoter's page")).toHaveText('Not posted: no channel is configured');
  await expect(event.socialPostingState('Default page')).toHaveText('Not posted: no channel is configured');
  await expect(page.getByRole('table', { name: 'Social media postings' })).not.toContainText('Posted ');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/social-postings-published.png`, fullPage: true });

  await event.go('Publish');
  await event.unpublish();
  await expect(page.getByText('Event unpublished')).toBeVisible();
  await expect(event.publishButton()).toBeEnabled();
  await event.go('Social media postings');
  await expect(event.socialPostingState('Default page')).toHaveText('Not posted yet');
});

test('when an event is copied through the wizard, then the copy\'s dashboard shows it priced like the source', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.search('Les Misérables');
  await list.rowAction('Les Misérables', 'Copy event');
  const wizard = new CopyWizardScreen(page);
  await wizard.ready('Les Misérables');
  await page.screenshot({ path: `${SHOTS}/copy-wizard.png`, fullPage: true });
  const source = page.url();
  // Hold the price copy until the progress has been seen: step 1 done, step 2 at its "copy prices" sub-step.
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/events/*/copy-prices', async (route) => {
    await gate;
    await route.continue();
  });
  await wizard.start(formDate(200));
  await expect(page.getByText('Draft created: Les Misérables (copy)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ticket types and prices' }).locator('li.running')).toHaveText('Copying prices');
  await page.screenshot({ path: `${SHOTS}/copy-wizard-progress.png`, fullPage: true });
  // Hold the second product of the shop: the first row says "copied", the second "...".
  let releaseShop = () => undefined as void;
  const shopGate = new Promise<void>((resolve) => (releaseShop = resolve));
  let productCalls = 0;
  await page.route('**/api/events/*/merchandises/copy', async (route) => {
    productCalls += 1;
    if (productCalls === 2) await shopGate;
    await route.continue();
  });
  release();
  const shop = page.getByRole('list', { name: 'Shop items' });
  await expect(shop.getByRole('listitem')).toHaveText(['Tour T-shirt copied', 'Tote bag ...', 'Tour programme', 'Drink voucher']);
  await expect(page.getByText('Restrictions copied')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/copy-wizard-shop.png`, fullPage: true });
  releaseShop();
  await expect(page).not.toHaveURL(source);
  await expect(page).toHaveURL(/\/events\/\d+\/dashboard$/, { timeout: 30_000 });
  const copy = new EventScreens(page);
  await copy.dashboardReady('Les Misérables (copy)');
  await expect(copy.figure('Seats priced')).toHaveText('556 of 556');
  expect(await copy.doneMark('Ticket types')).toBe('done');
  expect(await copy.doneMark('Restrictions')).toBe('done');
  await copy.go('Event Information');
  await expect(page.getByText(`${formDate(200)} 19:00`)).toBeVisible();
});

test('when an event with corporate reservations is copied, then step 4 shows it working and then how many reservations and seats the copy holds, and the dashboard opens with the results', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.search('Nordic Lights Live');
  await list.rowAction('Nordic Lights Live', 'Copy event');
  const wizard = new CopyWizardScreen(page);
  await wizard.ready('Nordic Lights Live');
  // Hold the reservations copy until step 4 has been seen in progress.
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/copy', async (route) => {
    await gate;
    await route.continue();
  });
  // And the shop after it, so the wizard stays on step 4's result until it has been read.
  let releaseShop = () => undefined as void;
  const shopGate = new Promise<void>((resolve) => (releaseShop = resolve));
  await page.route('**/api/events/*/merchandises/copy', async (route) => {
    await shopGate;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/copy') && r.request().method() === 'POST');
  await wizard.start(formDate(210));
  const step4 = page.locator('li.copy-step', { hasText: '4. Reservations' });
  await expect(step4.getByLabel('in progress')).toBeVisible();
  await expect(page.getByText('Restrictions copied')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/copy-wizard-reservations.png`, fullPage: true });
  release();
  const result = (await (await answered).json()).copied[0] as { reservations: number; seats: number; conflicts: unknown[] };
  expect(result.reservations).toBeGreaterThan(0);
  expect(result.seats).toBeGreaterThanOrEqual(result.reservations);
  expect(result.conflicts).toEqual([]);
  await expect(step4.locator('.copy-step-note')).toHaveText(`${result.reservations} reservations copied (${result.seats} seats)`);
  await expect(step4).toHaveClass(/\bdone\b/);
  await page.screenshot({ path: `${SHOTS}/copy-wizard-reservations-done.png`, fullPage: true });
  releaseShop();
  await expect(page).toHaveURL(/\/events\/\d+\/dashboard$/, { timeout: 30_000 });
  // The dashboard opens with the steps' results, which the wizard no longer shows.
  await expect(page.locator('.bp6-toast')).toContainText(`Reservations: ${result.reservations} reservations copied (${result.seats} seats).`);
  await new EventScreens(page).dashboardReady('Nordic Lights Live (copy)');
});

test('when an admin opens the list, then the promoter column shows; deleting an event asks first and then removes it', async ({ page }) => {
  await signInAs(page, 'admin');
  const list = new EventsListScreen(page);
  await list.ready();
  expect(await list.columnHeaders()).toContain('Promoter');
  await list.search('Playwright Live');
  expect(await list.rowMenuItems('Playwright Live')).toEqual(['View', 'Edit', 'Copy event', 'Attach to season event', 'Delete event']);
  await list.rowAction('Playwright Live', 'Delete event');
  const dialog = page.getByRole('dialog', { name: 'Delete event' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(page.getByText('There are no events for the search criteria')).toBeVisible();
});

test('when an admin opens an event with sales, then the dashboard counts its tickets; deleting it is refused with the reason', async ({ page, request }) => {
  await signInAs(page, 'admin');
  const list = new EventsListScreen(page);
  await list.search('Club Night');
  const row = list.row('Club Night: Neon');
  await row.click();
  const event = new EventScreens(page);
  await event.dashboardReady('Club Night: Neon');
  const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
  const stats = await apiGet<{ all: { tickets: { count: number }; reservations: { assigned: number } } }>(page, request, `/api/events/${id}/stats`);
  expect(stats.all.tickets.count).toBeGreaterThan(0);
  await expect(event.figure('Tickets sold')).toHaveText(stats.all.tickets.count.toLocaleString('sv-SE'));
  // A count of tickets, and labelled so (not "Assigned reservations").
  await expect(event.figure('Reserved tickets assigned')).toHaveText(stats.all.reservations.assigned.toLocaleString('sv-SE'));
  await expect(page.getByText(`Sold ${stats.all.tickets.count.toLocaleString('sv-SE')} of`)).toBeVisible();

  await list.open({ inApp: true });
  await list.search('Club Night');
  await expect(list.row('Club Night: Neon').getByRole('cell').nth(6)).toHaveText(String(stats.all.tickets.count));
  await list.rowAction('Club Night: Neon', 'Delete event');
  await page.getByRole('dialog', { name: 'Delete event' }).getByRole('button', { name: 'Delete' }).click();
  // The spec's sentence exactly, and the server's reason on its own line (issue 24).
  const failure = page.locator('.bp6-toast').filter({ hasText: 'Error deleting the event' });
  await expect(failure).toContainText('The event has orders');
  const [sentence, reason] = (await failure.locator('.bp6-toast-message').textContent())!.split('\n');
  expect(sentence).toBe('Error deleting the event');
  expect(reason).toMatch(/^The event has orders/);
  await expect(list.row('Club Night: Neon')).toBeVisible();
});

test('when a promoter opens an event that is not theirs, then "Event unknown"', async ({ page }) => {
  // Straight to the other promoter's event by its address, the subject of this flow: loading the list first cost a
  // whole start of the console (the list itself is checked by every other flow of this file).
  await useSessionOf(page, 'promoter2');
  await page.goto('/events/1/dashboard');
  await expect(page.getByText('Event unknown')).toBeVisible();
});

test('when a promoter picks a start date in the calendar, then the list shows the events starting that day until Reset', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.ready();
  await expect(list.row('Midsummer Stadium Night')).toBeVisible();
  const [day, month, year] = (await list.startDates('Midsummer Stadium Night'))[0]!.slice(0, 10).split('.').map(Number) as [number, number, number];

  await list.startDateFilter().click();
  // Laid out by Blueprint's stylesheet: menus and arrows share one caption row above the days (unstyled, the caption
  // text, the two menus and the arrows stack on rows of their own, 120 px).
  const calendar = page.locator('.bp6-datepicker');
  const top = (await calendar.boundingBox())!.y;
  const days = (await calendar.getByRole('grid').boundingBox())!.y;
  expect(days - top).toBeLessThan(70);
  await page.screenshot({ path: `${SHOTS}/events-start-date-calendar.png` });

  const monthName = new Date(year, month - 1, 1).toLocaleString('en-GB', { month: 'long' });
  await list.pickStartDate(day, monthName, year);
  const picked = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  await expect(list.startDateFilter()).toHaveValue(picked);
  await expect(list.row('Midsummer Stadium Night')).toBeVisible();
  // The unfiltered rows stay on screen until the filtered answer is in.
  await expect.poll(async () => (await list.startDates()).every((d) => d.startsWith(picked))).toBe(true);
  const shown = await list.startDates();
  expect(shown.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(list.startDateFilter()).toHaveValue('');
  await expect.poll(async () => (await list.startDates()).length).toBeGreaterThan(shown.length);

  // A typed date that is no day stays, says so beside the filter, and Reset clears it.
  await list.startDateFilter().fill('45.13.2026');
  await list.startDateFilter().press('Tab');
  await expect(list.startDateFilter()).toHaveValue('45.13.2026');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a date as dd.mm.yyyy' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/events-start-date-invalid.png` });
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(list.startDateFilter()).toHaveValue('');
  await expect(page.getByText('Enter a date as dd.mm.yyyy')).toBeHidden();
});

test('when a promoter opens an event from a searched and filtered list, then "< Back" and browser Back bring that list back', async ({ page }) => {
  await signInAs(page, 'promoter');
  const list = new EventsListScreen(page);
  await list.ready();
  await list.search('Midsummer');
  await expect(page).toHaveURL(/\/events\?.*q=Midsummer/);
  // Its own status as the filter, so the list keeps it.
  const status = (await list.row('Midsummer Stadium Night').getByRole('cell').nth(4).textContent())!.trim() as 'Active' | 'Draft';
  await list.filterStatus(status);
  await expect(page).toHaveURL(new RegExp(`status=${status.toLowerCase()}`));
  await list.row('Midsummer Stadium Night').click();
  const event = new EventScreens(page);
  await event.dashboardReady('Midsummer Stadium Night');
  await page.getByRole('link', { name: '< Back' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('Midsummer');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue(status.toLowerCase());
  await expect(list.row('Midsummer Stadium Night')).toBeVisible();
  await list.row('Midsummer Stadium Night').click();
  await event.dashboardReady('Midsummer Stadium Night');
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('Midsummer');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue(status.toLowerCase());
});
