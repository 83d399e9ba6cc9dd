import type { Page } from '@playwright/test';
import { expect, expectAccessible, tick } from '../fixtures';
import { openInApp } from '../inApp';

/** `inApp`: reach the screen as the console's links do, in the page already open (e2e/inApp.ts), not by a new load. */
export interface OpenOptions {
  inApp?: boolean;
}

/** /orders, /orders/{id}/{tab}, /settings/refund, /events/{id}/reassign and its order page, /logs. */
export class OrderScreens {
  constructor(readonly page: Page) {}

  async openList({ inApp = false }: OpenOptions = {}) {
    if (inApp) await openInApp(this.page, '/orders');
    else await this.page.goto('/orders');
    await expect(this.page.getByRole('heading', { name: 'Reservations' })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Reservations' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async search(text: string) {
    await this.page.getByRole('textbox', { name: 'Search by order ID, user name, document, phone or email' }).fill(text);
    await this.page.keyboard.press('Enter');
    // The previous rows stay on screen until the search's answer replaces them (the table is busy meanwhile): a row
    // clicked before that can move away under the pointer.
    await expect(this.page.getByRole('table', { name: 'Reservations' })).not.toHaveAttribute('aria-busy', 'true');
  }

  row(orderId: number) {
    return this.page.getByRole('table', { name: 'Reservations' }).getByRole('row', { name: `Order ${orderId}`, exact: true });
  }

  async openOrder(orderId: number) {
    await this.row(orderId).click();
    await expect(this.page.getByRole('heading', { name: `Reservation #${orderId}` })).toBeVisible();
    await expectAccessible(this.page);
  }

  async openTab(name: 'General' | 'Payments') {
    await this.page.getByRole('tab', { name }).click();
  }

  /**
   * Waits until the order page shows the order as it now is: after a refund, a void or a re-seat made in the console
   * the order is asked for again, and until it is in the page shows it from before, busy ('Updating').
   */
  async orderIsIn() {
    await expect(this.page.locator('.page[aria-busy="true"]')).toHaveCount(0);
  }

  /** The summary of a payment, label → text, as the payments tab shows it. */
  async paymentSummary(paymentId: number): Promise<Record<string, string>> {
    const table = this.page.getByRole('table', { name: `Summary of payment ${paymentId}` });
    await expect(table).toBeVisible();
    await this.orderIsIn();
    const rows = await table.getByRole('row').all();
    const out: Record<string, string> = {};
    for (const r of rows) out[(await r.getByRole('rowheader').innerText()).trim()] = (await r.getByRole('cell').innerText()).trim();
    return out;
  }

  /** Move on a ticket of the General tab: the re-seat map of that ticket. */
  async moveTicket(itemId: number) {
    await this.page.getByRole('button', { name: `Move ticket ${itemId} to another seat` }).click();
    await expect(this.page.getByRole('heading', { name: /^Move a ticket: reservation #/ })).toBeVisible();
  }

  reseatPanel() {
    return this.page.getByLabel('Move ticket', { exact: true });
  }

  /** Voids the open order through its dialog; `said` is what the dialog and the notice must say (by default any void). */
  async voidOrder(said: { dialog?: RegExp; notice?: RegExp } = {}) {
    await this.page.getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Void the order' });
    if (said.dialog) await expect(dialog).toContainText(said.dialog);
    await dialog.getByRole('button', { name: 'Void', exact: true }).click();
    await expect(this.page.getByText(said.notice ?? /^Order voided/)).toBeVisible();
  }

  async openRefund(orderId: number, { inApp = false }: OpenOptions = {}) {
    if (inApp) await openInApp(this.page, '/settings/refund');
    else await this.page.goto('/settings/refund');
    await expect(this.page.getByRole('heading', { name: 'Refund' })).toBeVisible();
    await this.page.getByRole('textbox', { name: 'Order ID' }).fill(String(orderId));
    await this.page.getByRole('button', { name: 'Search' }).click();
    await expect(this.page.getByRole('table', { name: 'Paid items' })).toBeVisible();
    await expectAccessible(this.page);
  }

  async chooseRefund(itemId: number, staysValid: boolean) {
    await tick(this.page.getByRole('checkbox', { name: `Refund item ${itemId}` }));
    if (staysValid) await tick(this.page.getByRole('checkbox', { name: `Item ${itemId} stays valid` }));
  }

  /** The refund screen's proposal for an item: the amount back to the customer (editable) and the refund fee kept. */
  backToCustomer(itemId: number) {
    return this.page.getByRole('textbox', { name: `Back to customer for item ${itemId}` });
  }

  feeKept(itemId: number) {
    return this.page.getByRole('cell', { name: `Refund fee kept for item ${itemId}` });
  }

  /**
   * Process Refund asks first: the dialog names the amount and the seats freed. Returns what it said (amount text
   * and the seats listed), then confirms.
   */
  async processRefund(reason?: string): Promise<{ amount: string; seatsFreed: string[]; kept: string }> {
    if (reason) await this.page.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
    await this.page.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Process the refund' });
    await expect(dialog).toBeVisible();
    await expectAccessible(this.page);
    const confirm = dialog.getByRole('button', { name: /^Refund / });
    const amount = (await confirm.innerText()).replace(/^Refund /, '').trim();
    const list = dialog.getByRole('list', { name: 'Seats freed' });
    const seatsFreed = (await list.count()) ? (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim()) : [];
    const kept = (await dialog.getByText(/refund fee/).innerText()).trim();
    await confirm.click();
    await expect(this.page.getByText('Refund successful!')).toBeVisible();
    await expect(dialog).toBeHidden();
    return { amount, seatsFreed, kept };
  }

  /** The refunds of a payment as the payments tab lists them: one record per row, header → text. */
  async paymentRefunds(paymentId: number): Promise<Record<string, string>[]> {
    const table = this.page.getByRole('table', { name: `Refunds of payment ${paymentId}` });
    await expect(table).toBeVisible();
    await this.orderIsIn();
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const out: Record<string, string>[] = [];
    for (const r of await table.locator('tbody tr').all()) {
      const cells = (await r.getByRole('cell').allInnerTexts()).map((c) => c.trim());
      out.push(Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
    }
    return out;
  }

  /** The payment's status as shown ("paid", "partly refunded", "refunded"). */
  paymentStatus(paymentId: number) {
    return this.page.getByRole('region', { name: `Payment ${paymentId}` }).locator('dt:has-text("Status") + dd');
  }
}
