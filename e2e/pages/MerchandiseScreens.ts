import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';

/** The event's Shop (/events/{id}/merchandise), its Add / Edit Merchandise form, and the gift-card screens. */
export class MerchandiseScreens {
  constructor(readonly page: Page) {}

  async openShop(eventId: number) {
    await this.page.goto(`/events/${eventId}/merchandise`);
    await expect(this.page.getByRole('heading', { name: 'Shop' })).toBeVisible();
    await expect(this.table()).toBeVisible();
    await expectAccessible(this.page);
  }

  table() {
    return this.page.getByRole('table', { name: 'Merchandise' });
  }

  /** The cells of an item's row, by column header. */
  async row(name: string): Promise<Record<string, string>> {
    const headers = (await this.table().getByRole('columnheader').allTextContents()).map((t) => t.trim());
    const cells = await this.table().getByRole('row', { name, exact: true }).getByRole('cell').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]).filter(([h]) => h));
  }

  async rowAction(name: string, action: string) {
    await chooseFromMenu(this.page, `Actions for ${name}`, action);
  }

  form() {
    return this.page.getByRole('form', { name: 'Merchandise' });
  }

  async fillTexts(language: 'English' | 'Swedish', texts: { name: string; description: string; delivery: string; sizeFit: string }) {
    const form = this.form();
    await form.getByLabel(`Name (${language})`, { exact: true }).first().fill(texts.name);
    await form.getByLabel(`Description (${language})`, { exact: true }).fill(texts.description);
    await form.getByLabel(`Delivery description (${language})`, { exact: true }).fill(texts.delivery);
    await form.getByLabel(`Size and fit description (${language})`, { exact: true }).fill(texts.sizeFit);
  }

  async chooseType(label: string) {
    await this.form().getByRole('combobox', { name: 'Type' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async addOption(index: number, option: { en: string; sv: string; sku: string; quantity: string }) {
    await this.form().getByRole('button', { name: 'Add option' }).click();
    const row = this.form().getByRole('group', { name: `Option ${index + 1}` });
    await row.getByLabel('Name (English)').fill(option.en);
    await row.getByLabel('Name (Swedish)').fill(option.sv);
    await row.getByLabel('SKU').fill(option.sku);
    await row.getByLabel('Quantity').fill(option.quantity);
  }

  /** Chooses image files through the form's file input (as the file chooser would). */
  async chooseImages(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.page.locator('#field-images').setInputFiles(files);
  }

  giftCardForm() {
    return this.page.getByRole('form', { name: 'Gift card' });
  }
}
