import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** /users, /promoters and /blacklist (002 §2): what an admin or a promoter sees and does there. */
export class PeopleScreens {
  constructor(readonly page: Page) {}

  table(name: string) {
    return this.page.getByRole('table', { name, exact: true });
  }

  async headers(table: string): Promise<string[]> {
    return (await this.table(table).getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
  }

  /** The cells of a row by column header. */
  async row(table: string, name: string): Promise<Record<string, string>> {
    const headers = (await this.table(table).getByRole('columnheader').allTextContents()).map((t) => t.trim());
    const cells = await this.table(table).getByRole('row', { name, exact: true }).getByRole('cell').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]).filter(([h]) => h));
  }

  async rowAction(name: string, action: string) {
    await chooseFromMenu(this.page, `Actions for ${name}`, action);
  }

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async openUsers({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/users') : this.page.goto('/users'));
    await expect(this.page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(this.table('Users')).toBeVisible();
    await expectAccessible(this.page);
  }

  async searchUsers(text: string, type = 'All Types') {
    await this.page.getByRole('searchbox', { name: 'Search users' }).fill(text);
    await this.page.getByRole('combobox', { name: 'Type' }).selectOption({ label: type });
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  async openPromoters({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/promoters') : this.page.goto('/promoters'));
    await expect(this.page.getByRole('heading', { name: 'Promoters' })).toBeVisible();
    await expect(this.table('Promoters')).toBeVisible();
    await expectAccessible(this.page);
  }

  /**
   * Pages through the promoters (sorted by name) until the named one shows. Each page is read once it is in: the
   * table keeps the page before on screen, busy, while the next is asked for (read at once, the promoter was not on
   * it, Next was pressed again and its page skipped).
   */
  async pageToPromoter(name: string) {
    const table = this.table('Promoters');
    for (;;) {
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      if (await table.getByRole('row', { name, exact: true }).isVisible()) return;
      const next = this.page.getByRole('button', { name: 'Next page' });
      await expect(next, `${name} is on no page of the promoters`).toBeEnabled();
      await next.click();
    }
  }

  promoterForm() {
    return this.page.getByRole('form', { name: 'Promoter' });
  }

  async fillPromoter(fields: Record<string, string>) {
    const form = this.promoterForm();
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  }

  /** Types the fee rows (SEK), adding rows as needed. */
  async fillFees(rows: [string, string, string][]) {
    const form = this.promoterForm();
    for (const [i, [min, max, fee]] of rows.entries()) {
      const row = form.getByRole('group', { name: `Fee row ${i + 1}` });
      if (!(await row.isVisible())) await form.getByRole('button', { name: 'Add Fee' }).click();
      await row.getByLabel('Ticket price min', { exact: true }).fill(min);
      await row.getByLabel('Ticket price max', { exact: true }).fill(max);
      await row.getByLabel('Fee', { exact: true }).fill(fee);
    }
  }

  feeRow(i: number) {
    return this.promoterForm().getByRole('group', { name: `Fee row ${i}` });
  }

  async openBlacklist({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/blacklist') : this.page.goto('/blacklist'));
    await expect(this.page.getByRole('heading', { name: 'Blacklist' })).toBeVisible();
    await expect(this.table('Blacklist')).toBeVisible();
    await expectAccessible(this.page);
  }

  /**
   * 'Add User': finds the person, chooses them, sets the expiry date (typed as dd.MM.yyyy, 000 §5) and saves. With
   * `refused`: first types that text and saves, and expects the form to say it is no dd.MM.yyyy date and keep it.
   */
  async blacklistPerson(search: string, choice: string, expiry: string, refused?: string) {
    await this.page.getByRole('button', { name: 'Add User' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('User', { exact: true }).fill(search);
    await dialog.getByRole('option', { name: choice }).click();
    const box = dialog.getByLabel('Expiration Date', { exact: true });
    if (refused !== undefined) {
      await box.fill(refused);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Enter a date as dd.mm.yyyy')).toBeVisible();
      await expect(box).toHaveValue(refused);
    }
    await box.fill(expiry);
    await expectAccessible(this.page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
}
