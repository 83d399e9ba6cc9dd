import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, tick } from '../fixtures';
import { openInApp } from '../inApp';

/** /crm/{filter|send|download}: the segment filter, its count, the message and the customer export. */
export class CrmScreens {
  constructor(readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async open(mode = 'filter', { inApp = false } = {}) {
    await (inApp ? openInApp(this.page, `/crm/${mode}`) : this.page.goto(`/crm/${mode}`));
    await expect(this.page.getByRole('heading', { name: 'CRM' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Count' })).toBeVisible();
    await expectAccessible(this.page);
  }

  tab(name: 'Filter' | 'Send Messages' | 'Download') {
    return this.page.getByRole('tab', { name });
  }

  /** Ticks a metric and sets its operator, value and period. */
  async metric(label: string, operator: 'More than' | 'Less than' | 'Equal', value: string, period: 'No time' | 'This month' | 'This year' | 'Custom range') {
    const box = this.page.getByRole('group', { name: label });
    await tick(box.getByLabel(label));
    await box.getByLabel('Operator').selectOption({ label: operator });
    await box.getByLabel(/^Value/).fill(value);
    await box.getByLabel('Period').selectOption({ label: period });
  }

  /** Unticks a metric: it no longer narrows the segment. */
  async dropMetric(label: string) {
    const box = this.page.getByRole('group', { name: label });
    await box.getByLabel(label).locator('xpath=ancestor::label[1]').click();
    await expect(box.getByLabel(label)).not.toBeChecked();
  }

  async count(): Promise<number> {
    await this.page.getByRole('button', { name: 'Count' }).click();
    const shown = this.page.locator('output.crm-count');
    await expect(shown).toBeVisible();
    return Number((await shown.innerText()).replace(/\D/g, ''));
  }

  async sendMessage(en: string, sv: string) {
    await this.tab('Send Messages').click();
    await expect(this.page).toHaveURL(/\/crm\/send\?/);
    await this.page.getByLabel('Message in English').fill(en);
    await this.page.getByLabel('Message in Swedish').fill(sv);
    await expectAccessible(this.page);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
  }

  /** The confirmation before a send: it names the count and shows both texts; `confirm` sends. */
  confirmation() {
    return this.page.getByRole('dialog');
  }

  async confirmSend() {
    await this.confirmation().getByRole('button', { name: /^Send to / }).click();
    await expect(this.confirmation()).toBeHidden();
  }

  /** The line that follows a send's messages ("Queued N messages: …"). */
  deliveryStatus() {
    return this.page.locator('.crm-delivery-line');
  }

  async openDownload() {
    await this.tab('Download').click();
    await expect(this.page).toHaveURL(/\/crm\/download\?/);
    await expectAccessible(this.page);
  }

  async download(): Promise<Download> {
    const [file] = await Promise.all([this.page.waitForEvent('download', { timeout: 120_000 }), this.page.getByRole('button', { name: 'Download', exact: true }).last().click()]);
    return file;
  }
}
