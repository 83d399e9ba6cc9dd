import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';

/** /settings/{fees|vat|forget|faq}: Platform Settings (002 §2). */
export class SettingsScreens {
  constructor(readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async open(tab: 'fees' | 'vat' | 'forget' | 'faq', { inApp = false } = {}) {
    await (inApp ? openInApp(this.page, `/settings/${tab}`) : this.page.goto(`/settings/${tab}`));
    await expect(this.page.getByRole('heading', { name: 'Platform Settings' })).toBeVisible();
    await expect(this.page.getByRole('tab', { selected: true })).toHaveText({ fees: 'Fees', vat: 'VAT', forget: 'Forget user', faq: 'FAQ' }[tab]);
  }

  async ready() {
    await expect(this.page.locator('.bp6-spinner')).toHaveCount(0);
    await expectAccessible(this.page);
  }

  field(label: string) {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  faqTable() {
    return this.page.getByRole('table', { name: 'FAQ' });
  }

  faqDialog() {
    return this.page.getByRole('dialog', { name: /Q&A item$/ });
  }
}
