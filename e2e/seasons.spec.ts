import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { expect, test } from './fixtures';
import { EventFormScreen } from './pages/EventFormScreen';
import { LoginScreen } from './pages/LoginScreen';
import { SeasonScreens } from './pages/SeasonScreens';

async function signInAs(page: Page, key: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL('/events');
}

// One story per file, in order (each test builds on the data the previous one left); the loaded CI machine gets time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('when a promoter creates a season event, then its child events page opens, empty', async ({ page }) => {
  await signInAs(page, 'promoter');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await page.getByRole('button', { name: 'Create Event' }).click();
  const form = new EventFormScreen(page);
  await form.ready('Create a season event');
  await expect(page.getByText('Events starts as a draft. You can edit this information later on')).toBeVisible();
  await form.fill({ title: 'Playwright Season', type: 'Theater', venue: 'Göta Lejon, Stockholm', map: 'Main hall', startInDays: 60 });
  await form.submitButton().click();
  await expect(page).toHaveURL(/\/season\/\d+$/);
  await seasons.childEventsReady('Playwright Season');
  await expect(page.getByText('No data')).toBeVisible();
});

test('when events are attached to a season, then a priced matching one joins, an unpriced one is refused, and detaching removes it', async ({ page }) => {
  await signInAs(page, 'promoter');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await seasons.openSeason('Göta Lejon Season 2027');

  let modal = await seasons.openAttach();
  const attach = modal.getByRole('button', { name: 'Attach' });
  await expect(attach).toBeDisabled();
  await modal.getByRole('checkbox', { name: 'Select Jazz at the Lion' }).check({ force: true });
  await attach.click();
  await expect(modal.getByRole('alert')).toContainText('"Jazz at the Lion" is not priced');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  modal = await seasons.openAttach();
  await modal.getByRole('checkbox', { name: 'Select Les Misérables (matinée)' }).check({ force: true });
  await modal.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText('Event is attached to seasonal event')).toBeVisible();
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables (matinée)', exact: true })).toBeVisible();

  await seasons.detach('Les Misérables (matinée)');
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables (matinée)', exact: true })).toBeHidden();
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables', exact: true })).toBeVisible();
});

test('when select-all is used in the attach modal, then every event is selected and Attach is enabled', async ({ page }) => {
  await signInAs(page, 'promoter2');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await seasons.openSeason('Season Ticket Allsvenskan 2027');
  const modal = await seasons.openAttach();
  await modal.getByRole('checkbox', { name: 'Select all', exact: true }).check({ force: true });
  const boxes = modal.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).toBeChecked();
  await expect(modal.getByRole('button', { name: 'Attach' })).toBeEnabled();
});

test('when another path under /season is opened, then /404', async ({ page }) => {
  await signInAs(page, 'promoter');
  await page.goto('/season/1/unknown');
  await expect(page).toHaveURL('/404');
});
