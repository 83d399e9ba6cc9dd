import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures';

/** /venues (admin): venues, their maps and the import of a new map. */
export class VenueImportScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/venues');
    await this.ready();
  }

  /** The page is shown (reached through the side menu, or opened). */
  async ready() {
    await expect(this.page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
    // The venue's maps are asked for once the venues are in, and again after a save: the list is busy until they are
    // (a count of its rows read before that was of none, and the flow then expected none after Cancel).
    await expect(this.maps()).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(this.page);
  }

  chooseVenue(name: RegExp | string) {
    return this.page.getByLabel('Venue').selectOption({ label: typeof name === 'string' ? name : undefined });
  }

  /** Picks a file: a path, or a file made in the flow (name, type and bytes). */
  async upload(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel('SVG file').setInputFiles(file);
    await expect(this.page.getByRole('complementary', { name: 'Import report' })).toBeVisible({ timeout: 30_000 });
  }

  report() {
    return this.page.getByRole('complementary', { name: 'Import report' });
  }

  /** The worker's parse progress of the file picked last. */
  progress() {
    return this.page.getByRole('progressbar', { name: /^Reading / });
  }

  sectionName(section: string) {
    return this.report().getByRole('textbox', { name: `Name of section ${section}`, exact: true });
  }

  sectionKind(section: string) {
    return this.report().getByRole('combobox', { name: `Kind of section ${section}`, exact: true });
  }

  sectionRow(section: string) {
    // `has` is matched inside each row, so its locator starts from the page, not from the report.
    return this.report().getByRole('row')
      .filter({ has: this.page.getByRole('textbox', { name: `Name of section ${section}`, exact: true }) });
  }

  maps() {
    return this.page.locator('.venue-import-maps');
  }
}
