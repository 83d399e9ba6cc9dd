import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';

const pad = (n: number) => String(n).padStart(2, '0');
/** dd.MM.yyyy, `days` from today, as the date inputs take it. */
export function formDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** A 1×1 PNG for the image field. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface EventFormInput {
  title: string;
  performer?: string;
  type: string;
  genre?: string;
  venue: string;
  map?: string;
  startInDays: number;
}

/** The event form (create and edit, events and seasons). */
export class EventFormScreen {
  constructor(readonly page: Page) {}

  async ready(title: string) {
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(this.page);
  }

  submitButton() {
    return this.page.locator('form.event-form button[type="submit"]');
  }

  /** A searchable select: open it, type part of the option (case does not matter), pick it. */
  async choose(label: string, option: string, search = option.slice(0, 4).toLowerCase()) {
    const box = this.page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).click();
    await expect(box).toHaveValue(new RegExp(`^${option.replace(/[()]/g, '\\$&')}`));
  }

  async date(label: string, value: string) {
    const input = this.page.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Escape');
  }

  async time(label: string, value: string) {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async fill(input: EventFormInput) {
    await this.page.getByLabel('Title (en)').fill(input.title);
    if (input.performer) await this.page.getByLabel('Performer name (en)').fill(input.performer);
    await this.choose('Type', input.type);
    if (input.genre) await this.choose('Genre', input.genre);
    await this.choose('Venue', input.venue);
    if (input.map) await this.choose('Map', input.map, input.map.slice(0, 4).toUpperCase());
    const day = formDate(input.startInDays);
    await this.date('Start date', day);
    await this.time('Start time', '19:30');
    await this.date('End date', day);
    await this.time('End time', '22:00');
    await this.date('Tickets release date', formDate(1));
    await this.time('Tickets release time', '10:00');
    await this.date('Venue opens date', day);
    await this.time('Venue opens time', '18:30');
  }

  async attachImage() {
    await this.page.locator('#field-medium').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(this.page.getByRole('img', { name: 'Event image' })).toBeVisible();
  }

  fieldError(label: string) {
    return this.page.locator('.bp6-form-group').filter({ has: this.page.getByLabel(label, { exact: true }) }).locator('.bp6-form-helper-text');
  }
}
