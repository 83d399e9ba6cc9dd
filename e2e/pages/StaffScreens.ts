import type { Page } from '@playwright/test';
import { expect, expectAccessible, tick } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** Scanner users, box-office users and affiliates (002 §2): lists, forms, the assign modal and the branding tab. */
export class StaffScreens {
  constructor(readonly page: Page) {}

  table(name: string) {
    return this.page.getByRole('table', { name });
  }

  row(table: string, name: string) {
    return this.table(table).getByRole('row', { name, exact: true });
  }

  async headers(table: string): Promise<string[]> {
    // The header row is drawn with the first page of rows: wait for it instead of reading an empty table.
    await this.table(table).getByRole('columnheader').first().waitFor();
    return (await this.table(table).getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
  }

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async openPage(path: string, heading: string, { inApp = false } = {}) {
    await (inApp ? openInApp(this.page, path) : this.page.goto(path));
    await expect(this.page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectAccessible(this.page);
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The message under a form field (its own error or the server's). */
  fieldMessage(label: string) {
    return this.page.locator('.bp6-form-group').filter({ has: this.field(label) }).locator('.bp6-form-helper-text');
  }

  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async rowAction(name: string, action: string) {
    await chooseFromMenu(this.page, `Actions for ${name}`, action);
  }

  /** 'Assign to event': ticks the events, assigns, and returns the modal (its progress reads 'n of total'). */
  async assignEvents(names: string[]) {
    await this.page.getByRole('button', { name: 'Assign to event' }).click();
    const modal = this.page.getByRole('dialog', { name: 'Assign to event' });
    for (const name of names) await tick(modal.getByLabel(name, { exact: true }));
    await expectAccessible(this.page);
    await modal.getByRole('button', { name: 'Assign', exact: true }).click();
    return modal;
  }
}
