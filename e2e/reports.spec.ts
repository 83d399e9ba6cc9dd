import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '../src/api/session';
import { addIsoDays } from '../src/domain/dates';
import { displayDay } from '../src/domain/displayDates';
import { formatAmount, parseAmountToOre } from '../src/domain/money';
import { vatRow } from '../src/domain/vat';
import { expect, expectAccessible, test } from './fixtures';
import { openInApp } from './inApp';
import { AccountingScreen, FinancialReportScreen, ReportsHub, SalesOverviewScreen, ScannerReportScreen } from './pages/ReportScreens';
import { PricingPanelScreen, seededEventId, VenueMapScreen } from './pages/VenueMapScreen';
import { apiGet, useSessionOf } from './signIn';

/** Each flow opens its report page itself, signed in with the shard's stored session (the sign-in form: auth.spec.ts). */
const signInAs = (page: Page, key: string) => useSessionOf(page, key);
const today = new Date().toISOString().slice(0, 10);
const yearAgo = addIsoDays(today, -365);
/**
 * The browser proves the wiring on a month: the year's numbers, the accounting CSV of every row of the year and its
 * pages are checked in the server suite (tests/server/reports*.test.ts), where a year costs seconds, not minutes.
 */
const monthAgo = addIsoDays(today, -30);
const text = (path: string) => readFileSync(path).toString('utf8');

/** Chooses another VAT % for a row as a person does (the select lists the other rates once touched); returns it. */
async function changeVat(select: Locator): Promise<number> {
  await select.focus();
  const rate = (await select.inputValue()) === '25' ? '12' : '25';
  await select.selectOption(rate);
  return Number(rate);
}

/**
 * report.pdf checked as a file (A4 pages, the title, the footnote) and, where poppler's pdftoppm is installed,
 * drawn as PNG pages under test-results/reports/ for a person to look at (attached to the test as well).
 */
async function checkReportPdf(path: string, name: string): Promise<void> {
  const bytes = text(path);
  expect(bytes.startsWith('%PDF-')).toBe(true);
  expect(bytes).toContain('Total sales');
  expect(bytes).toContain('This quantity does not include fees');
  const pages = bytes.match(/\/Type \/Page\b/g)?.length ?? 0;
  expect(pages).toBeGreaterThan(0);
  // A4 in points, on every page.
  expect(bytes.match(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/g)?.length ?? 0).toBe(pages);
  if (!existsSync('/usr/bin/pdftoppm')) {
    test.info().annotations.push({ type: 'note', description: 'pdftoppm (poppler-utils) missing: report.pdf not drawn as PNG' });
    return;
  }
  mkdirSync('test-results/reports', { recursive: true });
  const prefix = `test-results/reports/${name}`;
  const res = spawnSync('/usr/bin/pdftoppm', ['-png', '-r', '80', path, prefix]);
  expect(res.status, res.stderr.toString()).toBe(0);
  const pngs = readdirSync('test-results/reports').filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).sort();
  expect(pngs).toHaveLength(pages);
  for (const png of pngs) await test.info().attach(png, { path: `test-results/reports/${png}`, contentType: 'image/png' });
}

