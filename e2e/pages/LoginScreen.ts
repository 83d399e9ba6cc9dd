import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';

export class LoginScreen {
  constructor(private readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async open({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/login') : this.page.goto('/login'));
    await this.ready();
  }

  async ready() {
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  alert() {
    return this.page.getByRole('alert');
  }
}
