import type { APIRequestContext } from '@playwright/test';
import type { CorporateReservationList } from '../src/contracts/corporates';
import type { OutboxList } from '../src/contracts/outbox';
import type { Restrictions } from '../src/contracts/restrictions';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { displayDateTime } from '../src/domain/displayDates';
import { expect, expectAccessible, test, tick } from './fixtures';
import { CorporateScreens } from './pages/CorporateScreens';
import { LoginScreen } from './pages/LoginScreen';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, sessionToken, sessionTokenOf, signInAs, useSessionOf } from './signIn';

// One story per file, in order; the shared e2e database: the flows make their own corporate and numbers.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const stamp = Date.now().toString().slice(-7);
const corporate = { corporate_name: `Aaa Playwright Guests ${stamp}`, first_name: 'Pia', last_name: 'Wright', phone: '070 555 01 01', email: `pw-corporate-${stamp}@demo.test`, password: 'pw-corp-1' };

test('when a promoter adds a corporate, then the list shows it with its representative', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const screens = new CorporateScreens(page);
  await screens.openList();
  await screens.addCorporate(corporate);
  await expect(page).toHaveURL(/\/corporates$/);
  const row = await screens.rowCells(page.getByRole('table', { name: 'Corporates' }), corporate.corporate_name);
  expect(row).toMatchObject({ Name: corporate.corporate_name, Representative: 'Pia Wright', Email: corporate.email, Status: 'Active' });
});

test('when a promoter opens a corporate\'s Reservations tab, then each event date is dd.MM.yyyy HH:mm (000 §5), not the API\'s', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const corporates = await apiGet<{ data: { items: { id: number; name: string }[] } }>(page, request, '/api/corporate?per_page=50');
  const volvo = corporates.data.items.find((c) => c.name === 'Volvo Hospitality')!;
  const reservations = await apiGet<CorporateReservationList>(page, request, `/api/corporate/${volvo.id}/reservations?page=1&per_page=10`);
  expect(reservations.collection.length).toBeGreaterThan(0);
  await page.goto(`/corporates/${volvo.id}/management/reservations/list`);
  const table = page.getByRole('table', { name: 'Reservations' });
  await expect(table.locator('tbody tr')).toHaveCount(reservations.collection.length);
  const dates = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
  expect(dates).toEqual(reservations.collection.map((r) => displayDateTime(r.event.start_date)));
  for (const date of dates) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
});

test('when the new corporate signs in, then the corporate app opens with no reservations and its details', async ({ page }) => {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(corporate.email, corporate.password);
  await expect(page).toHaveURL(/\/corporate-app\/reservations$/);
  await expect(page.getByText('There are no reservations yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Corporate Details' }).click();
  await expect(page.getByText('Pia Wright')).toBeVisible();
  await expect(page.getByText(corporate.email)).toBeVisible();
  await expectAccessible(page);
  // A corporate reaches nothing else: the back office sends it home.
  await page.goto('/corporates');
  await expect(page).toHaveURL(/\/corporate-app\/reservations/);
});

/** The demo promoter's token, for set-up through the API (the flow's own screens are the corporate's). */
async function promoterToken(request: APIRequestContext): Promise<string> {
  const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter')!;
  const res = await request.post('/api/auth/login', { data: { email: promoter.email, password: promoter.password }, headers: { platform: 'admin' } });
  return ((await res.json()) as { token: string }).token;
}

/** Allows kids on an event (it has a kids ticket type) and answers how to put its restrictions back. */
async function allowKids(request: APIRequestContext, eventId: number): Promise<() => Promise<void>> {
  const headers = { platform: 'admin', authorization: `Bearer ${await promoterToken(request)}` };
  const path = `/api/events/${eventId}/restrictions`;
  // The QR times are the admin's: a promoter sends the rest.
  const { qr_first_generation_time: _qr, qr_inevent_showing_time: _show, ...was } = (await (await request.get(path, { headers })).json()) as Restrictions;
  expect((await request.put(path, { headers, data: { ...was, kids_allowed: true } })).status()).toBe(200);
  return async () => {
    expect((await request.put(path, { headers, data: was })).status()).toBe(200);
  };
}

