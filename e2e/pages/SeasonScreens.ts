import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { chooseFromMenu } from './popoverMenu';
import { openInApp } from '../inApp';

/** /season and /season/{id}: the seasonal list, a season's child events, attach and detach. */
export class SeasonScreens {
  constructor(readonly page: Page) {}

  /** `inApp`: as the console's links go there, in the page already open (no new document; e2e/inApp.ts). */
  async openList({ inApp = false } = {}) {
    await (inApp ? openInApp(this.page, '/season') : this.page.goto('/season'));
    await expect(this.page.getByRole('heading', { name: 'Seasonal Events' })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Seasonal events' })).toBeVisible();
    await expectAccessible(this.page);
  }

  list() {
    return this.page.getByRole('table', { name: 'Seasonal events' });
  }

  async listHeaders(): Promise<string[]> {
    return (await this.list().getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
  }

  /** The cells of a season's row in the list, by column header. */
  async listRow(name: string): Promise<Record<string, string>> {
    const headers = (await this.list().getByRole('columnheader').allTextContents()).map((t) => t.trim());
    const cells = await this.list().getByRole('row', { name, exact: true }).getByRole('cell').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]).filter(([h]) => h));
  }

  async openSeason(name: string) {
    await this.list().getByRole('row', { name, exact: true }).click();
    await this.childEventsReady(name);
  }

  async childEventsReady(name: string) {
    await expect(this.page.getByRole('heading', { name: `${name}: Child Events` })).toBeVisible();
    await expectAccessible(this.page);
  }

  children() {
    return this.page.getByRole('table', { name: 'Child events' });
  }

  /** Attach: the warning first, then the modal; returns the modal for the caller's choices. */
  async openAttach() {
    await this.page.getByRole('button', { name: 'Attach Child Events' }).click();
    const warning = this.page.getByRole('dialog', { name: 'Attach Child Events' });
    await expect(warning).toContainText('Please make sure that the event is priced before you attach it to a seasonal event.');
    await warning.getByRole('button', { name: 'Continue' }).click();
    const modal = this.page.getByRole('dialog', { name: 'Attach events to the seasonal event' });
    await expect(modal.getByRole('table', { name: 'Events to attach' })).toBeVisible();
    return modal;
  }

  async detach(name: string) {
    await chooseFromMenu(this.page, `Actions for ${name}`, 'Detach');
    const dialog = this.page.getByRole('dialog', { name: 'Remove event' });
    await expect(dialog).toContainText('Event will not be deleted, only removed from the seasonal event.');
    await expectAccessible(this.page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
  }
}
