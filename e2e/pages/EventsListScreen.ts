import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu, openMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** /events: "Upcoming Events" with its filters, table and row menus. */
export class EventsListScreen {
  constructor(readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async open({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/events') : this.page.goto('/events'));
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

  /** The Start date cells (dd.mm.yyyy hh:mm) of the rows shown, or of the one event named. */
  async startDates(name?: string): Promise<string[]> {
    const column = (await this.columnHeaders()).indexOf('Start date');
    const rows = name ? this.row(name) : this.table().getByRole('row').filter({ has: this.page.getByRole('cell') });
    return (await rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), column)).map((t) => t.trim());
  }

  startDateFilter() {
    return this.page.getByLabel('Start date', { exact: true });
  }

  /** Picks a day in the Start date filter's calendar: its month and year from the caption's menus, then the day. */
  async pickStartDate(day: number, monthName: string, year: number) {
    await this.startDateFilter().click();
    const calendar = this.page.locator('.bp6-datepicker');
    await calendar.getByRole('combobox').first().selectOption({ label: monthName });
    await calendar.getByRole('combobox').nth(1).selectOption({ label: String(year) });
    await calendar.getByRole('gridcell', { name: String(day), exact: true }).and(this.page.locator(':not(.rdp-day_outside)')).click();
  }

  /** Opens the row menu of an event and clicks one of its items. */
  async rowAction(name: string, item: string) {
    await chooseFromMenu(this.page, `Actions for ${name}`, item);
  }

  async rowMenuItems(name: string): Promise<string[]> {
    const menu = await openMenu(this.page, `Actions for ${name}`);
    const items = await menu.getByRole('menuitem').allInnerTexts();
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await expect(menu).toBeHidden();
    return items.map((t) => t.trim());
  }
}
