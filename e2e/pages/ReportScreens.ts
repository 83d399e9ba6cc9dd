import type { Download, Locator, Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';

/**
 * How a report screen is reached: `page.goto` loads the console afresh (a flow's first page); `inApp` moves there the way
 * the console's links do, in the page already open (e2e/inApp.ts), for a flow's later report screens.
 */
export interface OpenOptions {
  inApp?: boolean;
}

async function go(page: Page, url: string, { inApp = false }: OpenOptions): Promise<void> {
  if (inApp) await openInApp(page, url);
  else await page.goto(url);
}

/** The report filter bar (002 §2): from, to, promoter (admins), event, Apply and the screen's extra buttons. */
export class ReportFilter {
  constructor(readonly page: Page) {}

  /** Types the period (given as yyyy-MM-dd) as the user does, dd.mm.yyyy, in the console's date inputs. */
  async period(from: string, to: string) {
    for (const [label, day] of [['From', from], ['To', to]] as const) {
      const input = this.page.getByLabel(label, { exact: true });
      await input.fill(day.split('-').reverse().join('.'));
      await input.press('Escape'); // closes the calendar the focus opened
    }
  }

  /** Chooses the event whose option starts with `name`, or the option a pattern matches (options read "Name (dd.mm.yyyy)"). */
  async event(name: string | RegExp) {
    // The choices arrive with the filters call, which may finish after the screen's heading shows.
    const find = async () => (await this.eventOptions()).find((o) => (typeof name === 'string' ? o.startsWith(name) : name.test(o)));
    await expect.poll(find, { message: `No event option ${name}` }).toBeDefined();
    await this.page.getByLabel('Event').selectOption({ label: (await find())! });
  }

  async eventOptions(): Promise<string[]> {
    return (await this.page.getByLabel('Event').locator('option').allTextContents()).map((t) => t.trim());
  }

  promoter() {
    return this.page.getByLabel('Promoter');
  }

  async apply() {
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  /** Clicks a button and returns the file it downloads (waits through the progress bar). */
  async download(button: Locator): Promise<Download> {
    const [file] = await Promise.all([this.page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
    return file;
  }
}

/** /reports: the hub. */
export class ReportsHub {
  constructor(readonly page: Page) {}

  async open(options: OpenOptions = {}) {
    await go(this.page, '/reports', options);
    await expect(this.page.getByRole('heading', { name: 'Reporting' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async links(): Promise<string[]> {
    return this.page.getByRole('navigation', { name: 'Reports' }).locator('.report-hub-title').allTextContents();
  }
}

/** /reports/financial: tabs Tickets, Merchandise, Totals, a table per report. */
export class FinancialReportScreen {
  readonly filter: ReportFilter;
  constructor(readonly page: Page) {
    this.filter = new ReportFilter(page);
  }

  async open(options: OpenOptions = {}) {
    await go(this.page, '/reports/financial', options);
    await expect(this.page.getByRole('heading', { name: 'Financial reports' })).toBeVisible();
  }

  async tab(name: 'Tickets' | 'Merchandise' | 'Totals') {
    await this.page.getByRole('tab', { name }).click();
  }

  table(title: string) {
    return this.page.getByRole('table', { name: title, exact: true });
  }

  async tableTitles(): Promise<string[]> {
    return this.page.locator('.finance-section .section-title').allTextContents();
  }

  /** Waits until every table of the tab has loaded and been worked out (CSV waits for all of them). */
  async loaded() {
    await expect(this.csvButton()).toBeEnabled({ timeout: 60_000 });
    await expect(this.page.locator('.finance-tab .loading-spinner')).toHaveCount(0);
  }

  /** Cells of a table's row as text. */
  async rowCells(title: string, row: number): Promise<string[]> {
    return this.table(title).locator('tbody tr').nth(row).locator('td').allInnerTexts();
  }

  async totalCells(title: string): Promise<string[]> {
    return this.table(title).locator('tfoot tr td').allInnerTexts();
  }

  vatSelect(title: string, row: number) {
    return this.table(title).locator('tbody tr').nth(row).getByRole('combobox');
  }

  csvButton() {
    return this.page.getByRole('button', { name: 'CSV' });
  }

  pdfButton() {
    return this.page.getByRole('button', { name: 'PDF' });
  }
}

/** /reports/accounting: 'Accounting Reporting' with the virtualised table. */
export class AccountingScreen {
  readonly filter: ReportFilter;
  constructor(readonly page: Page) {
    this.filter = new ReportFilter(page);
  }

  async open(options: OpenOptions = {}) {
    await go(this.page, '/reports/accounting', options);
    await expect(this.page.getByRole('heading', { name: 'Accounting Reporting' })).toBeVisible();
  }

  table() {
    return this.page.getByRole('table', { name: 'Accounting report' });
  }

  /** "N of M rows" once every page has arrived. */
  async loadedCount(): Promise<{ shown: number; total: number }> {
    const status = this.page.locator('.report-count');
    await expect(status).toHaveText(/^[\d\s\u00a0]+ of [\d\s\u00a0]+ rows$/, { timeout: 120_000 });
    const [shown, total] = (await status.innerText()).split(' of ').map((s) => Number(s.replace(/\D/g, '')));
    return { shown: shown!, total: total! };
  }

  body() {
    return this.table().locator('.vt-body');
  }
}

/** /reports/sales-overview: Isolated and Accumulated, four charts each. */
export class SalesOverviewScreen {
  readonly filter: ReportFilter;
  constructor(readonly page: Page) {
    this.filter = new ReportFilter(page);
  }

  async open(options: OpenOptions = {}) {
    await go(this.page, '/reports/sales-overview', options);
    await expect(this.page.getByRole('heading', { name: 'Sales overview' })).toBeVisible();
  }

  charts() {
    return this.page.locator('figure.line-chart');
  }
}

/** /reports/scanner: 'Scanned Items Report'. */
export class ScannerReportScreen {
  readonly filter: ReportFilter;
  constructor(readonly page: Page) {
    this.filter = new ReportFilter(page);
  }

  async open(options: OpenOptions = {}) {
    await go(this.page, '/reports/scanner', options);
    await expect(this.page.getByRole('heading', { name: 'Scanned Items Report' })).toBeVisible();
  }

  table() {
    return this.page.getByRole('table', { name: 'Scanned items' });
  }
}
