import type { Page } from '@playwright/test';
import type { PlatformSettings } from '../src/contracts/settings';
import { addIsoDays, formatFormDate } from '../src/domain/dates';
import { venueDay } from '../src/domain/venueClock';
import { formatVatPercent } from '../src/domain/vat';
import { expect, test, tick } from './fixtures';
import { FinancialReportScreen } from './pages/ReportScreens';
import { PromoScreens } from './pages/PromoScreens';
import { SettingsScreens } from './pages/SettingsScreens';
import { openInApp } from './inApp';
import { apiGet, useSessionOf } from './signIn';

// One story per file, in order; the shared e2e database keeps what other specs need (fees and VAT are restored).
test.describe.configure({ mode: 'serial', timeout: 420_000 });

/** Codes unique to this run (at most 10 characters). */
const run = Date.now().toString(36).slice(-4).toUpperCase();
const code = (prefix: string) => `${prefix}${run}`.slice(0, 10);

/** Each form opens in the page already open, as the console's links lead there (e2e/inApp.ts); the add form is new each time. */
async function createPromo(promos: PromoScreens, page: Page, name: string, promoCode: string, fill: () => Promise<void>) {
  await openInApp(page, '/promocodes/add');
  await expect(page.getByRole('heading', { name: 'Add Promo Code' })).toBeVisible();
  await promos.field('Name').fill(name);
  await promos.field('Promo code').fill(promoCode);
  await fill();
  await promos.save('Promocode created');
  await expect(page).toHaveURL(/\/promocodes\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit Promo Code' })).toBeVisible();
  await expect(promos.field('Promo code')).toHaveValue(promoCode);
}

test('when a promoter fills the promo form wrongly, then each rule says so and Save stays disabled', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const promos = new PromoScreens(page);
  await promos.openList();
  await promos.openAdd();
  await promos.field('Name').fill('Half');
  await promos.field('Name').fill('');
  await promos.field('Name').blur();
  await expect(promos.message('Required')).toBeVisible();
  await promos.field('Name').fill('Too much');
  await promos.field('Discount (%)').fill('150');
  await promos.field('Discount (%)').blur();
  await expect(promos.message('Discount must be less than or equal to 100%')).toBeVisible();
  await expect(promos.saveButton()).toBeDisabled();
  await promos.field('Discount (%)').fill('15');
  await promos.field('Promo code').fill('ELEVENCHARS');
  await promos.field('Promo code').blur();
  await expect(promos.message('Must be 1-10 characters')).toBeVisible();
  await promos.field('Promo code').fill('');
  await promos.choose('Discount mode', 'Buy X get Y with a discount');
  await promos.field('Buy tickets (X)').fill('0');
  await promos.field('Buy tickets (X)').blur();
  await expect(promos.message('Enter valid number')).toBeVisible();
  await expect(promos.saveButton()).toBeDisabled();
  await promos.field('Buy tickets (X)').fill('3');
  await promos.field('Discounted tickets (Y)').fill('1');
  await expect(promos.saveButton()).toBeEnabled();
});

