import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';

/** The Box Office tab of an event: the box-office reservations list and its add / edit forms (001 §2). */
export class BoxOfficeScreens {
  constructor(readonly page: Page) {}

  async openList(eventId: number) {
    await this.page.goto(`/events/${eventId}/boxoffice`);
    await expect(this.page.getByRole('heading', { name: 'Box Office', exact: true })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Box-office reservations' }).or(this.page.getByText('There are no reservations yet'))).toBeVisible();
    await expectAccessible(this.page);
  }

  list() {
    return this.page.getByRole('table', { name: 'Box-office reservations' });
  }

  /** The rows of a user, by the cells the user reads. */
  rows(user: string) {
    return this.list().getByRole('row').filter({ has: this.page.getByRole('cell', { name: user, exact: true }) });
  }

  async chooseUser(name: string) {
    const box = this.page.getByRole('combobox', { name: 'User', exact: true });
    await box.click();
    await box.fill(name.slice(0, 4).toLowerCase());
    await this.page.getByRole('option', { name }).click();
    await expect(box).toHaveValue(name);
  }

  extraFee() {
    return this.page.getByLabel('Extra Fee (SEK)');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
