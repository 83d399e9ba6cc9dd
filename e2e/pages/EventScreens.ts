import type { Page } from '@playwright/test';
import { expect, expectAccessible, tick } from '../fixtures';

/** The screens of one event: its side menu, dashboard, ticket types, restrictions and publish screens. */
export class EventScreens {
  constructor(readonly page: Page) {}

  menu() {
    return this.page.getByRole('navigation', { name: 'Event' });
  }

  /** A side-menu item's done mark: 'done', 'not done' or null when the item has none. */
  async doneMark(item: string): Promise<string | null> {
    const entry = this.menu().locator('.event-menu-item', { hasText: item });
    const mark = entry.locator('.done-mark');
    if ((await mark.count()) === 0) return null;
    return mark.locator('title').textContent();
  }

  async go(item: string) {
    // A link's name also carries its done mark ("Ticket types done").
    await this.menu().getByRole('link', { name: new RegExp(`^${item}`) }).click();
  }

  async dashboardReady(name: string) {
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(this.page.locator('.figures')).toBeVisible();
    await expectAccessible(this.page);
  }

  figure(label: string) {
    return this.page.locator('.figure', { hasText: label }).locator('.figure-value');
  }

  // Ticket types
  async addTicketTypes(opts: { includeKids: boolean }) {
    await expect(this.page.getByText('What type of ticket would you like to start with?')).toBeVisible();
    await this.page.getByRole('button', { name: 'Add Tickets Types' }).click();
    if (opts.includeKids) await tick(this.page.getByRole('checkbox', { name: 'Include Kids' }));
    await expectAccessible(this.page);
    await this.page.getByRole('button', { name: 'Save ticket types' }).click();
  }

  ticketTypeList() {
    return this.page.getByRole('list', { name: 'Ticket types' });
  }

  // Restrictions
  async saveRestrictions(values: { maxTickets: string; kidsAllowed: boolean }) {
    await this.page.getByLabel('Max number of tickets per purchase').fill(values.maxTickets);
    const kids = this.page.getByRole('checkbox', { name: 'Kids allowed' });
    await expect(kids).toBeEnabled();
    if (values.kidsAllowed) await tick(kids);
    await expectAccessible(this.page);
    await this.page.getByRole('button', { name: 'Save restrictions' }).click();
  }

  // Publish
  publishButton() {
    return this.page.getByRole('button', { name: 'Publish', exact: true });
  }

  async publish() {
    await expect(this.page.getByRole('checkbox', { name: "Publish on the promoter's social page" })).toBeChecked();
    await expect(this.page.getByRole('checkbox', { name: 'Publish on the default page' })).toBeChecked();
    await expectAccessible(this.page);
    await this.publishButton().click();
  }

  // Social media postings
  /** The State cell of one page's row ("Promoter's page", "Default page") on the social media postings tab. */
  socialPostingState(pageName: string) {
    return this.page.getByRole('table', { name: 'Social media postings' }).getByRole('row', { name: new RegExp(`^${pageName}`) }).getByRole('cell').nth(1);
  }

  async unpublish() {
    await this.page.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Unpublish event' });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog).toBeHidden();
  }
}
