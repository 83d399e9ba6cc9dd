/**
 * Main-thread long tasks while reports build (PERFORMANCE.md: none over 50 ms), in headless Debian Chromium on the
 * built console over the bench's year of sales: the financial report applied over a year, a VAT % changed, every
 * tab, the tab CSV and report.pdf; then Accounting Reporting loading 100,000 rows. The browser's own 'longtask'
 * PerformanceObserver records every task over 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/e2eEnv';
import { ensureConsoleBuild } from '../../server/ensureConsoleBuild';
import { freePort } from '../../tests/freePort';
import { metric, type Metric } from './metric';

interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks: LongTask[];
  }
}

async function startServer(dataDir: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, QUIET: '1', NODE_ENV: 'test', SEED_DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill();
  throw new Error('The console server did not start for the long-task bench.');
}

async function phase(page: Page, run: () => Promise<void>): Promise<{ tasks: LongTask[]; ms: number }> {
  await page.evaluate(() => (window.__longTasks = []));
  const t0 = Date.now();
  await run();
  // Tasks still running when the last step returned are reported by the observer a moment later.
  await page.waitForTimeout(500);
  return { tasks: await page.evaluate(() => window.__longTasks), ms: Date.now() - t0 };
}

// Plain CSS selectors while measuring: Playwright's role and text queries run in the page and would add tasks of
// their own to the main thread being measured.
const csvEnabled = (page: Page) => page.locator('.finance-toolbar > button:enabled').waitFor({ timeout: 120_000 });
const apply = (page: Page) => page.locator('.report-filter button[type=submit]').click();

export async function benchLongTasks(dataDir: string, log: (line: string) => void): Promise<Metric[]> {
  await ensureConsoleBuild();
  const { url, proc } = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('admin-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/events');
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 864e5).toISOString().slice(0, 10);

    // Sales overview: from the link on /reports to its four charts drawn (the page opens on the last 30 days), and
    // the same with a year applied. Median of 5 openings.
    const overviewDrawn = async () => {
      await page.locator('.overview-chart canvas').nth(3).waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => document.querySelectorAll('.overview-chart canvas').length === 4
        && document.querySelectorAll('.overview-chart .loading-spinner').length === 0);
    };
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${url}/reports`);
      await page.locator('a[href="/reports/sales-overview"]').first().waitFor();
      const t0 = Date.now();
      await page.locator('a[href="/reports/sales-overview"]').first().click();
      await overviewDrawn();
      opens.push(Date.now() - t0);
    }
    const yearApplied: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('From').fill(new Date(Date.now() - (364 + i) * 864e5).toISOString().slice(0, 10));
      await page.getByLabel('To', { exact: true }).fill(to);
      const t0 = Date.now();
      await apply(page);
      await page.waitForTimeout(50);
      await overviewDrawn();
      yearApplied.push(Date.now() - t0);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    log(`  sales overview: opens in ${opens.join(', ')} ms; a year applied in ${yearApplied.join(', ')} ms`);
    const overviewFigures = [
      metric({ metric: 'reports.sales_overview.open_30_days.median', rows: null, value: median(opens), unit: 'ms', budget: null }),
      metric({ metric: 'reports.sales_overview.apply_year.median', rows: null, value: median(yearApplied), unit: 'ms', budget: null }),
    ];
    if (process.env.BENCH_BROWSER === 'overview') return overviewFigures;

    await page.goto(`${url}/reports/financial`);
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await page.getByLabel('From').fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    const finance = await phase(page, async () => {
      await apply(page);
      await csvEnabled(page);
      // As a person does: the select lists its other rates once touched.
      const vat = page.locator('.finance-section select.vat-select').first();
      await vat.focus();
      await vat.selectOption((await vat.inputValue()) === '25' ? '12' : '25');
      for (const tab of ['merchandise', 'totals']) {
        await page.locator(`[role=tab][data-tab-id="${tab}"]`).click();
        await csvEnabled(page);
      }
      await Promise.all([page.waitForEvent('download'), page.locator('.finance-section-head button').click()]);
      await Promise.all([page.waitForEvent('download'), page.locator('.finance-toolbar > button').click()]);
    });
    log(`  financial report: ${finance.tasks.length} long tasks in ${finance.ms} ms`);

    await page.goto(`${url}/reports/accounting`);
    await page.getByLabel('From').fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    const accounting = await phase(page, async () => {
      await apply(page);
      await page.locator('.report-count').filter({ hasText: /rows$/ }).waitFor({ timeout: 600_000 });
      await page.locator('.vt-body').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    });
    const rows = Number((await page.locator('.report-count').innerText()).split(' of ')[0]!.replace(/\D/g, ''));
    log(`  accounting: ${rows} rows, ${accounting.tasks.length} long tasks in ${accounting.ms} ms`);

    const figures = (name: string, tasks: LongTask[], rowCount: number | null) => [
      metric({ metric: `reports.main_thread.${name}.longest_task`, rows: rowCount, value: Math.max(0, ...tasks.map((t) => t.duration)), unit: 'ms', budget: 50 }),
      metric({ metric: `reports.main_thread.${name}.long_tasks`, rows: rowCount, value: tasks.length, unit: 'tasks', budget: 0 }),
    ];
    return [...overviewFigures, ...figures('financial_report_build', finance.tasks, null), ...figures('accounting_100k_rows', accounting.tasks, rows)];
  } finally {
    await browser.close();
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
}
