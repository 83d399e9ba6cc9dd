import type { Page } from '@playwright/test';
import { ADMIN_FEE_EFFECT, FAQ_EFFECT, RESTRICTIONS_EFFECT, VAT_EFFECT } from '../src/domain/settingEffects';
import { expect, test } from './fixtures';
import { seededEventId } from './pages/VenueMapScreen';
import { openAs } from './signIn';

/**
 * Settings that nothing in this product reads (src/domain/settingEffects.ts; tests/unit/settingEffects.test.ts reads the
 * server for them): the screen that saves one says so, beside the field, before anyone saves it believing it changes a
 * sale here. Screenshots at 1440 and 600 px.
 */
const stadium = seededEventId('Midsummer Stadium Night');

async function shoot(page: Page, name: string) {
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('when an admin opens the fees, then the admin fee says nothing here charges it, beside the field', async ({ page }) => {
  await openAs(page, 'admin', '/settings/fees');
  const fees = page.getByRole('form', { name: 'Fees' });
  await expect(fees.getByRole('textbox', { name: /Admin fee/ })).toBeVisible();
  await expect(fees.getByText(ADMIN_FEE_EFFECT)).toBeVisible();
  await shoot(page, 'settings-fees');
});

test('when an admin opens the VAT rates, then each kind says what offers its rates', async ({ page }) => {
  await openAs(page, 'admin', '/settings/vat');
  for (const [kind, words] of [['tickets', VAT_EFFECT.ticket], ['merchandise', VAT_EFFECT.merchandise], ['fees', VAT_EFFECT.fee]] as const) {
    const card = page.locator('.settings-card').filter({ has: page.getByRole('heading', { name: `VAT of ${kind}` }) });
    await expect(card.getByText(words)).toBeVisible();
  }
  await shoot(page, 'settings-vat');
});

test('when an admin opens the FAQ, then the tab says who reads the questions', async ({ page }) => {
  await openAs(page, 'admin', '/settings/faq');
  await expect(page.getByText(FAQ_EFFECT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Q&A item' })).toBeVisible();
  await shoot(page, 'settings-faq');
});

test('when a promoter opens an event\'s restrictions, then the page says which rules take effect in this console', async ({ page }) => {
  await openAs(page, 'promoter', `/events/${stadium}/restrictions`);
  await expect(page.getByRole('heading', { name: 'Restrictions', level: 1 })).toBeVisible();
  await expect(page.getByText(RESTRICTIONS_EFFECT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save restrictions' })).toBeVisible();
  await shoot(page, 'event-restrictions');
});
