import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';

/** /events: "Upcoming Events" with its filters, table and row menus. */
export class EventsListScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/events');
    await this.ready();
  }

  async ready() {
    await expect(this.page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    await expect(this.table()).toBeVisible();
    await expectAccessible(this.page);
  }

  table() {
    return this.page.getByRole('table', { name: 'Events' });
  }

  async columnHeaders(): Promise<string[]> {
    return (await this.table().getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
  }

  row(name: string) {
    return this.table().getByRole('row', { name, exact: true });
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search events' }).fill(text);
  }

  async filterStatus(label: 'All' | 'Active' | 'Passed' | 'Draft') {
    await this.page.getByRole('combobox', { name: 'Status' }).selectOption({ label });
  }

  /** Opens the row menu of an event and clicks one of its items. */
  async rowAction(name: string, item: string) {
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await this.page.getByRole('menu', { name: `Actions for ${name}`, exact: true }).getByText(item, { exact: true }).click();
  }

  async rowMenuItems(name: string): Promise<string[]> {
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    const menu = this.page.getByRole('menu', { name: `Actions for ${name}`, exact: true });
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    const items = await menu.getByRole('menuitem').allInnerTexts();
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await expect(menu).toBeHidden();
    return items.map((t) => t.trim());
  }
}
