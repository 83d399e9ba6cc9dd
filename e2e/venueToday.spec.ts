import type { BlacklistCandidates, BlacklistList } from '../src/contracts/people';
import { addIsoDays, formatFormDate, parseIsoDay } from '../src/domain/dates';
import { venueIsoToday, venueWallClock } from '../src/domain/venueClock';
import { expect, test } from './fixtures';
import { PeopleScreens } from './pages/PeopleScreens';
import { apiGet, useSessionOf } from './signIn';

/**
 * A form's "today" is the venue's (Stockholm), the day the server checks against, whatever the browser's zone. The
 * browser here is in a zone whose date is not Stockholm's at the moment of the run: Pago Pago (UTC−11) is a day behind
 * while it is before noon in Stockholm, Kiritimati (UTC+14) a day ahead from 11:00. A form that took the browser's
 * date would there refuse the venue's today, or let through the venue's yesterday, which the server then refuses.
 */
const stockholmHour = new Date(venueWallClock(Date.now())).getUTCHours();
const zone = stockholmHour < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
test.use({ timezoneId: zone });

const typed = (isoDay: string) => formatFormDate(parseIsoDay(isoDay)!);

test(`when a promoter in ${zone} blacklists a customer until the venue's today, then the form takes it and refuses the venue's yesterday, as the server does`, async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const people = new PeopleScreens(page);
  await people.openBlacklist();
  // The browser's own date really is another day than the venue's (else this flow proves nothing).
  const browserDay = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
  const today = venueIsoToday(Date.now());
  expect(browserDay).not.toBe(today);

  const listed = new Set((await apiGet<BlacklistList>(page, request, '/api/blacklists?per_page=500')).collection.map((e) => e.user.id));
  const person = (await apiGet<BlacklistCandidates>(page, request, '/api/blacklists/candidates?search=demo.test')).collection.find((c) => !listed.has(c.id) && c.email)!;
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('User', { exact: true }).fill(person.email!);
  await dialog.getByRole('option', { name: [person.name, person.phone, person.email].filter(Boolean).join(' · ') }).click();
  const box = dialog.getByLabel('Expiration Date', { exact: true });

  // The venue's yesterday: refused by the form itself (nothing is sent: the server would refuse it too), kept as typed.
  const posts: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/blacklists') posts.push(r.url()); };
  page.on('request', onRequest);
  await box.fill(typed(addIsoDays(today, -1)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Expiry date cannot be before today')).toBeVisible();
  await expect(box).toHaveValue(typed(addIsoDays(today, -1)));
  expect(posts).toEqual([]);
  page.off('request', onRequest);
  await page.screenshot({ path: test.info().outputPath('blacklist-venue-yesterday-1440.png') });

  // The venue's today: taken by the form and by the server.
  await box.fill(typed(today));
  await expect(dialog.getByText('Expiry date cannot be before today')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = (await apiGet<BlacklistList>(page, request, '/api/blacklists?per_page=500')).collection.find((e) => e.user.id === person.id);
  expect(row?.expire_date).toBe(today);

  // Restore what this flow changed.
  const label = `${person.name} (${person.email})`;
  await people.rowAction(label, 'Remove From List');
  await page.getByRole('dialog', { name: 'Remove From List' }).getByRole('button', { name: 'Remove From List' }).click();
  await expect(people.table('Blacklist').getByRole('row', { name: label, exact: true })).toBeHidden();
});

test(`when an admin in ${zone} opens a report, then its period ends on the venue's today`, async ({ page }) => {
  await useSessionOf(page, 'admin');
  await page.goto('/reports/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting Reporting' })).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(typed(venueIsoToday(Date.now())));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(typed(addIsoDays(venueIsoToday(Date.now()), -30)));
});
