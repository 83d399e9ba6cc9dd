import { expect, test } from './fixtures';
import { VenueImportScreen } from './pages/VenueImportScreen';
import { signInToShell } from './signIn';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// The maps saved here get a name of their own per run, so the shared database keeps working for the other specs.
const stamp = Date.now().toString(36);

test('when an admin uploads a map with a warning, then the warning shows where it is on the map, and Cancel keeps nothing', async ({ page }) => {
  await signInToShell(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByText('Venues').click();
  const screen = new VenueImportScreen(page);
  await expect(page).toHaveURL('/venues');
  await screen.open();
  const before = await screen.maps().getByRole('row').count();
  await screen.upload('tests/fixtures/venues/marked-with-plaques.svg');
  const report = screen.report();
  await expect(report.getByText('1 warning', { exact: true })).toBeVisible();
  await expect(report.getByRole('row', { name: /Stalls 6 2 Guessed/ })).toBeVisible();
  const warning = report.getByRole('button', { name: /Show on the map: 1 unmarked shape/ });
  await warning.click();
  await expect(warning).toHaveClass(/active/);
  await expect(page.getByRole('button', { name: 'Accept warnings and save' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toBeHidden();
  await expect(screen.maps().getByRole('row')).toHaveCount(before);
});

test('when an admin uploads a clean map and saves it, then it is listed with its seats', async ({ page }) => {
  await signInToShell(page, 'admin');
  const screen = new VenueImportScreen(page);
  await screen.open();
  await screen.upload('tests/fixtures/venues/plain-attributes.svg');
  await expect(screen.report().getByText('No warnings: everything seat-like in the file was read.')).toBeVisible();
  await page.getByLabel('Map name').fill(`Imported ${stamp}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(screen.report()).toBeHidden();
  await expect(screen.maps().getByRole('row', { name: `Imported ${stamp} 4 5` })).toBeVisible();
});