test.describe('reports as admin', () => {
  test.beforeEach(({ page }) => signInAs(page, 'admin'));

  test('when an admin opens the hub, then every report is offered, Accounting and Shift closes included', async ({ page }) => {
    const hub = new ReportsHub(page);
    await hub.open();
    expect(await hub.links()).toEqual(['Financial reports', 'Sales overview', 'Scanned items', 'Customer Reporting', 'Accounting reports', 'Shift closes']);
  });

  test('when a finance report is applied, then tables load, a VAT % recalculates its row and the totals, and CSV and PDF download', async ({ page }) => {
    const screen = new FinancialReportScreen(page);
    await screen.open();
    await expect(page.getByText('Choose a period and press Apply to see the report.')).toBeVisible();
    await screen.filter.period(yearAgo, today);
    await screen.filter.apply();
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Sales of tickets', 'Resales of tickets', 'Ticket discounts', 'Ticket refund fees', 'Corporate']);
    await expect(page.getByText('* This quantity does not include fees').first()).toBeVisible();
    await expectAccessible(page);

    const sales = screen.table('Sales of tickets');
    const cell = (row: number, col: number) => sales.locator('tbody tr').nth(row).locator('td').nth(col);
    const incl = parseAmountToOre(await cell(0, 2).innerText())!;
    const totalVatBefore = await sales.locator('tfoot td').nth(3).innerText();
    const rate = await changeVat(screen.vatSelect('Sales of tickets', 0));
    const expected = vatRow(incl, rate);
    await expect(cell(0, 4)).toHaveText(formatAmount(expected.vatOre));
    await expect(cell(0, 5)).toHaveText(formatAmount(expected.exclOre));
    await expect(sales.locator('tfoot td').nth(3)).not.toHaveText(totalVatBefore);

    const csv = await screen.filter.download(screen.csvButton());
    expect(csv.suggestedFilename()).toBe('finance_report_tickets.csv');
    const lines = text(await csv.path()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Sales of tickets');
    expect(lines[1]).toBe('Item name,Quantity,Price incl VAT,VAT %,VAT,Price excl VAT');
    expect(lines[2]).toContain(`,${rate}.00,`);
    expect(lines).toEqual(expect.arrayContaining(['Resales of tickets', 'Ticket discounts', 'Ticket refund fees', 'Corporate']));

    await screen.tab('Merchandise');
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Sales of merchandise', 'Returns of merchandise', 'Merchandise discounts', 'Merchandise refund fees', 'Total Merchandise Order Fee']);
    await expect(screen.table('Total Merchandise Order Fee').locator('tbody tr td').first()).toHaveText('Merchandise Order Fee');

    await screen.tab('Totals');
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Total sales', 'Total returns', 'Total discounts', 'Total refund fees', 'Corporate']);
    const pdf = await screen.filter.download(screen.pdfButton());
    expect(pdf.suggestedFilename()).toBe('report.pdf');
    await pdf.saveAs('test-results/reports/report.pdf');
    await checkReportPdf(await pdf.path(), 'report-admin');
    await page.screenshot({ path: 'test-results/reports/financial-totals.png', fullPage: true });
  });

  test('when the accounting report spans a month, then the virtual table holds only the rows in view and the CSV holds them all', async ({ page }) => {
    // The table loads in pages and the CSV streams every row: a busy shared machine needs more than the default minute.
    test.setTimeout(120_000);
    const screen = new AccountingScreen(page);
    await screen.open();
    await screen.filter.period(monthAgo, today);
    await screen.filter.apply();
    const { shown, total } = await screen.loadedCount();
    expect(shown).toBe(Math.min(total, 100_000));
    // Many more rows than the table draws (fewer than 80 rows in the DOM, below).
    expect(total).toBeGreaterThan(500);
    await expect(screen.table()).toHaveAttribute('aria-rowcount', String(shown + 1));
    expect(await screen.table().getByRole('row').count()).toBeLessThan(80);
    await screen.body().evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(screen.table().locator(`[aria-rowindex="${shown + 1}"]`)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports/accounting.png' });

    const csv = await screen.filter.download(page.getByRole('button', { name: 'CSV' }));
    expect(csv.suggestedFilename()).toBe('AccountingReport.csv');
    const lines = text(await csv.path()).replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
    expect(lines[0]!.split(',')).toHaveLength(18);
    expect(lines).toHaveLength(total + 1);
  });

  test('when the sales overview is applied, then four charts show per tab, isolated and accumulated, and say when a period has no data', async ({ page }) => {
    const screen = new SalesOverviewScreen(page);
    await screen.open();
    await screen.filter.period(addIsoDays(today, -90), today);
    await screen.filter.apply();
    await expect(screen.charts()).toHaveCount(4);
    for (const name of ['Sales Overview', 'Ticket Sales', 'Merchandise Sales', 'Tickets Refunded']) {
      await expect(page.getByRole('figure', { name })).toBeVisible();
      await expect(page.getByRole('figure', { name }).locator('canvas').first()).toBeVisible();
      // The days on the axis are written as the console writes days (000 §5), not as the API sends them.
      await expect(page.getByRole('figure', { name }).locator('figcaption')).toContainText(`over 91 days, ${displayDay(addIsoDays(today, -90))} to ${displayDay(today)}`);
    }
    await page.getByRole('tab', { name: 'Accumulated' }).click();
    await expect(screen.charts()).toHaveCount(4);
    await expect(page.getByRole('figure', { name: 'Ticket Sales' }).locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/reports/sales-overview.png', fullPage: true });
    // A period without sales: each chart says so over a 0–1 axis.
    await screen.filter.period('2025-01-01', '2025-01-10');
    await screen.filter.apply();
    await expect(page.getByText('No data in this period')).toHaveCount(4);
  });

  test('when a passed event is chosen in the scanning report, then its items show per tab and ScanningReport.csv downloads', async ({ page }) => {
    const screen = new ScannerReportScreen(page);
    await screen.open();
    await screen.filter.event('Allsvenskan Opener 2026');
    await screen.filter.apply();
    await expect(screen.table().locator('tbody tr').first()).toBeVisible();
    await expect(screen.table()).toContainText('ticket');
    await page.getByRole('tab', { name: 'Merchandise' }).click();
    await expect(screen.table()).toContainText('merchandise');
    const csv = await screen.filter.download(page.getByRole('button', { name: 'CSV' }));
    expect(csv.suggestedFilename()).toBe('ScanningReport.csv');
    expect(text(await csv.path()).replace(/^\ufeff/, '').split('\r\n')[0]).toBe('Item ID,Item name,Item type,Section,Row,Seat,Holder,Phone,Email,Scanned,Scanned at');
  });

  test('when the customer report opens, then the last six months show by age, country and registration, and a changed filter is flagged until applied', async ({ page }) => {
    await page.goto('/reports/customers');
    await expect(page.getByRole('table', { name: 'Customers by country' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Customers by age' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Customers by country' })).toContainText('Sweden (SE)');
    // The console's date input, dd.mm.yyyy, with its calendar.
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    await page.getByLabel('From', { exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Calendar' }).locator('.bp6-datepicker')).toBeVisible();
    await page.getByLabel('From', { exact: true }).press('Escape');
    // A changed filter says the tables still show the period applied, until Apply.
    const pending = page.locator('.report-filter-pending');
    await expect(pending).toBeHidden();
    await page.getByLabel('From', { exact: true }).fill('01.01.2026');
    await expect(pending).toHaveText(new RegExp(`^The results below are for ${from.replace(/\./g, '\\.')} – .*Press Apply`));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(pending).toBeHidden();
  });

  test('when the session token is about to expire on the accounting screen, then its pages are fetched with a refreshed token', async ({ page }) => {
    const screen = new AccountingScreen(page);
    await screen.open();
    const signedInWith = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
    await screen.filter.period(addIsoDays(today, -7), today);
    // The page's clock moves to 2 s before the token's expiry (15 min): the next call must refresh it first.
    await page.clock.setFixedTime(Date.now() + 898_000);
    const refresh = page.waitForRequest((r) => r.url().endsWith('/api/auth/refresh'));
    const firstPage = page.waitForRequest((r) => r.url().includes('/api/reports/accounting?'));
    await screen.filter.apply();
    await refresh;
    const sent = (await firstPage).headers().authorization;
    expect(sent).toMatch(/^Bearer /);
    expect(sent).not.toBe(`Bearer ${signedInWith}`);
    await screen.loadedCount();
    await expect(page).toHaveURL('/reports/accounting');
  });

  test('when the event choices fail to load, then the filter says Error fetching events and Retry loads them', async ({ page }) => {
    // Twice: a failed query is retried once by itself (002 §9) before the screen shows the failure.
    await page.route((url) => url.pathname === '/api/reports/filters', (route) => route.abort('connectionreset'), { times: 2 });
    const screen = new FinancialReportScreen(page);
    await screen.open();
    const failure = page.getByRole('alert').filter({ hasText: 'Error fetching events' });
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toHaveCount(0);
    await expect.poll(() => screen.filter.eventOptions()).toContainEqual(expect.stringMatching(/^Derby/));
  });

  test('when one finance table fails to load, then that table shows the retry panel and Retry loads it', async ({ page }) => {
    const screen = new FinancialReportScreen(page);
    await screen.open();
    await screen.filter.period(addIsoDays(today, -90), today);
    // The network drops the Corporate table's call and its automatic retry (002 §9: queries retry once); every other
    // table reads the API as usual.
    await page.route((url) => url.pathname === '/api/reports/finance/tickets/corporate', (route) => route.abort('connectionreset'), { times: 2 });
    await screen.filter.apply();
    const corporate = page.getByRole('region', { name: 'Corporate', exact: true });
    await expect(corporate.getByText('Something going wrong, please try again later..')).toBeVisible({ timeout: 60_000 });
    await expect(screen.table('Sales of tickets')).toBeVisible();
    await corporate.getByRole('button', { name: 'Retry' }).click();
    await expect(corporate.getByText('Something going wrong, please try again later..')).toHaveCount(0);
    await expect(corporate.getByRole('table', { name: 'Corporate', exact: true }).or(corporate.getByText('No data'))).toBeVisible();
  });
});

test.describe('reports as promoter', () => {
  test.beforeEach(({ page }) => signInAs(page, 'promoter'));

  test('when a promoter opens reports, then Accounting is neither offered nor reachable', async ({ page }) => {
    const hub = new ReportsHub(page);
    await hub.open();
    expect(await hub.links()).not.toContain('Accounting reports');
    await page.goto('/reports/accounting');
    await expect(page).toHaveURL('/reports');
  });

  test('when a promoter runs the finance report, then they choose among their own events only and see no refund fees', async ({ page }) => {
    const screen = new FinancialReportScreen(page);
    await screen.open();
    await expect(screen.filter.promoter()).toHaveCount(0);
    // The event list loads after the page: wait for it rather than read it once (it raced under a full run).
    await expect.poll(async () => (await screen.filter.eventOptions()).some((o) => o.startsWith('Nordic Lights Live'))).toBe(true);
    const options = await screen.filter.eventOptions();
    expect(options.some((o) => o.startsWith('Derby'))).toBe(false);
    await screen.filter.period(yearAgo, today);
    await screen.filter.apply();
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Sales of tickets', 'Resales of tickets', 'Ticket discounts', 'Corporate']);
    await expect(screen.table('Sales of tickets')).not.toContainText('Derby');
    await screen.tab('Totals');
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Total sales', 'Total returns', 'Total discounts', 'Corporate']);
  });

  test('when a promoter runs every report, then the numbers are their own, a VAT % recalculates and CSV and PDF download', async ({ page }) => {
    const screen = new FinancialReportScreen(page);
    await screen.open();
    await screen.filter.period(yearAgo, today);
    await screen.filter.apply();
    await screen.loaded();
    const sales = screen.table('Sales of tickets');
    const first = sales.locator('tbody tr').first().locator('td');
    const incl = parseAmountToOre(await first.nth(2).innerText())!;
    const rate = await changeVat(screen.vatSelect('Sales of tickets', 0));
    await expect(first.nth(4)).toHaveText(formatAmount(vatRow(incl, rate).vatOre));
    const csv = await screen.filter.download(screen.csvButton());
    expect(csv.suggestedFilename()).toBe('finance_report_tickets.csv');
    const lines = text(await csv.path()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines).not.toContain('Ticket refund fees');
    expect(lines.some((l) => l.startsWith('Derby'))).toBe(false);
    expect(lines[2]).toContain(`,${rate}.00,`);

    await screen.tab('Merchandise');
    await screen.loaded();
    expect(await screen.tableTitles()).toEqual(['Sales of merchandise', 'Returns of merchandise', 'Merchandise discounts', 'Total Merchandise Order Fee']);
    await screen.tab('Totals');
    await screen.loaded();
    const pdf = await screen.filter.download(screen.pdfButton());
    expect(pdf.suggestedFilename()).toBe('report.pdf');
    await checkReportPdf(await pdf.path(), 'report-promoter');
    await page.screenshot({ path: 'test-results/reports/financial-totals-promoter.png', fullPage: true });

    const overview = new SalesOverviewScreen(page);
    await overview.open({ inApp: true });
    await overview.filter.period(addIsoDays(today, -90), today);
    await overview.filter.apply();
    await expect(overview.charts()).toHaveCount(4);
    await page.getByRole('tab', { name: 'Accumulated' }).click();
    await expect(page.getByRole('figure', { name: 'Sales Overview' }).locator('canvas').first()).toBeVisible();

    const scanning = new ScannerReportScreen(page);
    await scanning.open({ inApp: true });
    await expect.poll(() => scanning.filter.eventOptions()).toContainEqual(expect.stringMatching(/^Spring Tour 2026/));
    expect((await scanning.filter.eventOptions()).some((o) => o.startsWith('Allsvenskan'))).toBe(false);
    await scanning.filter.event('Spring Tour 2026');
    await scanning.filter.apply();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(scanning.table()).toContainText('ticket');
    await expect(scanning.table()).toContainText('merchandise');

    await openInApp(page, '/reports/customers');
    await expect(page.getByRole('table', { name: 'Customers by registration type' })).toBeVisible({ timeout: 30_000 });
  });
  test('when the finance report of one event is applied, then its sell-through opens on the seat map, sold seats and sections coloured by sales', async ({ page, request }) => {
    const event = 'Nordic Lights Live';
    const screen = new FinancialReportScreen(page);
    await screen.open();
    await screen.filter.period(yearAgo, today);
    // By id: the events flows may have copied this event under the same name.
    const eventId = seededEventId(event);
    await expect(page.getByLabel('Event').locator(`option[value="${eventId}"]`)).toHaveCount(1);
    await page.getByLabel('Event').selectOption(String(eventId));
    await screen.filter.apply();
    await screen.loaded();
    await page.getByRole('link', { name: 'Sell-through on the seat map' }).click();
    await expect(page).toHaveURL(`/events/${eventId}/venue-map?view=sales`);
    const map = new VenueMapScreen(page);
    await map.ready();
    await expect(page.getByRole('button', { name: 'Sales' })).toHaveAttribute('aria-pressed', 'true');
    // The whole arena shows its sections: the legend gives their sell-through shades.
    await expect(page.getByRole('region', { name: 'Legend' })).toContainText('80–100 % sold');
    await expect(page.getByRole('region', { name: 'Legend' })).not.toContainText('priced');
    // The figure is the API's: sold or reserved of the places on offer (`count` leaves hidden seats out already).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answer read loosely
    const stats = (await apiGet<any>(page, request, `/api/events/${eventId}/sections`)).stats.all.seats;
    expect(stats.taken).toBeGreaterThan(0);
    const sold = stats.taken.toLocaleString('sv-SE');
    const places = stats.count.toLocaleString('sv-SE');
    await expect(new PricingPanelScreen(page).panel()).toContainText(`${sold} of ${places} places`);
    // Back to prices: the pricing panel returns and the legend gives the sections' pricing states again.
    await page.getByRole('button', { name: 'Prices' }).click();
    await expect(page).toHaveURL(`/events/${eventId}/venue-map`);
    await expect(page.getByRole('region', { name: 'Legend' })).toContainText('All places priced');
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  });
});
