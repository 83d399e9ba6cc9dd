import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** /promocodes (list, add, edit) and /ombuds (002 §2). */
export class PromoScreens {
  constructor(readonly page: Page) {}

  list() {
    return this.page.getByRole('table', { name: 'Promo codes' });
  }

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async openList({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/promocodes') : this.page.goto('/promocodes'));
    await expect(this.page).toHaveURL('/promocodes/list');
    await expect(this.page.getByRole('heading', { name: 'Promo Codes' })).toBeVisible();
    await expect(this.list()).toBeVisible();
    await expectAccessible(this.page);
  }

  async openAdd() {
    await this.page.getByRole('button', { name: 'Add Promo Code' }).click();
    await expect(this.page).toHaveURL('/promocodes/add');
    await expect(this.page.getByRole('heading', { name: 'Add Promo Code' })).toBeVisible();
  }

  field(label: string) {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async choose(label: string, option: string) {
    const box = this.page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(box).toHaveValue(option);
  }

  /** A field's message under it (its form group's helper text). */
  message(text: string) {
    return this.page.locator('.bp6-form-helper-text', { hasText: text });
  }

  saveButton() {
    return this.page.getByRole('button', { name: 'Save', exact: true });
  }

  async save(toast: 'Promocode created' | 'Promocode saved') {
    await this.saveButton().click();
    // Toasts of earlier saves may still show: the caller checks where the save led.
    await expect(this.page.getByText(toast).first()).toBeVisible();
  }

  row(code: string) {
    return this.list().getByRole('row').filter({ has: this.page.getByText(code, { exact: true }) });
  }

  async rowAction(code: string, action: string) {
    await chooseFromMenu(this.page, `Actions for ${code}`, action);
  }

  async openOmbuds({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/ombuds') : this.page.goto('/ombuds'));
    await expect(this.page.getByRole('heading', { name: 'Ombuds' })).toBeVisible();
    await expectAccessible(this.page);
  }

  ombudDialog() {
    return this.page.getByRole('dialog', { name: /Ombud$/ });
  }
}
