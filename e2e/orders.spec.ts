import type { OrderDetail, OrdersList } from '../src/contracts/orders';
import type { FinanceRow } from '../src/contracts/reports';
import type { PlatformSettings } from '../src/contracts/settings';
import { formatAmount, formatSek, oreFromSek } from '../src/domain/money';
import { isFeeItem } from '../workers/reports/financeRows';
import { expect, test, tick } from './fixtures';
import { OrderScreens } from './pages/OrderScreens';
import { FinancialReportScreen } from './pages/ReportScreens';
import { openInApp } from './inApp';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, sessionTokenOf, useSessionOf } from './signIn';

// The e2e database is shared: each flow picks its own demo order (the first that still fits) and changes only it.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** Digits and the decimal comma only: the screen groups thousands with a no-break space. */
const digits = (text: string) => text.replace(/[^\d,]/g, '');
const sekText = (sek: number) => sek.toFixed(2).replace('.', ',');

test('when an admin finds an order by phone, then its payments summary adds up; two of its tickets are refunded, one staying valid, and the finance report\'s returns grow by them', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const list = await apiGet<OrdersList>(page, request, '/api/orders?per_page=200');
  let order: OrderDetail | null = null;
  for (const row of list.collection.filter((o) => o.status === 'completed' && o.owner?.phone && o.tickets >= 2)) {
    const d = await apiGet<OrderDetail>(page, request, `/api/orders/${row.id}`);
    if (d.items.filter((i) => i.type === 'ticket' && i.valid && i.refundable > 0).length >= 2) {
      order = d;
      break;
    }
  }
  expect(order).not.toBeNull();
  const o = order!;
  const screens = new OrderScreens(page);
  await screens.openList();
  await screens.search(o.owner!.phone!.replace('+46', '0'));
  await expect(screens.row(o.id)).toBeVisible();
  await screens.openOrder(o.id);
  await expect(page.getByRole('table', { name: 'Items: tickets' })).toBeVisible();

  await screens.openTab('Payments');
  const paid = o.payments.find((p) => p.status === 'paid')!;
  const summary = await screens.paymentSummary(paid.id);
  expect(digits(summary.Total)).toBe(sekText(paid.amount));
  expect(digits(summary.Ticket)).toBe(sekText(paid.summary.ticket));

  const [a, b] = o.items.filter((i) => i.type === 'ticket' && i.valid && i.refundable > 0);
  // The event's returns today before the refund (the report dates a return by its refund, Stockholm time).
  const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
  const returns = (await apiGet<{ data: FinanceRow[] }>(page, request, `/api/reports/finance/totals/refunds?from_date=${day}&to_date=${day}&event_id=${o.event.id}`)).data;
  const returnedOre = returns.reduce((sum, r) => sum + oreFromSek(r.price_incl_vat), 0);
  // The table's quantity leaves fees out ('* This quantity does not include fees'): fee rows appear once another flow
  // of the day refunds fees too, and the flows share the shard's database.
  const returnedCount = returns.filter((r) => !isFeeItem(r.item_name)).reduce((sum, r) => sum + r.quantity, 0);
  await screens.openRefund(o.id, { inApp: true });
  await screens.chooseRefund(a.id, true);
  await screens.chooseRefund(b.id, false);
  await screens.processRefund();
  const after = await apiGet<OrderDetail>(page, request, `/api/orders/${o.id}`);
  expect(after.items.find((i) => i.id === a.id)).toMatchObject({ valid: true, refundable: 0 });
  expect(after.items.find((i) => i.id === b.id)).toMatchObject({ valid: false, refundable: 0 });

  // The finance report's returns show the two refunds at once, to the öre (the amounts paid, refunded in full). Reached
  // in the console: the refund, made there, marked its reports stale.
  const report = new FinancialReportScreen(page);
  await report.open({ inApp: true });
  await report.filter.period(day, day);
  await report.filter.event(eventOption(o.event.name));
  await report.filter.apply();
  await report.tab('Totals');
  await report.loaded();
  const total = report.table('Total returns').locator('tfoot td');
  await expect(total.nth(0)).toHaveText(String(returnedCount + 2));
  await expect(total.nth(1)).toHaveText(formatAmount(returnedOre + oreFromSek(a.refundable) + oreFromSek(b.refundable)));
});