test('when the demo corporate signs in, then it sees only its own reservations, sends tickets by phone and adds a kid\'s ticket', async ({ page, request }) => {
  await signInAs(page, 'corporate');
  await expect(page).toHaveURL(/\/corporate-app\/reservations$/);
  const screens = new CorporateScreens(page);
  await expect(screens.myReservations()).toBeVisible();
  await expectAccessible(page);
  const mine = await apiGet<CorporateReservationList>(page, request, '/api/corporate-app/reservations?per_page=10');
  const shown = (await screens.myReservations().getByRole('row').allInnerTexts()).slice(1);
  expect(shown).toHaveLength(mine.collection.length);
  expect(mine.collection.map((r) => r.title)).toContain('Client evening');
  // Each row's event date as the console shows dates (dd.MM.yyyy HH:mm, 000 §5), not as the API sends it.
  for (const r of mine.collection) expect(shown.join('\n')).toContain(`${r.event.name}\t${displayDateTime(r.event.start_date)}`);
  expect(shown.join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}/);

  // Its event allows kids for this flow (restored at the end): a sent ticket then offers "Add kids' tickets".
  const restore = await allowKids(request, mine.collection.find((r) => r.title === 'Client evening')!.event.id);
  try {
    await screens.openMyReservation('Client evening');
    const before = (await apiGet<{ tickets: { sent: number; unsent: number } }>(page, request, `/api/corporate-app/reservations/${page.url().split('/').pop()}`)).tickets;

    // A registered person, typed the local way: shown as +467…, found with ENTER.
    let modal = await screens.searchFirstUnsent('0701007919');
    await expect(modal.getByLabel('Phone number')).toHaveValue('+46701007919');
    await expect(modal.getByText('Press ENTER to search')).toBeVisible();
    await modal.getByLabel('Phone number').press('Enter');
    await expect(modal.getByText('Erik Andersson')).toBeVisible();
    // Searched, the number no longer asks for ENTER.
    await expect(modal.getByText('Press ENTER to search')).toBeHidden();
    await modal.getByRole('button', { name: 'Send ticket' }).click();
    await expect(modal).toBeHidden();
    await expect(screens.tickets().getByText('Erik Andersson · +46701007919').first()).toBeVisible();

    // A kid's ticket for Erik: a free seat of the reservation goes to him as a child's ticket.
    const erik = screens.tickets().getByRole('row').filter({ hasText: 'Erik Andersson · +46701007919' });
    await expect(erik).toHaveCount(1);
    await erik.getByRole('button', { name: "Add kids' tickets" }).click();
    const kids = page.getByRole('dialog', { name: "Add kids' tickets" });
    await expect(kids).toContainText('For Erik Andersson, with');
    await tick(kids.getByRole('checkbox').first());
    // The assignment fails first (001 §8): the dialog stays open with the spec's words, the choice kept.
    await page.route('**/api/reservations/*', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: {} }) : route.continue()));
    await kids.getByRole('button', { name: "Add kids' tickets" }).click();
    await expect(kids.getByRole('alert')).toHaveText("Error assing kids' tickets");
    await expect(kids.getByRole('checkbox').first()).toBeChecked();
    await page.unroute('**/api/reservations/*');
    await kids.getByRole('button', { name: "Add kids' tickets" }).click();
    await expect(kids).toBeHidden();
    await expect(screens.tickets().getByRole('row').filter({ hasText: 'Erik Andersson · +46701007919' })).toHaveCount(2);
    await expect(screens.tickets().getByRole('row').filter({ hasText: 'Erik Andersson · +46701007919' }).filter({ hasText: '(child)' })).toHaveCount(1);

    // Nobody has this number: the ticket goes to an unregistered person whose names are typed.
    const unknown = `0709${stamp.slice(-6)}`;
    modal = await screens.searchFirstUnsent(unknown);
    await modal.getByLabel('Phone number').press('Enter');
    await expect(modal.getByText('No registered user has this number.')).toBeVisible();
    await modal.getByLabel('First name').fill('Nils');
    await modal.getByLabel('Last name').fill('Okänd');
    await modal.getByRole('button', { name: 'Send ticket' }).click();
    await expect(modal).toBeHidden();
    // The toast does not say "sent" for an SMS no provider took: a warning, with where the message is.
    const toast = page.locator('.bp6-toast').filter({ hasText: 'Ticket assigned to Nils Okänd' });
    await expect(toast).toContainText('No SMS provider is configured: the message is in the Outbox.');
    await expect(toast).toHaveClass(/bp6-intent-warning/);
    await expect(screens.tickets().getByText(`Nils Okänd · +46${unknown.slice(1)}`)).toBeVisible();
    // The flows' server has no SMS provider: the job puts the SMS in the local mailbox, and Nils's row says it was not
    // sent (read again while it waits), as the admin's Outbox holds it: in the local mailbox, not sent by a provider.
    const nils = screens.tickets().getByRole('row').filter({ hasText: `Nils Okänd · +46${unknown.slice(1)}` });
    await expect(nils.getByText('SMS not sent: no provider is configured')).toBeVisible();
    await expect(nils.getByText('The message is in the Outbox, where an administrator can read it.')).toBeVisible();
    const admin = await sessionToken(request, 'admin');
    const outbox = await (await request.get('/api/outbox?channel=sms&per_page=50', { headers: { platform: 'admin', authorization: `Bearer ${admin}` } })).json() as OutboxList;
    expect(outbox.collection.find((m) => m.address === `+46${unknown.slice(1)}`)).toMatchObject({ status: 'sent', transport: 'local', kind: 'ticket' });
    for (const width of [1440, 600]) {
      await page.setViewportSize({ width, height: 900 });
      await nils.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`corporate-ticket-sms-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A malformed number: the server's message under the field.
    modal = await screens.searchFirstUnsent('12');
    await modal.getByLabel('Phone number').press('Enter');
    await expect(modal.getByText('Enter a valid phone number, e.g. 070 123 45 67.')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByLabel(`${before.sent + 3} sent, ${before.unsent - 3} unsent, 0 returned`)).toBeVisible();
    await page.getByRole('tab', { name: 'Reservation Details' }).click();
    await expect(page.getByText('Tickets to hand out to clients by phone.')).toBeVisible();
    await page.getByRole('link', { name: /Reservations/ }).click();
    await expect(screens.myReservations()).toBeVisible();
  } finally {
    await restore();
  }
});

for (const width of [1440, 600]) {
  test(`at ${width} px: when the receiver is on the promoter's blacklist, then the found card says so and Send is disabled; on an event without kids a sent ticket says why no kids' tickets are offered`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const headers = { platform: 'admin', authorization: `Bearer ${await promoterToken(request)}` };
    // Someone with a phone who is not yet on the demo promoter's blacklist, and not the Erik the flow above sends to.
    const candidates = (await (await request.get('/api/blacklists/candidates?search=a', { headers })).json()) as { collection: { id: number; name: string; phone: string | null }[] };
    const person = candidates.collection.find((c) => c.phone && c.phone !== '+46701007919' && c.name)!;
    const expire = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await request.post('/api/blacklists', { headers, data: { user: person.id, expire_date: expire } });
    expect(created.status()).toBe(201);
    const entry = (await created.json()) as { id: number };
    try {
      await signInAs(page, 'corporate');
      const screens = new CorporateScreens(page);
      await expect(screens.myReservations()).toBeVisible();
      await screens.openMyReservation('Client evening');
      const modal = await screens.searchFirstUnsent(person.phone!.replace('+46', '0'));
      await modal.getByLabel('Phone number').press('Enter');
      const card = modal.getByRole('alert');
      await expect(card).toContainText(person.name);
      await expect(card).toContainText("This person is on the promoter's blacklist and cannot receive tickets or own a reservation.");
      await expect(modal.getByRole('button', { name: 'Send ticket' })).toBeDisabled();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`blacklist-card-${width}.png`) });
      await modal.getByRole('button', { name: 'Cancel' }).click();

      // The event does not allow kids (the flow above allowed them only for itself): a sent ticket says so.
      const sent = screens.tickets().getByRole('row').filter({ hasText: 'Erik Andersson · +46701007919' }).filter({ hasNotText: '(child)' });
      await expect(sent.first()).toContainText("No kids' tickets: this event does not allow kids");
      await expect(sent.first().getByRole('button', { name: "Add kids' tickets" })).toHaveCount(0);
    } finally {
      expect((await request.delete(`/api/blacklists/${entry.id}`, { headers })).status()).toBe(200);
    }
  });
}

test('when a corporate reservation\'s hold has ended, then the corporate app says so in the list and on the reservation, and offers no Send ticket', async ({ page, request }) => {
  const promoter = await sessionToken(request, 'promoter');
  const as = async (method: 'POST' | 'PUT', path: string, data: object) => {
    const res = await request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${promoter}` } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const corporateId = DEMO_ACCOUNTS.find((a) => a.key === 'corporate')!;
  const owner = (await (await request.get(`/api/corporate?perPage=100`, { headers: { platform: 'admin', authorization: `Bearer ${promoter}` } })).json()).data.items
    .find((c: { email: string }) => c.email === corporateId.email).id as number;
  const stadium = seededEventId('Midsummer Stadium Night');
  const map = await (await request.get(`/api/events/${stadium}/sections`, { headers: { platform: 'admin', authorization: `Bearer ${promoter}` } })).json() as { sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] };
  const section = map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).at(-3)!;
  const detail = await (await request.get(`/api/events/${stadium}/sections/${encodeURIComponent(section.name)}`, { headers: { platform: 'admin', authorization: `Bearer ${promoter}` } })).json() as { rows: { name: string; seats: { name: string; hidden: boolean; reserved: boolean; prices: unknown[] }[] }[] };
  const row = detail.rows.find((r) => r.seats.some((x) => !x.hidden && !x.reserved && x.prices.length > 0))!;
  const seat = row.seats.find((x) => !x.hidden && !x.reserved && x.prices.length > 0)!;
  const until = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(new Date(Date.now() + 4000));
  const made = await as('POST', '/api/reservations', { event: stadium, title: `Ended hold ${Date.now()}`, type: 'corporate', owner, reserved_until: until });
  await as('PUT', `/api/reservations/${made.id}`, { tickets: [{ section: section.name, row: row.name, seat: seat.name, event: stadium }] });

  await useSessionOf(page, 'corporate');
  await expect.poll(async () => (await apiGet<CorporateReservationList>(page, request, '/api/corporate-app/reservations?per_page=50')).collection.find((r) => r.id === made.id)?.hold_ended, { timeout: 20_000 }).toBe(true);
  await page.goto('/corporate-app/reservations');
  const screens = new CorporateScreens(page);
  const listed = screens.myReservations().getByRole('row').filter({ hasText: made.title });
  await expect(listed).toContainText(/Hold ended \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(listed).toContainText('No tickets can be sent');
  await page.goto(`/corporate-app/event/${stadium}/reservation/${made.id}`);
  await expect(page.getByText('This reservation\'s hold has ended')).toBeVisible();
  await expect(page.getByText(/It was held until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: its seats are free again/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tickets' }).getByRole('button', { name: 'Send ticket' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Tickets' })).toContainText('Hold ended');
  await expectAccessible(page);
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`corporate-hold-ended-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('when a promoter cancels a corporate\'s access in the Gift Cards list and restores it, then its status follows', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const token = await sessionTokenOf(page);
  const list = (await (await request.get('/api/corporate?perPage=500', { headers: { platform: 'admin', authorization: `Bearer ${token}` } })).json()) as { data: { items: { id: number; email: string }[] } };
  const created = list.data.items.find((c) => c.email === corporate.email)!;
  // Cancel Access uses PUT api/users/{id}/status; the corporate starts active whatever an earlier run left.
  const start = await request.put(`/api/users/${created.id}/status`, { headers: { platform: 'admin', authorization: `Bearer ${token}` }, data: { status: 1 } });
  expect(start.status()).toBe(200);

  const screens = new CorporateScreens(page);
  await screens.openList();
  await screens.openAccessList();
  expect((await screens.accessList().getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean)).toEqual(['Name', 'Promoter', 'Email', 'Created on', 'Status']);
  // The day shown as the console's other days are (dd.mm.yyyy), not the API's yyyy-mm-dd.
  expect((await screens.rowCells(screens.accessList(), corporate.corporate_name))['Created on']).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  await screens.accessAction(corporate.corporate_name, 'Cancel Access');
  await expect.poll(async () => (await screens.rowCells(screens.accessList(), corporate.corporate_name)).Status).toBe('Inactive');
  await screens.accessAction(corporate.corporate_name, 'Restore Access');
  await expect.poll(async () => (await screens.rowCells(screens.accessList(), corporate.corporate_name)).Status).toBe('Active');
});
