import { expect, test } from './fixtures';
import { BoxOfficeScreens } from './pages/BoxOfficeScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { signInToShell } from './signIn';

test.describe.configure({ timeout: 180_000 });

const stadium = seededEventId('Midsummer Stadium Night');

test('when a promoter adds, edits and deletes a box-office reservation, then each message shows and the list follows', async ({ page }) => {
  await signInToShell(page, 'promoter');
  const screens = new BoxOfficeScreens(page);
  await screens.openList(stadium);
  // The seeded reservation of the demo box-office user is there; ours is added beside it.
  const before = await screens.rows('Globen Box Office').count();

  await page.getByRole('button', { name: 'Add Reservation' }).first().click();
  await expect(page).toHaveURL(`/events/${stadium}/boxoffice/add`);
  await expect(page.getByRole('heading', { name: 'Add box-office reservation' })).toBeVisible();
  await screens.save();
  await expect(page.getByText('User is required')).toBeVisible();
  await expect(page.getByText('Extra Fee is required')).toBeVisible();

  await screens.chooseUser('Globen Box Office');
  await screens.extraFee().fill('12,505');
  await screens.save();
  await expect(page.getByText('At most 2 decimals')).toBeVisible();
  await screens.extraFee().fill('tolv');
  await screens.save();
  await expect(page.getByText('Must be a number')).toBeVisible();
  await screens.extraFee().fill('12,50');
  await screens.save();

  await expect(page).toHaveURL(`/events/${stadium}/boxoffice`);
  await expect(screens.rows('Globen Box Office')).toHaveCount(before + 1);
  const ours = screens.rows('Globen Box Office').filter({ hasText: '12,50' });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('cell').nth(2)).toHaveText('0');

  await ours.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menu').getByText('Edit', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit box-office reservation' })).toBeVisible();
  await expect(screens.extraFee()).toHaveValue('12,50');
  await screens.extraFee().fill('');
  await screens.save();
  await expect(page.getByText('Extra Fee is required')).toBeVisible();
  await screens.extraFee().fill('30,75');
  await screens.save();
  await expect(page).toHaveURL(`/events/${stadium}/boxoffice`);
  const edited = screens.rows('Globen Box Office').filter({ hasText: '30,75' });
  await expect(edited).toHaveCount(1);

  await edited.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menu').getByText('Delete reservation', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete reservation' }).click();
  await expect(page.getByText('Reservation deleted.')).toBeVisible();
  await expect(screens.rows('Globen Box Office')).toHaveCount(before);
});
