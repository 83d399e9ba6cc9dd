import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';

/** The admin's Outbox (/outbox) and one message opened from it (/outbox/{id}), as a person reads them. */
export class OutboxScreens {
  constructor(private readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async open({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/outbox') : this.page.goto('/outbox'));
    await expect(this.page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Messages' })).toBeVisible();
    await expectAccessible(this.page);
  }

  /** The list's row of the newest e-mail to `address` (the list is read again every few seconds). */
  mailRow(address: string) {
    return this.page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: address }).filter({ hasText: 'E-mail' }).first();
  }

  /** Opens a message by its row and waits for its text. */
  async openMessage(address: string) {
    await this.mailRow(address).click();
    await expect(this.page).toHaveURL(/\/outbox\/\d+$/);
    await expect(this.page.getByLabel('Message text')).toBeVisible();
    await expectAccessible(this.page);
  }

  /** The one link in the open message whose address is a password-reset page. */
  resetLink() {
    return this.page.getByLabel('Message text').getByRole('link', { name: /\/reset\// });
  }
}

/** /recovery and the reset page a mailed link opens. */
export class PasswordScreens {
  constructor(private readonly page: Page) {}

  async askForLink(email: string) {
    await this.page.goto('/recovery');
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send the link' }).click();
    return this.page.getByRole('status');
  }

  async setPassword(password: string) {
    await expect(this.page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Repeat the new password').fill(password);
    await this.page.getByRole('button', { name: 'Set password' }).click();
    return this.page.getByRole('status');
  }
}
