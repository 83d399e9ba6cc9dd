import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** /corporates, its form and the Gift Cards (access) list, and the corporate app: what a user sees on them. */
export class CorporateScreens {
  constructor(readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async openList({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/corporates') : this.page.goto('/corporates'));
    await expect(this.page.getByRole('heading', { name: 'Corporates', exact: true })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Corporates' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async addCorporate(values: { corporate_name: string; first_name: string; last_name: string; phone: string; email: string; password: string }) {
    await this.page.getByRole('button', { name: 'Add Corporate' }).click();
    await expect(this.page.getByRole('heading', { name: 'Add Corporate' })).toBeVisible();
    await expectAccessible(this.page);
    const form = this.page.getByRole('form', { name: 'Corporate' });
    await form.getByLabel('Corporate name').fill(values.corporate_name);
    await form.getByLabel('First name').fill(values.first_name);
    await form.getByLabel('Last name').fill(values.last_name);
    await form.getByLabel('Phone').fill(values.phone);
    await form.getByLabel('Email').fill(values.email);
    await form.getByLabel('Password').fill(values.password);
    await form.getByRole('button', { name: 'Add Corporate' }).click();
  }

  /** The Gift Cards list: the corporates whose access is cancelled and restored. */
  async openAccessList() {
    await this.page.getByRole('button', { name: 'Gift Cards' }).click();
    await expect(this.page.getByRole('heading', { name: 'Gift Cards' })).toBeVisible();
    await expect(this.accessList()).toBeVisible();
    await expectAccessible(this.page);
  }

  accessList() {
    return this.page.getByRole('table', { name: 'Gift Cards' });
  }

  async accessAction(name: string, action: 'Cancel Access' | 'Restore Access' | 'Edit') {
    await chooseFromMenu(this.page, `Actions for ${name}`, action);
  }

  async rowCells(table: ReturnType<Page['getByRole']>, name: string): Promise<Record<string, string>> {
    await expect(table.getByRole('row', { name, exact: true })).toBeVisible();
    const headers = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    const cells = await table.getByRole('row', { name, exact: true }).getByRole('cell').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]).filter(([h]) => h));
  }

  // The corporate app.

  myReservations() {
    return this.page.getByRole('table', { name: 'Reservations' });
  }

  async openMyReservation(title: string) {
    await this.myReservations().getByRole('row', { name: title, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(this.tickets()).toBeVisible();
    await expectAccessible(this.page);
  }

  tickets() {
    return this.page.getByRole('table', { name: 'Tickets' });
  }

  /** Opens the send modal on the first unsent ticket, searches the phone as typed and returns the modal. */
  async searchFirstUnsent(phone: string) {
    await this.tickets().getByRole('button', { name: 'Send ticket' }).first().click();
    const modal = this.page.getByRole('dialog', { name: 'Send ticket' });
    await expect(modal).toContainText('Only the person who receives the ticket can return it.');
    await modal.getByLabel('Phone number').pressSequentially(phone);
    return modal;
  }
}
