/**
 * Reports polish (issue 24): the customer report's charts and CSV, the scanning report's total row and % scanned,
 * and the Totals tab's quantity that leaves every fee out, as its footnote says. Read-only flows on the demo data.
 */
import { readFileSync } from 'node:fs';
import { addIsoDays } from '../src/domain/dates';
import { expect, expectAccessible, test } from './fixtures';
import { FinancialReportScreen, ScannerReportScreen } from './pages/ReportScreens';
import { useSessionOf } from './signIn';

const today = new Date().toISOString().slice(0, 10);
const count = (cell: string) => Number(cell.replace(/[^\d]/g, ''));

test.describe('customer charts and scanning totals as admin', () => {
  // Each flow opens its report itself, signed in with the shard's stored session (the sign-in form: auth.spec.ts).
  test.beforeEach(({ page }) => useSessionOf(page, 'admin'));

  test('when the customer report opens, then charts by age, country and registration show over the tables and CustomerReport.csv holds the same counts', async ({ page }) => {
    await page.goto('/reports/customers');
    const byCountry = page.getByRole('table', { name: 'Customers by country' });
    await expect(byCountry).toBeVisible({ timeout: 30_000 });
    for (const name of ['Customers by age', 'Customers by country', 'Customers by registration type']) {
      await expect(page.getByRole('figure', { name }).locator('canvas').first()).toBeVisible();
    }
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports/customers-charts.png', fullPage: true });
    const firstCountry = await byCountry.locator('tbody tr').first().locator('td').allInnerTexts();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('CustomerReport.csv');
    const lines = readFileSync(await csv.path()).toString('utf8').replace(/^\ufeff/, '').split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['By age', 'Age,BankID (eID),Document,Customers']);
    const country = lines.indexOf('By country');
    expect(lines[country + 1]).toBe('Country,Customers');
    // The table shows "Sweden (SE)", the file the code.
    expect(lines[country + 2]).toBe(`${firstCountry[0]!.match(/\((\w+)\)$/)?.[1] ?? firstCountry[0]},${count(firstCountry[1]!)}`);
    expect(lines).toContain('By registration type');
  });

  test('when a passed event is scanned, then the total row adds up with % scanned; and the Totals quantity leaves the merchandise order fees out', async ({ page }) => {
    const scanning = new ScannerReportScreen(page);
    await scanning.open();
    await scanning.filter.event('Allsvenskan Opener 2026');
    await scanning.filter.apply();
    await page.getByRole('tab', { name: 'All' }).click();
    const rows = scanning.table().locator('tbody tr');
    await expect(rows.last()).toContainText('Total');
    await expect(scanning.table().getByRole('columnheader', { name: '% scanned' })).toBeVisible();
    const cells = async (i: number) => scanning.table().locator('tbody tr').nth(i).locator('td').allInnerTexts();
    const n = await rows.count();
    let scanned = 0;
    let total = 0;
    for (let i = 0; i < n - 1; i++) {
      const c = await cells(i);
      scanned += count(c[2]!);
      total += count(c[4]!);
    }
    const totalRow = await cells(n - 1);
    expect([count(totalRow[2]!), count(totalRow[4]!)]).toEqual([scanned, total]);
    const percent = Math.round((scanned * 1000) / total) / 10;
    expect(totalRow[5]).toBe(`${percent.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`);
    await expectAccessible(page);

    const finance = new FinancialReportScreen(page);
    await finance.open({ inApp: true });
    await finance.filter.period(addIsoDays(today, -365), today);
    await finance.filter.apply();
    await finance.tab('Totals');
    await finance.loaded();
    const table = finance.table('Total sales');
    const names = await table.locator('tbody tr td:first-child').allInnerTexts();
    const quantities = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(names).toContain('Merchandise Order Fee');
    const withoutFees = names.reduce((s, name, i) => (/Fee$/.test(name.trim()) ? s : s + count(quantities[i]!)), 0);
    // The total row: a header cell, then the quantity (with the footnote's star).
    expect(count((await finance.totalCells('Total sales'))[0]!)).toBe(withoutFees);
    await expect(page.getByText('* This quantity does not include fees')).toBeVisible();
  });
});