test('when a promoter creates a promo in every mode, then each is saved and its mode comes back on the edit page', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const promos = new PromoScreens(page);
  await promos.openList();

  const expiry = formatFormDate(new Date(Date.now() + 60 * 86_400_000));
  await createPromo(promos, page, 'PW plain 10 %', code('PWN'), async () => {
    await promos.field('Discount (%)').fill('10');
    await page.getByLabel('Expiry date', { exact: true }).fill(expiry);
    await page.getByLabel('Expiry date', { exact: true }).press('Tab');
  });
  await createPromo(promos, page, 'PW at least four', code('PWQ'), async () => {
    await promos.field('Discount (%)').fill('15');
    await promos.choose('Discount mode', 'Buy at least X tickets for a discount');
    await promos.field('Minimum tickets (X)').fill('4');
  });
  await createPromo(promos, page, 'PW two for one', code('PWT'), async () => {
    await promos.choose('Discount mode', 'Buy two get one free');
    await expect(promos.field('Discount (%)')).toHaveValue('100');
  });
  await createPromo(promos, page, 'PW buy 3 get 1', code('PWX'), async () => {
    await promos.choose('Type', 'Amount (kr)');
    await promos.field('Discount (kr)').fill('50');
    await promos.choose('Discount mode', 'Buy X get Y with a discount');
    await promos.field('Buy tickets (X)').fill('3');
    await promos.field('Discounted tickets (Y)').fill('1');
  });
  await createPromo(promos, page, 'PW family', code('PWF'), async () => {
    await promos.field('Discount (%)').fill('20');
    await promos.choose('Discount mode', 'Family offer');
    await promos.field('Kids tickets (X)').fill('2');
    await promos.field('Non-kids tickets, discounted (Y)').fill('2');
  });
  await expect(page.getByRole('combobox', { name: 'Discount mode' })).toHaveValue('Family offer');
  await createPromo(promos, page, 'PW free merch', code('PWM'), async () => {
    await tick(page.getByRole('radio', { name: 'Merchandise' }));
    await tick(page.getByRole('checkbox', { name: 'Free of charge' }));
    await expect(promos.field('Usages per person')).toHaveValue('1');
  });
  // A blank code: the server makes one.
  await openInApp(page, '/promocodes/add');
  await expect(page.getByRole('heading', { name: 'Add Promo Code' })).toBeVisible();
  await promos.field('Name').fill('PW generated code');
  await promos.field('Discount (%)').fill('5');
  await promos.save('Promocode created');
  await expect(promos.field('Promo code')).toHaveValue(/^[A-Z0-9]{8}$/);

  // Saving an edit returns to the list.
  await promos.field('Name').fill('PW generated code, edited');
  await promos.save('Promocode saved');
  await expect(page).toHaveURL('/promocodes/list');
  await expect(promos.list().getByRole('cell', { name: 'PW generated code, edited' })).toBeVisible();
  for (const [prefix, mode] of [['PWQ', 'Buy at least X tickets for a discount'], ['PWT', 'Buy two get one free'], ['PWF', 'Family offer']]) {
    await expect(promos.row(code(prefix))).toContainText(mode);
  }
  // The expiry is written as the console writes days (000 §5: dd.MM.yyyy), not as the API sends it; none is 'Never'.
  await expect(promos.row(code('PWN')).getByRole('cell').nth(8)).toHaveText(expiry);
  await expect(promos.row(code('PWQ')).getByRole('cell').nth(8)).toHaveText('Never');
});

test('when a promoter deactivates a promo, then the list shows it inactive', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const promos = new PromoScreens(page);
  await promos.openList();
  await expect(promos.row(code('PWN'))).toContainText('Active');
  await promos.rowAction(code('PWN'), 'Deactivate');
  await expect(promos.row(code('PWN'))).toContainText('Inactive');
  await promos.rowAction(code('PWN'), 'Activate');
  await expect(promos.row(code('PWN'))).toContainText('Active');
});

test('when a promoter adds an ombud, then the list shows the attendee with the code and the date', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const promos = new PromoScreens(page);
  await promos.openOmbuds();
  await page.getByRole('button', { name: 'Add Ombud' }).click();
  const dialog = promos.ombudDialog();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByLabel('Attendee').fill('Saga Persson');
  const name = 'Saga Persson';
  await dialog.getByRole('menu', { name: 'Attendees found' }).getByRole('menuitem', { name: new RegExp(`^${name}`) }).first().click();
  const box = dialog.getByRole('combobox', { name: 'Promo code' });
  await box.click();
  await page.getByRole('option', { name: new RegExp(`^${code('PWF')} `) }).click();
  await dialog.getByLabel('Date').fill('24.12.2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Ombuds' }).getByRole('row').filter({ hasText: code('PWF') });
  await expect(row).toContainText(name);
  await expect(row).toContainText('24.12.2026');
});

test('when an admin changes the admin fee and a VAT rate, then they are kept and the VAT dropdown offers the new rate', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const settings = new SettingsScreens(page);
  await settings.open('fees');
  await settings.ready();
  const before = await apiGet<PlatformSettings>(page, request, '/api/settings');
  const restoreFee = String(before.admin_fee).replace('.', ',');
  await settings.field('Admin fee (kr)').fill('19,50');
  await page.getByRole('button', { name: 'Save fees' }).click();
  await expect(page.getByText('Fees saved').first()).toBeVisible();
  expect((await apiGet<PlatformSettings>(page, request, '/api/settings')).admin_fee).toBe(19.5);
  await page.reload();
  await expect(settings.field('Admin fee (kr)')).toHaveValue('19,5');
  await settings.field('Admin fee (kr)').fill(restoreFee);
  await page.getByRole('button', { name: 'Save fees' }).click();
  await expect.poll(async () => (await apiGet<PlatformSettings>(page, request, '/api/settings')).admin_fee).toBe(before.admin_fee);

  await settings.open('vat', { inApp: true });
  await settings.ready();
  const label = 'VAT % of Fees: Reduced: food, hotels';
  await settings.field(label).fill('13');
  await page.getByRole('button', { name: 'Save Fees: Reduced: food, hotels' }).click();
  await expect(page.getByText('Fees: Reduced: food, hotels is now 13%')).toBeVisible();
  const offered = await apiGet<{ collection: { vat: number }[] }>(page, request, '/api/vats?filters[item_type]=fee');
  expect(offered.collection.map((v) => v.vat)).toEqual([0, 6, 13, 25]);
  // The finance report's per-row dropdown offers the categories' rates, the new one with them.
  const finance = new FinancialReportScreen(page);
  await finance.open({ inApp: true });
  const today = new Date().toISOString().slice(0, 10);
  await finance.filter.period(addIsoDays(today, -365), today);
  await finance.filter.apply();
  await finance.loaded();
  const select = finance.vatSelect('Sales of tickets', 0);
  await select.focus();
  await expect(select.locator('option', { hasText: `${formatVatPercent(13)} %` })).toHaveCount(1);
  await settings.open('vat', { inApp: true });
  await settings.ready();
  await settings.field(label).fill('12');
  await page.getByRole('button', { name: 'Save Fees: Reduced: food, hotels' }).click();
  await expect(page.getByText('Fees: Reduced: food, hotels is now 12%')).toBeVisible();
});

