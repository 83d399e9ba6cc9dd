import type { Page } from '@playwright/test';
import { SHIFT_CLOSES_PER_PAGE, SHIFT_CLOSES_PER_PAGE_MAX, type ShiftClosesResponse } from '../src/contracts/reports';
import { addIsoDays, formatFormDate, parseIsoDay } from '../src/domain/dates';
import { formatAmount } from '../src/domain/money';
import { venueDateTime, venueIsoToday } from '../src/domain/venueClock';
import { expect, expectAccessible, test } from './fixtures';
import { openInApp } from './inApp';
import { apiGet, useSessionOf } from './signIn';

/**
 * The shift closes report (docs/boxoffice.md "Shift closes report"): an admin reads every counter's closes of a period
 * (the demo's four weeks up to yesterday, and any closed today), with the sales by tender, the cash expected, counted
 * and the difference, and the totals; by operator. A promoter has no such report. Screenshots at 1440 and 600 px.
 */
const typed = (isoDay: string) => formatFormDate(parseIsoDay(isoDay)!);
const sek = (amount: number) => formatAmount(Math.round(amount * 100));

async function noSidewaysScroll(page: Page) {
  await expect.poll(() => page.locator('.data-table-wrap').first().evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

test('when an admin opens Shift closes from the reports, then each close of the last month shows when, who, the cash expected, the difference and the total as the API has them, with the totals, and the operator filter narrows them', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  await page.goto('/reports');
  await page.getByRole('link', { name: /Shift closes/ }).click();
  await expect(page.getByRole('heading', { name: 'Shift closes' })).toBeVisible();
  const today = venueIsoToday(Date.now());
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(typed(today));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(typed(addIsoDays(today, -30)));
  const section = page.getByRole('region', { name: 'Shift closes' });
  await expect(section).toBeVisible();
  await expect(section).not.toHaveAttribute('aria-busy', 'true');

  // Every close of the period (the largest page), to compare each page of the screen with.
  const api = await apiGet<ShiftClosesResponse>(page, request, `/api/reports/shift-closes?from_date=${addIsoDays(today, -30)}&to_date=${today}&per_page=${SHIFT_CLOSES_PER_PAGE_MAX}`);
  expect(api.data.length).toBeGreaterThan(0);
  expect(api.data.length).toBe(api.totals.closes);
  const table = page.getByRole('table', { name: 'Shift closes' });
  expect((await table.getByRole('columnheader').allTextContents()).map((t) => t.trim())).toEqual(['Closed', 'Opened', 'Operator', 'Cash expected', 'Cash counted', 'Difference', 'Card', 'Other', 'Total']);
  await expect(table.getByRole('row')).toHaveCount(Math.min(api.data.length, SHIFT_CLOSES_PER_PAGE) + 1);
  const first = api.data[0]!;
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(0)).toHaveText(venueDateTime(first.closed_at));
  await expect(cells.nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(cells.nth(2)).toContainText(first.operator);
  await expect(cells.nth(3)).toHaveText(sek(first.cash_expected));
  await expect(cells.nth(5)).toContainText(sek(first.cash_difference));
  await expect(cells.nth(8)).toHaveText(sek(first.total));
  // A drawer that was short says so in words, not only in red.
  const short = api.data.slice(0, SHIFT_CLOSES_PER_PAGE).find((r) => r.cash_difference < 0);
  if (short) await expect(table.getByRole('row').nth(api.data.indexOf(short) + 1).getByRole('cell').nth(5)).toHaveText(`${sek(short.cash_difference)} short`);
  const totals = page.getByRole('definition');
  await expect(page.getByLabel('Totals')).toContainText(`${api.totals.closes} (${api.totals.short} short, ${api.totals.over} over)`);
  await expect(totals.filter({ hasText: sek(api.totals.total) })).not.toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('shift-closes-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('shift-closes-600.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // More closes than a page: the shared pager leads through them all, the totals stay the whole period's.
  // (The demo's four weeks hold more than a page: its closes are seeded, so this is no chance.)
  expect(api.totals.closes).toBeGreaterThan(SHIFT_CLOSES_PER_PAGE);
  {
    await expect(section).toContainText(`Closes 1–${SHIFT_CLOSES_PER_PAGE} of ${api.totals.closes}, newest first`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(section).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    const second = api.data.slice(SHIFT_CLOSES_PER_PAGE, 2 * SHIFT_CLOSES_PER_PAGE);
    await expect(table.getByRole('row')).toHaveCount(second.length + 1);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(venueDateTime(second[0]!.closed_at));
    await expect(table.getByRole('row').last().getByRole('cell').nth(8)).toHaveText(sek(second.at(-1)!.total));
    await expect(page.getByLabel('Totals')).toContainText(`${api.totals.closes} (${api.totals.short} short, ${api.totals.over} over)`);
    await page.screenshot({ path: test.info().outputPath('shift-closes-page2-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 600, height: 900 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('shift-closes-page2-600.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // One operator's closes: Apply starts again at the first page.
  const operator = api.operators.find((o) => api.data.some((r) => r.operator_id === o.id))!;
  const theirs = api.data.filter((r) => r.operator_id === operator.id);
  await page.getByLabel('Operator').selectOption({ label: operator.name });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row')).toHaveCount(Math.min(theirs.length, SHIFT_CLOSES_PER_PAGE) + 1);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(venueDateTime(theirs[0]!.closed_at));
  await expect(section).not.toHaveAttribute('aria-busy', 'true');
  await expect(section).toContainText(`${typed(addIsoDays(today, -30))} – ${typed(today)}, ${operator.name}`);
  for (const text of await table.getByRole('row').locator('td:nth-child(3)').allInnerTexts()) expect(text).toContain(operator.name);
});

test('when a promoter opens the reports, then there is no Shift closes report, and its address leads back to the reports', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  await page.goto('/reports');
  await expect(page.getByRole('link', { name: /Financial reports/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Shift closes/ })).toHaveCount(0);
  await openInApp(page, '/reports/shift-closes');
  await expect(page).toHaveURL('/reports');
});
