import { expect, expectAccessible, test } from './fixtures';
import { useSessionOf } from './signIn';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Account settings (002 §2, §5, §8): the password tab's messages; the password is changed and changed back. */
test('when the password fields are left empty, each says Required; when the change succeeds, then Password changed successfully! and the session goes on', async ({ page }) => {
  await useSessionOf(page, 'corporate2');
  await page.goto('/account-settings/password');
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Required')).toHaveCount(3);
  await expectAccessible(page);

  const change = async (from: string, to: string) => {
    await page.getByLabel('Current password').fill(from);
    await page.getByLabel('New password', { exact: true }).fill(to);
    await page.getByLabel('Repeat the new password').fill(to);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed successfully!').last()).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
  };
  await change('corporate-demo-2', 'account-spec-1');
  // The session continues on the fresh token: the general tab loads the profile.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('corporate2@demo.test');
  await page.getByRole('tab', { name: 'Password' }).click();
  await change('account-spec-1', 'corporate-demo-2');
});

test('when the general tab saves an email the server refuses, then the field says why and the typed values stay', async ({ page }) => {
  await useSessionOf(page, 'corporate2');
  await page.goto('/account-settings/general');
  await page.getByLabel('Email').fill('promoter@demo.test');
  await page.getByLabel('Phone').fill('+46701234567');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This email is already used by another account.')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+46701234567');
});
