import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Opens the dropdown menu named `menuName` with the button named `buttonName` (leaves it open when it already is)
 * and waits until it has finished growing in. A click on an item while Blueprint's opening transition (0.3 s, longer
 * on a loaded machine) still moved the menu was lost once in a CI run: the menu stayed open and nothing happened.
 */
export async function openMenu(page: Page, buttonName: string, menuName = buttonName): Promise<Locator> {
  const menu = page.getByRole('menu', { name: menuName, exact: true });
  const button = page.getByRole('button', { name: buttonName, exact: true });
  // Open means the button says so: a menu just chosen from is still visible while it fades out.
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(menu).toBeVisible();
  await expect(page.locator('.bp6-popover-transition-container', { has: menu })).toHaveClass(/bp6-popover-enter-done/);
  return menu;
}

/** Chooses `item` in the dropdown menu of the button named `buttonName` (a table row's "Actions for …"). */
export async function chooseFromMenu(page: Page, buttonName: string, item: string): Promise<void> {
  await (await openMenu(page, buttonName)).getByText(item, { exact: true }).click();
}