test('when an admin adds, edits and deletes an FAQ item, then the list follows', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const settings = new SettingsScreens(page);
  await settings.open('faq');
  await settings.ready();
  await page.getByRole('button', { name: 'Add Q&A item' }).click();
  const dialog = settings.faqDialog();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(4);
  const question = `Can I bring a bag? ${run}`;
  await dialog.getByRole('textbox', { name: 'Question (English)' }).fill(question);
  await dialog.getByRole('textbox', { name: 'Answer (English)' }).click();
  await dialog.getByRole('group', { name: 'English' }).getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Small bags only.');
  await dialog.getByRole('textbox', { name: 'Question (Swedish)' }).fill('Får jag ta med en väska?');
  await dialog.getByRole('textbox', { name: 'Answer (Swedish)' }).fill('Endast små väskor.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = settings.faqTable().getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('Small bags only.');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await row.click();
  await settings.faqDialog().getByRole('textbox', { name: 'Question (English)' }).fill(`${question} (edited)`);
  await settings.faqDialog().getByRole('button', { name: 'Save' }).click();
  const edited = settings.faqTable().getByRole('row').filter({ hasText: `${question} (edited)` });
  await expect(edited).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${question} (edited)`, exact: true }).click();
  await page.getByRole('menu', { name: `Actions for ${question} (edited)`, exact: true }).getByText('Delete', { exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Q&A item?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(edited).toHaveCount(0);
});

test('when an admin forgets a user, then the dialog, the result and the row all say the erasure date, and Cancel erasure takes it back', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSessionOf(page, 'admin');
  const settings = new SettingsScreens(page);
  await settings.open('forget');
  // An attendee with an e-mail and no erasure pending (the last of a broad search, which other flows do not use).
  const found = await apiGet<{ collection: { id: number; name: string; email: string | null; erasure_date: string | null }[] }>(page, request, '/api/forget-me/users?search=e');
  const person = found.collection.filter((p) => p.email && !p.erasure_date).at(-1)!;
  // The venue's day (Stockholm), on which the server schedules: from 23:00 UTC it is a day ahead of the machine's.
  const expected = venueDay(new Date(Date.now() + 30 * 86_400_000).toISOString());

  await page.getByLabel('Name, email or phone').fill(person.email!);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Users found' });
  await table.getByRole('button', { name: `Forget ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Forget user' });
  await expect(dialog).toContainText(`for ${expected}?`);
  await expect(dialog).toContainText('Until then the erasure can be cancelled here.');
  await dialog.getByRole('button', { name: 'Forget' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Data of user(${person.id}) will be erased on ${expected}` })).toBeVisible();
  await expect(table.getByText(`Erasure on ${expected}`)).toBeVisible();
  await expect(table.getByRole('button', { name: `Forget ${person.name}` })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('forget-1440.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: test.info().outputPath('forget-600.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);

  await table.getByRole('button', { name: `Cancel the erasure of ${person.name}` }).click();
  await expect(page.getByText(`The erasure of ${person.name}'s data is cancelled.`)).toBeVisible();
  await expect(table.getByRole('button', { name: `Forget ${person.name}` })).toBeVisible();
  const after = await apiGet<{ collection: { id: number; erasure_date: string | null }[] }>(page, request, `/api/forget-me/users?search=${encodeURIComponent(person.email!)}`);
  expect(after.collection.find((p) => p.id === person.id)!.erasure_date).toBeNull();
});
