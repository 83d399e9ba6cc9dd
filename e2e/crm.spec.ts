import { readFile } from 'node:fs/promises';
import { crmFiltersToQuery } from '../src/domain/crmFilter';
import { expect, test } from './fixtures';
import { CrmScreens } from './pages/CrmScreens';
import { apiGet, useSessionOf } from './signIn';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('when a promoter builds a segment with two metrics, then its count opens Send Messages and Download, a message is sent and UserExport.csv holds the customers', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const crm = new CrmScreens(page);
  await crm.open('send');
  // No count yet: the unknown or early modes show the filter, and the other tabs are disabled.
  await expect(crm.tab('Filter')).toHaveAttribute('aria-selected', 'true');
  await expect(crm.tab('Send Messages')).toHaveAttribute('aria-disabled', 'true');
  await expect(crm.tab('Download')).toHaveAttribute('aria-disabled', 'true');

  await crm.metric('Adult tickets count', 'More than', '1', 'No time');
  await crm.metric('Ticket spend', 'More than', '500', 'This year');
  // A custom range backwards says so and counts nothing.
  await crm.metric('Merchandise spend', 'More than', '0', 'Custom range');
  await page.getByRole('button', { name: 'Count' }).click();
  await expect(page.getByText('Choose both dates.')).toBeVisible();
  await crm.dropMetric('Merchandise spend');

  const count = await crm.count();
  expect(count).toBeGreaterThan(0);
  // The count as the filter writes it ("1 888 customers"): every later screen of the send writes it the same way.
  const shownCount = (await page.locator('output.crm-count').innerText()).replace(/\s*customers?$/, '');
  expect(Number(shownCount.replace(/\D/g, ''))).toBe(count);
  // The independent truth: the API's count of the same filter.
  const year = new Date().getFullYear();
  const query = new URLSearchParams(crmFiltersToQuery({
    metrics: { adult_tickets: { operator: 'more', value: 1 }, ticket_spend: { operator: 'more', value: 500, date_from: `${year}-01-01`, date_to: `${year}-12-31` } },
  }));
  expect((await apiGet<{ count: number }>(page, request, `/api/attendees?${query}`)).count).toBe(count);
  await expect(crm.tab('Send Messages')).not.toHaveAttribute('aria-disabled', 'true');

  // Send: both languages required.
  await crm.tab('Send Messages').click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await crm.sendMessage('Thank you for coming this year!', 'Tack för att du kom i år!');
  // A confirmation names the count and shows both texts before anything is queued.
  const people = `${shownCount} ${count === 1 ? 'customer' : 'customers'}`;
  await expect(page.getByText(`The message goes to the ${people} of the filter`)).toBeVisible();
  await expect(crm.confirmation()).toContainText(`Send to ${people}?`);
  await expect(crm.confirmation()).toContainText('Thank you for coming this year!');
  await expect(crm.confirmation()).toContainText('Tack för att du kom i år!');
  await crm.confirmSend();
  // npm start's defaults have no mail server or SMS provider: the messages go to the local mailbox, and the panel
  // says so instead of 'Successfully sent!' (docs/outbox.md); a promoter has no Outbox, so it names who can read them.
  await expect(crm.deliveryStatus()).toHaveText(`Queued ${shownCount} ${count === 1 ? 'message' : 'messages'}: ${shownCount} in the local mailbox (an administrator can read them in the Outbox)`, { timeout: 30_000 });
  await expect(page.getByText('Successfully sent!')).toHaveCount(0);

  // The filter and its count are in the address: a reload keeps them.
  await page.reload();
  await expect(crm.tab('Send Messages')).toHaveAttribute('aria-selected', 'true');
  await crm.tab('Filter').click();
  await expect(page.locator('output.crm-count')).toHaveText(new RegExp(`^${count.toLocaleString('sv-SE').replace(/\s/g, '\\s')}`));

  await crm.openDownload();
  const file = await crm.download();
  expect(file.suggestedFilename()).toBe('UserExport.csv');
  const text = await readFile(await file.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('ID,First name,Last name,Email,Phone,Country');
  expect(lines).toHaveLength(count + 1);
});

test('when a promoter without the customer-export permission downloads, then the permission message shows', async ({ page }) => {
  // The second demo promoter has not been granted can_download_emails (server/db/seed/seedCrm.ts).
  await useSessionOf(page, 'promoter2');
  const crm = new CrmScreens(page);
  await crm.open('nonsense');
  await expect(crm.tab('Filter')).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Gender').selectOption({ label: 'Women' });
  expect(await crm.count()).toBeGreaterThan(0);
  await crm.openDownload();
  await page.getByRole('button', { name: 'Download', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('You do not have permissions to access this content. Contact your administrator for more information');
});
