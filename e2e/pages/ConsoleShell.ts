import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { openMenu } from './popoverMenu';

/** Header, side menu and the page area of a signed-in user. */
export class ConsoleShell {
  constructor(readonly page: Page) {}

  sideMenu() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async sideMenuLabels(): Promise<string[]> {
    return (await this.sideMenu().getByRole('link').allInnerTexts()).map((t) => t.trim());
  }

  async ready() {
    await expect(this.page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expectAccessible(this.page);
  }

  /** Opens the profile dropdown (leaves it open when it already is). */
  openProfileMenu() {
    return openMenu(this.page, 'Profile menu', 'Profile');
  }

  async logout() {
    const menu = await this.openProfileMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
