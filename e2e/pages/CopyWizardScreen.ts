import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';

/** /events/{id}/copy: the five steps of the copy wizard. */
export class CopyWizardScreen {
  constructor(readonly page: Page) {}

  async ready(name: string) {
    await expect(this.page.getByRole('heading', { name: `Copy “${name}”` })).toBeVisible();
    for (const step of ['1. Event Info', '2. Ticket Types & Prices', '3. Restrictions', '4. Reservations', '5. Shop']) {
      await expect(this.page.getByText(step, { exact: true })).toBeVisible();
    }
    await expectAccessible(this.page);
  }

  async start(day: string, time = '19:00') {
    const date = this.page.getByLabel('Start date', { exact: true });
    await date.fill(day);
    await date.press('Escape');
    await this.page.getByLabel('Start time', { exact: true }).fill(time);
    await this.page.getByRole('button', { name: 'Copy event' }).click();
  }
}
