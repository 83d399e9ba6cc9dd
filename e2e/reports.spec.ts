import { readFileSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { addIsoDays } from '../src/domain/dates';
import { formatAmount, parseAmountToOre } from '../src/domain/money';
import { vatRow } from '../src/domain/vat';
import { expect, expectAccessible, test } from './fixtures';
import { LoginScreen } from './pages/LoginScreen';
import { AccountingScreen, FinancialReportScreen, ReportsHub, SalesOverviewScreen, ScannerReportScreen } from './pages/ReportScreens';

const account = (key: string) => DEMO_ACCOUNTS.find((a) => a.key === key)!;
async function signInAs(page: import('@playwright/test').Page, key: string) {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(account(key).email, account(key).password);
  await expect(page).toHaveURL('/events');
}
const today = new Date().toISOString().slice(0, 10);
const yearAgo = addIsoDays(today, -365);
const text = (path: string) => readFileSync(path).toString('utf8');

test.describe('reports as admin', () => {
  test.beforeEach(({ page }) => signInAs(page, 'admin'));

  test('when an admin opens the hub, then every report is offered, Accounting included', async ({ page }) => {
    const hub = new ReportsHub(page);
    await hub.open();
    expect(await hub.links()).toEqual(['Financial reports', 'Sales overview', 'Scanned items', 'Customer Reporting', 'Accounting reports']);
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
    await screen.vatSelect('Sales of tickets', 0).selectOption('25');
    const expected = vatRow(incl, 25);
    await expect(cell(0, 4)).toHaveText(formatAmount(expected.vatOre));
    await expect(cell(0, 5)).toHaveText(formatAmount(expected.exclOre));
    await expect(sales.locator('tfoot td').nth(3)).not.toHaveText(totalVatBefore);

    const csv = await screen.filter.download(screen.csvButton());
    expect(csv.suggestedFilename()).toBe('finance_report_tickets.csv');
    const lines = text(await csv.path()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Sales of tickets');
    expect(lines[1]).toBe('Item name,Quantity,Price incl VAT,VAT %,VAT,Price excl VAT');
    expect(lines[2]).toContain(',25.00,');
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
    const bytes = text(await pdf.path());
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain('Total sales');
    expect(bytes).toContain('This quantity does not include fees');
    await page.screenshot({ path: 'test-results/reports/financial-totals.png', fullPage: true });
  });

  test('when the accounting report spans the year, then the virtual table holds only the rows in view and the CSV holds them all', async ({ page }) => {
    const screen = new AccountingScreen(page);
    await screen.open();
    await screen.filter.period(yearAgo, today);
    await screen.filter.apply();
    const { shown, total } = await screen.loadedCount();
    expect(shown).toBe(Math.min(total, 100_000));
    expect(total).toBeGreaterThan(10_000);
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

  test('when the sales overview is applied, then four charts show per tab, isolated and accumulated', async ({ page }) => {
    const screen = new SalesOverviewScreen(page);
    await screen.open();
    await screen.filter.period(addIsoDays(today, -90), today);
    await screen.filter.apply();
    await expect(screen.charts()).toHaveCount(4);
    for (const name of ['Sales Overview', 'Ticket Sales', 'Merchandise Sales', 'Tickets Refunded']) {
      await expect(page.getByRole('figure', { name })).toBeVisible();
      await expect(page.getByRole('figure', { name }).locator('canvas').first()).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Accumulated' }).click();
    await expect(screen.charts()).toHaveCount(4);
    await expect(page.getByRole('figure', { name: 'Ticket Sales' }).locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/reports/sales-overview.png', fullPage: true });
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

  test('when the customer report opens, then the last six months show by age, country and registration', async ({ page }) => {
    await page.goto('/reports/customers');
    await expect(page.getByRole('table', { name: 'Customers by country' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Customers by age' })).toBeVisible();
    await expect(page.getByLabel('From')).toHaveValue(/\d{4}-\d{2}-\d{2}/);
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
    const options = await screen.filter.eventOptions();
    expect(options.some((o) => o.startsWith('Nordic Lights Live'))).toBe(true);
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
});
