import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';
import { asPrinted, pdfPages, type PdfPage } from '../pdfPages';
import { clickSeatOnMap, settleSeatMap } from './VenueMapScreen';

/** The Box Office tab of an event: the box-office reservations list and its add / edit forms (001 §2). */
export class BoxOfficeScreens {
  constructor(readonly page: Page) {}

  async openList(eventId: number) {
    await this.page.goto(`/events/${eventId}/boxoffice`);
    await expect(this.page.getByRole('heading', { name: 'Box Office', exact: true })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Box-office reservations' }).or(this.page.getByText('There are no reservations yet'))).toBeVisible();
    await expectAccessible(this.page);
  }

  list() {
    return this.page.getByRole('table', { name: 'Box-office reservations' });
  }

  /** The rows of a user, by the cells the user reads. */
  rows(user: string) {
    return this.list().getByRole('row').filter({ has: this.page.getByRole('cell', { name: user, exact: true }) });
  }

  async chooseUser(name: string) {
    const box = this.page.getByRole('combobox', { name: 'User', exact: true });
    await box.click();
    await box.fill(name.slice(0, 4).toLowerCase());
    await this.page.getByRole('option', { name }).click();
    await expect(box).toHaveValue(name);
  }

  extraFee() {
    return this.page.getByLabel('Extra Fee (SEK)');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  /** Deletes a reservation of the list by its row menu, confirmed. */
  async deleteRow(row: Locator) {
    await row.getByRole('button', { name: /Actions for/ }).click();
    await this.page.getByRole('menu').getByText('Delete reservation', { exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete reservation' }).click();
    await expect(this.page.getByText('Reservation deleted.')).toBeVisible();
  }
}

/** The box-office app: assigned events and the counter (001 §2 "Box-office app"). */
export class CounterScreens {
  /** Keys pressed on the counter, counted (the issue: ≤ 5 from an open map to the print dialog). */
  keys = 0;
  constructor(readonly page: Page) {}

  /** `inApp`: back to the list inside the app, as its links go (e2e/inApp.ts), instead of loading it again. */
  async openAssigned({ inApp = false }: { inApp?: boolean } = {}) {
    if (inApp) await openInApp(this.page, '/boxoffice-app');
    else await this.page.goto('/boxoffice-app');
    await expect(this.page.getByRole('table', { name: 'Assigned events' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async press(key: string) {
    this.keys += 1;
    await this.page.keyboard.press(key);
  }

  /** Sells what is selected for the exact amount in cash: Enter opens the payment on cash, Enter on the empty amount pays. */
  async sellForExactCash(tickets: number) {
    await this.press('Enter');
    await expect(this.page.getByLabel('Amount given (SEK)')).toBeFocused();
    await this.press('Enter');
    await expect(this.page.getByText(`${tickets} ticket(s) sold.`)).toBeVisible();
  }

  selection() {
    return this.page.getByRole('table', { name: 'Selection' });
  }

  total() {
    return this.page.getByLabel('Total', { exact: true });
  }

  /** The counter's seat map is drawn and its camera has stopped (it zooms to the section in view when it opens). */
  async mapReady() {
    await this.page.waitForFunction(() => window.__seatMap?.ready === true && window.__seatMap.seatsVisible, null, { timeout: 60_000 });
    await settleSeatMap(this.page);
  }

  /**
   * Where the named section is on the counter's map once its camera has stopped: whether the map shows it as the
   * chosen one, and whether its middle lies in the middle half of the map (the map was moved to it). `index`: its place in the event's sections (the API's order, the map's).
   */
  async sectionShown(name: string, index: number) {
    await settleSeatMap(this.page);
    const canvas = (await this.page.locator('.sale-map .seatmap__canvas').boundingBox())!;
    return this.page.evaluate(({ name, index, canvas }) => {
      const map = window.__seatMap!;
      const p = map.sectionScreenPosition(name);
      const inMiddle = Math.abs(p.x - (canvas.x + canvas.width / 2)) < canvas.width / 4 && Math.abs(p.y - (canvas.y + canvas.height / 2)) < canvas.height / 4;
      return { chosen: map.selectedSection === index, inMiddle };
    }, { name, index, canvas });
  }

  /** A click on a seat of the map (by its seat index), with Shift: its row. Positions come from the test build's engine. */
  clickSeat(seat: number, shift = false) {
    return clickSeatOnMap(this.page, seat, shift ? ['Shift'] : []);
  }

  /** The Selected seats panel's seats as "row seat". */
  selectedSeats() {
    return this.selection().getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => `${r.children[0]!.textContent} ${r.children[1]!.textContent}`));
  }

  lastAdded() {
    return this.page.getByRole('region', { name: 'Last added seats' }).or(this.page.getByLabel('Last added seats'));
  }

  /** The Seat lease panel (issue 35). */
  leasePanel() {
    return this.page.getByLabel('Seat lease', { exact: true });
  }
}

/** One printed ticket's QR code as the print shows it: its content, its drawn width and whether its image loaded. */
export interface PrintedQr { content: string; widthMm: number; loaded: boolean }

/**
 * What the counter prints, as Chromium's print dialog would lay it out (docs/boxoffice.md "Tickets on 80 mm"): the page
 * printed to PDF in print media with the pages' CSS sizes (`@page ticket80`, `receipt80`, `summaryA4`), read page by
 * page (`pdfPages`: size, text, images). From the print-media page: `stray`, whatever prints that is not in `printed`
 * (the console's header, menu, map, dialogs) or is a control (a button, a field), as tag.class, which must be nothing;
 * and `qrs`, the tickets' QR codes.
 */
export async function printedOutput(page: Page, printed: string, pdfPath: string) {
  await page.emulateMedia({ media: 'print' });
  try {
    const shown = await page.evaluate((selector) => {
      const roots = [...document.querySelectorAll(selector)];
      const stray = [...document.body.querySelectorAll('*')]
        .filter((e) => e.getClientRects().length > 0 && (e.matches('button, input, select, textarea') || !roots.some((r) => r.contains(e) || e.contains(r))))
        .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`);
      const qrs = [...document.querySelectorAll<HTMLImageElement>('.ticket-80mm img.ticket-qr')].map((qr) => ({
        content: qr.alt.replace(/^QR code /, ''),
        widthMm: Math.round(qr.getBoundingClientRect().width / (96 / 25.4)),
        loaded: qr.complete && qr.naturalWidth > 0,
      }));
      return { stray, qrs };
    }, printed);
    return { ...shown, qrs: shown.qrs as PrintedQr[], pages: pdfPages(await page.pdf({ preferCSSPageSize: true, path: pdfPath })) };
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}

/** A ticket's page: 80 × 110 mm, its lines of text and its QR code (one image), nothing else. */
export const ticketPage = (lines: string[]): PdfPage => ({ widthMm: 80, heightMm: 110, text: asPrinted(lines.join('')), images: 1 });
/** The receipt's page: 80 × 150 mm, text only. */
export const receiptPage = (text: string): PdfPage => ({ widthMm: 80, heightMm: 150, text, images: 0 });