/** The Tickets tab's "Ticket refund fees" total (price incl VAT, öre) as the screen shows it; "No data" is 0. */
/**
 * The report filter's option of exactly this event ("Name (dd.mm.yyyy)"), not another whose name starts the same: a
 * copy made by the events flow is "Name (copy) (…)", and a prefix picked it in a full run.
 */
function eventOption(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d{2}\\.\\d{2}\\.\\d{4}\\)$`);
}

async function ticketRefundFeesShown(report: FinancialReportScreen): Promise<number> {
  await report.tab('Tickets');
  await report.loaded();
  const table = report.table('Ticket refund fees');
  if ((await table.count()) === 0) return 0;
  return oreFromSek(Number(digits((await report.totalCells('Ticket refund fees'))[1]!).replace(',', '.')));
}

test('when an admin refunds a ticket, then the screen proposes the amount after the refund fee, and the finance report\'s ticket refund fees grow by exactly the fee kept', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const { refund_fee: percent } = await apiGet<PlatformSettings>(page, request, '/api/settings');
  expect(percent).toBeGreaterThan(0);
  const list = await apiGet<OrdersList>(page, request, '/api/orders?per_page=200');
  let order: OrderDetail | null = null;
  for (const row of list.collection.filter((o) => o.status === 'completed' && o.tickets >= 1).reverse()) {
    const d = await apiGet<OrderDetail>(page, request, `/api/orders/${row.id}`);
    if (d.items.some((i) => i.type === 'ticket' && i.valid && i.refunded === 0 && i.refundable >= 100)) {
      order = d;
      break;
    }
  }
  expect(order).not.toBeNull();
  const o = order!;
  const ticket = o.items.find((i) => i.type === 'ticket' && i.valid && i.refunded === 0 && i.refundable >= 100)!;
  const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
  const report = new FinancialReportScreen(page);
  // The second time in the console: the refund, made there, marked the report stale, so it is asked for again.
  const openReport = async (inApp: boolean) => {
    await report.open({ inApp });
    await report.filter.period(day, day);
    await report.filter.event(eventOption(o.event.name));
    await report.filter.apply();
  };
  await openReport(false);
  const feesBefore = await ticketRefundFeesShown(report);

  // The fee of an amount, worked out here on its own: percent of the öre, rounded to whole öre.
  const paidOre = oreFromSek(ticket.refundable);
  const feeOre = Math.round((paidOre * percent) / 100);
  const screens = new OrderScreens(page);
  await screens.openRefund(o.id, { inApp: true });
  // Before the item is chosen, its row already shows the refund it would be: the fee and the amount back agree.
  await expect(screens.feeKept(ticket.id)).toHaveText(formatSek(feeOre));
  await expect(screens.backToCustomer(ticket.id)).toHaveValue(sekText((paidOre - feeOre) / 100));
  await screens.chooseRefund(ticket.id, true);
  await expect(screens.backToCustomer(ticket.id)).toHaveValue(sekText((paidOre - feeOre) / 100));
  await expect(screens.feeKept(ticket.id)).toHaveText(formatSek(feeOre));
  const said = await screens.processRefund();
  expect(said.amount).toBe(formatSek(paidOre - feeOre));
  expect(said.kept).toBe(`The refund fee kept is ${formatSek(feeOre)}.`);

  await openReport(true);
  expect(await ticketRefundFeesShown(report)).toBe(feesBefore + feeOre);
});

test('when the admin changes the amount back on the refund screen, then that goes back and the rest is the fee kept', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const list = await apiGet<OrdersList>(page, request, '/api/orders?per_page=200');
  let order: OrderDetail | null = null;
  for (const row of list.collection.filter((o) => o.status === 'completed' && o.tickets >= 1)) {
    const d = await apiGet<OrderDetail>(page, request, `/api/orders/${row.id}`);
    if (d.items.some((i) => i.type === 'ticket' && i.valid && i.refunded === 0 && i.refundable >= 100)) {
      order = d;
      break;
    }
  }
  const o = order!;
  const ticket = o.items.find((i) => i.type === 'ticket' && i.valid && i.refunded === 0 && i.refundable >= 100)!;
  const screens = new OrderScreens(page);
  await screens.openRefund(o.id);
  await screens.chooseRefund(ticket.id, true);
  // The amounts are clamping number fields (docs/decisions/007-numeric-inputs.md): more than is still refundable
  // becomes what is refundable when the field is left, and letters are not taken.
  const amount = page.getByRole('textbox', { name: `Amount for item ${ticket.id}` });
  await amount.fill('999999');
  await amount.blur();
  await expect(amount).toHaveValue(sekText(ticket.refundable));
  await amount.fill('100,00');
  await amount.pressSequentially('x');
  await expect(amount).toHaveValue('100,00');
  await screens.backToCustomer(ticket.id).fill('98,50');
  await expect(screens.feeKept(ticket.id)).toHaveText(formatSek(150));
  // More back than the amount refunded: leaving the field brings it down to the amount, no fee kept.
  await screens.backToCustomer(ticket.id).fill('100,01');
  await screens.backToCustomer(ticket.id).blur();
  await expect(screens.backToCustomer(ticket.id)).toHaveValue('100,00');
  await expect(screens.feeKept(ticket.id)).toHaveText(formatSek(0));
  await screens.backToCustomer(ticket.id).fill('98,50');
  const said = await screens.processRefund();
  expect(said.amount).toBe(formatSek(9850));
  expect(said.kept).toBe(`The refund fee kept is ${formatSek(150)}.`);
  const after = await apiGet<OrderDetail>(page, request, `/api/orders/${o.id}`);
  expect(after.items.find((i) => i.id === ticket.id)!.refunded).toBe(100);
});

test('when an admin opens Platform Settings\' Refund tab, then the settings\' tabs stay above the refund screen', async ({ page }) => {
  await useSessionOf(page, 'admin');
  await openInApp(page, '/settings/fees');
  const tabs = page.getByRole('tablist');
  await tabs.getByRole('tab', { name: 'Refund' }).click();
  await expect(page).toHaveURL('/settings/refund');
  await expect(page.getByRole('heading', { name: 'Platform Settings', level: 1 })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Refund' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Order ID' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-refund-1440.png'), fullPage: true });
  await tabs.getByRole('tab', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/settings/faq');
  await expect(tabs.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
});

test('when an admin voids a pending order, then it shows as void and Void is no longer offered', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const list = await apiGet<OrdersList>(page, request, '/api/orders?accepted=0&per_page=200');
  const pending = list.collection.find((o) => o.status === 'pending');
  expect(pending).toBeDefined();
  const screens = new OrderScreens(page);
  await page.goto(`/orders/${pending!.id}/general`);
  await expect(page.getByRole('heading', { name: `Reservation #${pending!.id}` })).toBeVisible();
  await screens.voidOrder();
  await expect(page.getByRole('button', { name: 'Void', exact: true })).toBeHidden();
  await expect(page.locator('.order-facts').first().getByText('void', { exact: true })).toBeVisible();
  // Times in the console's format (000 §5: dd.MM.yyyy HH:mm), not the API's yyyy-MM-dd.
  await expect(page.locator('.order-facts').first().locator('dt', { hasText: 'Created at' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await shootTimes(page, 'order-created-at');
  // The void is in the audit log, its time to the second in the same format.
  await page.goto('/logs');
  const when = page.getByRole('table').first().getByRole('row').nth(1).getByRole('cell').first();
  await expect(when).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  await shootTimes(page, 'audit-log-when');
});

test('when an admin voids a hold that has already ended, then the page says its seats were already free and the void frees none', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const token = await sessionTokenOf(page);
  const call = async (method: 'POST' | 'PUT', path: string, data: object) => {
    const res = await request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const stadium = seededEventId('Midsummer Stadium Night');
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  const section = map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).at(-2)!;
  const detail = await apiGet<{ rows: { name: string; seats: { name: string; hidden: boolean; reserved: boolean; prices: unknown[] }[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(section.name)}`);
  const row = detail.rows.find((r) => r.seats.filter((x) => !x.hidden && !x.reserved && x.prices.length > 0).length >= 2)!;
  const seats = row.seats.filter((x) => !x.hidden && !x.reserved && x.prices.length > 0).slice(0, 2);
  // A hold that ends 4 s from now: the API refuses a time already past.
  const until = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(new Date(Date.now() + 4000));
  const hold = await call('POST', '/api/reservations', { event: stadium, title: 'Playwright hold that ends', type: 'guest', reserved_until: until });
  await call('PUT', `/api/reservations/${hold.id}`, { tickets: seats.map((x) => ({ section: section.name, row: row.name, seat: x.name, event: stadium })) });
  await expect.poll(async () => (await apiGet<OrderDetail>(page, request, `/api/orders/${hold.id}`)).hold_ended, { timeout: 20_000 }).toBe(true);
  const screens = new OrderScreens(page);
  await page.goto(`/orders/${hold.id}/general`);
  await expect(page.getByRole('heading', { name: `Reservation #${hold.id}` })).toBeVisible();
  await expect(page.locator('.order-facts').first()).toContainText(/new \(hold ended \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: its seats are free\)/);
  // Its tickets hold no seat: nothing to move.
  await expect(page.getByRole('button', { name: /^Move ticket \d+ to another seat$/ })).toHaveCount(0);
  await shootTimes(page, 'order-hold-ended');
  // The reservation's own page says so too, and offers no move (the server refuses it: 422 hold_ended).
  await page.goto(`/events/${stadium}/reservation/${hold.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit reservation' })).toBeVisible();
  await expect(page.getByText('This hold has ended')).toBeVisible();
  await expect(page.locator('.reservation-tickets').first()).toContainText(/It ended \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: its seats are free to every other sale\./);
  await expect(page.getByRole('table', { name: 'Tickets' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Move ticket / })).toHaveCount(0);
  // Seats added now would be held by nothing: adding waits until a later Reserved until holds again.
  await expect(page.getByRole('button', { name: 'Add Seats' })).toBeDisabled();
  await shootTimes(page, 'reservation-hold-ended');
  await page.goto(`/orders/${hold.id}/general`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screens.voidOrder({ dialog: /its seats are already free, so the void frees none/, notice: /^Order voided\. Its hold had already ended at \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: its seats were free before, so no seat was freed now\.$/ });
  const after = await apiGet<OrderDetail>(page, request, `/api/orders/${hold.id}`);
  expect(after.status).toBe('void');
  await page.screenshot({ path: test.info().outputPath('order-hold-ended-voided-1440.png'), fullPage: true });
  // The audit log's row of the void writes the hold's end as the console writes times, and its flags as words.
  await page.goto('/logs');
  const logged = page.getByRole('table').first().getByRole('row').filter({ has: page.getByRole('link', { name: `#${hold.id}`, exact: true }) });
  await expect(logged).toContainText(/hold ended: yes · tickets freed: 0 · reserved until: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await shootTimes(page, 'audit-log-hold-ended');
});

async function shootTimes(page: import('@playwright/test').Page, name: string) {
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('when an admin re-assigns an unregistered owner\'s order, then the order belongs to the chosen user', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const list = await apiGet<OrdersList>(page, request, '/api/orders?unregistered=1&per_page=1');
  const row = list.collection[0];
  await page.goto(`/events/${row.event.id}/reassign`);
  await expect(page.getByRole('heading', { name: 'Re-assign' })).toBeVisible();
  await page.getByRole('table', { name: 'Orders of unregistered owners' }).getByRole('row', { name: `Order ${row.id}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Order ID #\d+$/ })).toBeVisible();
  await expect(page.locator('.order-facts').locator('dt', { hasText: 'Created at' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await shootTimes(page, 'reassign-created-at');
  await page.getByRole('textbox', { name: 'Find a user by name, email or phone' }).fill('attendee1');
  const first = page.getByRole('radio').first();
  const chosen = (await first.locator('xpath=ancestor::label[1]').innerText()).split(' · ')[0].trim();
  await tick(first);
  await page.getByRole('button', { name: 'Re-assign', exact: true }).click();
  await expect(page.getByText('Reservation re-assigned')).toBeVisible();
  await expect(page.locator('.order-facts')).toContainText(chosen);
});
