import type { Page } from '@playwright/test';
import type { OperationsStatus } from '../src/contracts/operations';
import { venueDateTimeSeconds } from '../src/domain/venueClock';
import { expect, test } from './fixtures';
import { openAs } from './signIn';

/**
 * Times the console shows are on the venue's clock (Stockholm) in its own formats (000 §5: dd.MM.yyyy, HH:mm), whatever
 * the browser's zone and locale: here a browser in New York writing en-US. Screenshots at 1440 and 600 px.
 */
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

async function shoot(page: Page, name: string) {
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('when an admin in another zone opens Settings → Operations, then the check\'s time and each job\'s exact run are dd.MM.yyyy HH:mm:ss on the venue clock', async ({ page }) => {
  // Every answer the tab polls (every 5 s): the time shown must be one of theirs, on the venue clock.
  const answers: OperationsStatus[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/operations' && r.ok()) void r.json().then((b: OperationsStatus) => answers.push(b), () => undefined);
  });
  await openAs(page, 'admin', '/settings/operations');
  const checked = page.getByRole('row', { name: /^Checked/ }).getByRole('cell');
  await expect(checked).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  await expect.poll(async () => {
    const shown = (await checked.innerText()).slice(0, 19);
    return answers.some((a) => venueDateTimeSeconds(a.checkedAt) === shown);
  }).toBe(true);
  // A job's exact last run (the "Last run" cell's title) is the same format, once a job has run.
  const jobs = page.getByRole('table', { name: 'Background jobs' });
  await expect(jobs.getByRole('row')).not.toHaveCount(0);
  const titled = jobs.locator('span[title]').first();
  await expect(titled).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  await shoot(page, 'settings-operations');
});
