import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { clickSeatOnMap, settleSeatMap } from './VenueMapScreen';

/** Event reservations: the 'Reserved Seats' list, the reservation forms and the reservation map (001 §2). */
export class ReservationScreens {
  constructor(readonly page: Page) {}

  async openList(eventId: number) {
    await this.page.goto(`/events/${eventId}/reservations`);
    await expect(this.page.getByRole('heading', { name: 'Reserved Seats' })).toBeVisible();
    await expectAccessible(this.page);
  }

  list() {
    return this.page.getByRole('table', { name: 'Reservations' });
  }

  row(title: string) {
    return this.list().getByRole('row').filter({ hasText: title });
  }

  statistics() {
    return this.page.getByLabel('Statistics');
  }

  /** Fills the 'Add reservation' form; the corporate by its name when given. */
  async fillForm(v: { title: string; type?: string; corporate?: string; date: string; time: string; description?: string }) {
    await this.page.getByLabel('Title').fill(v.title);
    if (v.type) await this.choose('Type', v.type);
    if (v.corporate) await this.choose('Corporate', v.corporate);
    const date = this.page.getByLabel('Reserved until (date)');
    await date.fill(v.date);
    await date.press('Escape');
    await this.page.getByLabel('Reserved until (time)').fill(v.time);
    if (v.description) await this.page.getByLabel('Description').fill(v.description);
  }

  /** A searchable select: open it, type the start of the option, pick it. */
  private async choose(label: string, option: string) {
    const box = this.page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await box.fill(option.slice(0, 4).toLowerCase());
    await this.page.getByRole('option', { name: option }).click();
    await expect(box).toHaveValue(option);
  }

  async mapReady() {
    await this.page.waitForFunction(() => window.__seatMap?.ready === true, null, { timeout: 60_000 });
    await this.settle();
  }

  settle() {
    return settleSeatMap(this.page);
  }

  /** A click selects the seat (replacing the selection); with Control held it is added. */
  clickSeat(seat: number, add = false) {
    return clickSeatOnMap(this.page, seat, add ? ['Control'] : []);
  }

  /** A click in the middle of the named section (a standing area opens its stepper). */
  async clickSection(name: string) {
    const p = await this.page.evaluate((n) => window.__seatMap!.sectionScreenPosition(n), name);
    await this.page.mouse.click(p.x, p.y);
  }

  /** At the overview a click selects the section and zooms to its seats. */
  async openSection(anySeat: number) {
    await this.clickSeat(anySeat);
    await this.settle();
  }

  /**
   * Clicks a seat where the map shows seats, opening its section first when the map is at the overview (that first
   * click zooms, it does not answer for the seat). Decided by what the settled map shows, not by whether the seat's
   * answer (a dialog) is on screen yet: read once right after the click, it could still be on its way, and the
   * second click then met the dialog.
   */
  async clickSeatWhereShown(seat: number) {
    await this.settle();
    if (!(await this.page.evaluate(() => window.__seatMap!.seatsVisible))) await this.openSection(seat);
    await this.clickSeat(seat);
  }

  selected(): Promise<number[]> {
    return this.page.evaluate(() => Array.from(window.__seatMap!.selected as ArrayLike<number>));
  }
}
