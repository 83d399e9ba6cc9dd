import type { BlacklistCandidates, BlacklistList, Promoter, ServiceFeeList } from '../src/contracts/people';
import { formatFormDate, isoDay } from '../src/domain/dates';
import { expect, test } from './fixtures';
import { PeopleScreens } from './pages/PeopleScreens';
import { openInApp } from './inApp';
import { apiGet, useSessionOf } from './signIn';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const stamp = Date.now();
const promoterName = `Playwright Konsert ${stamp} AB`;

test('when an admin creates a promoter with a three-band fee scheme, then an overlap is refused by row, and the fixed scheme is saved', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const people = new PeopleScreens(page);
  await people.openPromoters();
  await page.getByRole('button', { name: 'Add promoter' }).click();
  await expect(page).toHaveURL('/promoters/create');

  // Saving empty shows the spec's messages and calls nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(people.promoterForm().getByText('This field is required').first()).toBeVisible();
  await people.fillPromoter({
    Name: promoterName, 'Organization number': '556000-1234', 'First name': 'Pia', 'Last name': 'Wright', Address: 'Drottninggatan 1',
    City: 'Stockholm', Postcode: '111 51', Phone: '+46812340000', Email: 'not-an-email',
  });
  await people.fillFees([['0', '100', '10'], ['50', '300', '15,50'], ['300', '', '30']]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(people.promoterForm().getByText('Email you entered is invalid')).toBeVisible();
  await expect(people.feeRow(2).getByText('Overlaps row 1 (50,00 SEK to 100,00 SEK)')).toBeVisible();
  await expect(page).toHaveURL('/promoters/create');

  await people.fillPromoter({ Email: `pw-${stamp}@konsert.demo` });
  await people.feeRow(2).getByLabel('Ticket price min', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/promoters');

  // The server's truth: the promoter and its three bands.
  const list = await apiGet<{ collection: Promoter[] }>(page, request, '/api/promoters?per_page=500');
  const created = list.collection.find((p) => p.name === promoterName)!;
  expect(created).toMatchObject({ status: 'active', city: 'Stockholm', user: { first_name: 'Pia', email: `pw-${stamp}@konsert.demo` } });
  const fees = await apiGet<ServiceFeeList>(page, request, `/api/promoters/${created.id}/service-fees`);
  expect(fees.collection.map((f) => [f.price_min, f.price_max, f.fixed])).toEqual([[0, 100, 10], [100, 300, 15.5], [300, null, 30]]);

  // Its page shows the scheme (opened in the same page, as the list's row leads there: e2e/inApp.ts).
  await openInApp(page, `/promoters/${created.id}`);
  await expect(page.getByRole('heading', { name: promoterName })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Service fees' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('cell', { name: '15,50 SEK' })).toBeVisible();
});

test('when an admin deactivates the promoter, then the list shows it inactive, and activating it brings it back', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const people = new PeopleScreens(page);
  await people.openPromoters();
  // Sorted by name, the new promoter may be on a later page: open it through the pager when needed.
  await people.pageToPromoter(promoterName);
  await people.rowAction(promoterName, 'Deactivate');
  await expect.poll(async () => (await people.row('Promoters', promoterName)).Status).toBe('Inactive');
  await people.rowAction(promoterName, 'Activate');
  await expect.poll(async () => (await people.row('Promoters', promoterName)).Status).toBe('Active');
});

test('when an admin searches users by a phone typed as 07…, then the user stored as +467… is found and opens', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const people = new PeopleScreens(page);
  await people.openUsers();
  expect(await people.headers('Users')).toEqual(['Name', 'Type', 'Phone', 'Email', 'Status', 'Last sign-in']);
  await people.searchUsers('070-012 34 01');
  await expect(people.table('Users').getByRole('row', { name: 'Nordic Live AB', exact: true })).toBeVisible();
  expect(await people.row('Users', 'Nordic Live AB')).toMatchObject({ Type: 'promoter', Phone: '+46700123401', Email: 'promoter@demo.test', Status: 'Active' });
  await people.searchUsers('070-012 34 01', 'attendee');
  await expect(page.getByText('No data')).toBeVisible();
  await people.searchUsers('070-012 34 01', 'promoter');
  await people.table('Users').getByRole('row', { name: 'Nordic Live AB', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nordic Live AB' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/promoters\/\d+\/edit$/);
});

// In a browser that writes dates its own way (en-US: 12/29/2026; de-DE: 29.12.2026), the field still takes and shows
// dd.MM.yyyy (000 §5), and a date typed another way is refused with the spec's format and kept as typed.
for (const locale of ['en-US', 'de-DE']) {
  test.describe(`in a browser whose locale is ${locale}`, () => {
    test.use({ locale });
    test('when a promoter blacklists a customer, then the expiry is typed and shown as dd.MM.yyyy, not as the browser locale writes dates, and the list shows them until they are removed from it again', async ({ page, request }) => {
      await useSessionOf(page, 'promoter');
      const people = new PeopleScreens(page);
      await people.openBlacklist();
      expect(await people.headers('Blacklist')).toEqual(['Name', 'Promoter', 'Phone', 'Email', 'Added on', 'Expiration Date']);
      // A customer of this promoter not on the list yet.
      const listed = new Set((await apiGet<BlacklistList>(page, request, '/api/blacklists?per_page=500')).collection.map((e) => e.user.id));
      const candidates = await apiGet<BlacklistCandidates>(page, request, '/api/blacklists/candidates?search=demo.test');
      const person = candidates.collection.find((c) => !listed.has(c.id) && c.email)!;
      const expiryDay = new Date(Date.now() + 30 * 86_400_000);
      const expiry = isoDay(expiryDay);
      const typed = formatFormDate(expiryDay);
      // Refused: the locale's own way of writing the day (en-US 12/29/2026), or where that is the console's too (de-DE
      // 29.12.2026), the yyyy-MM-dd a native date box gave.
      const localeWay = expiryDay.toLocaleDateString(locale);
      const refused = localeWay === typed ? expiry : localeWay;

      await people.blacklistPerson(person.email!, [person.name, person.phone, person.email].filter(Boolean).join(' · '), typed, refused);
      const label = `${person.name} (${person.email})`;
      await expect(people.table('Blacklist').getByRole('row', { name: label, exact: true })).toBeVisible();
      await expect(people.table('Blacklist').getByRole('row', { name: label, exact: true })).toContainText(typed);
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`blacklist-${locale}-1440.png`) });
      // Edit shows the day as dd.MM.yyyy, whatever the locale.
      await people.rowAction(label, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit blacklist entry' });
      await expect(edit.getByLabel('Expiration Date', { exact: true })).toHaveValue(typed);
      await page.setViewportSize({ width: 600, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`blacklist-edit-${locale}-600.png`) });
      await page.setViewportSize(size);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      const row = (await apiGet<BlacklistList>(page, request, '/api/blacklists?per_page=500')).collection.find((e) => e.user.id === person.id);
      expect(row).toMatchObject({ expire_date: expiry, promoter: { name: 'Nordic Live AB' }, active: true });

      // Restore what this flow changed: Remove From List.
      await people.rowAction(label, 'Remove From List');
      await page.getByRole('dialog', { name: 'Remove From List' }).getByRole('button', { name: 'Remove From List' }).click();
      await expect(people.table('Blacklist').getByRole('row', { name: label, exact: true })).toBeHidden();
    });
  });
}
