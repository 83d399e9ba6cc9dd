import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import type { OrderDetail } from '../src/contracts/orders';
import { SEAT_STATE_COLORS } from '../src/seatmap/colors';
import { expect, expectAccessible, test } from './fixtures';
import { asPrinted } from './pdfPages';
import { CounterScreens, printedOutput } from './pages/BoxOfficeScreens';
import { OrderScreens } from './pages/OrderScreens';
import { ReservationScreens } from './pages/ReservationScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { openInApp } from './inApp';
import { apiGet, sessionTokenOf, useSessionOf } from './signIn';

/**
 * Re-seat on the order screen (issue 38; docs/orders.md "Re-seat"): an admin opens an order of the seeded stadium,
 * Move on a ticket opens the event's map, a free seat is picked, the confirmation says what it costs, and the ticket
 * moves; a map open in another browser sees both seats change without a reload.
 */
test.describe.configure({ timeout: 180_000 });

const stadium = seededEventId('Midsummer Stadium Night');
const TAKEN = SEAT_STATE_COLORS.reservedOrBought;
const drawnTaken = (page: Page, seat: number) =>
  page.evaluate(([s, c]) => (window as unknown as { __seatColors: Uint32Array }).__seatColors[s] === c, [seat, TAKEN] as const);

async function tokenOf(request: APIRequestContext, key: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { platform: 'admin' } });
  return (await res.json()).token;
}
async function callAs(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: object) {
  const res = await request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

interface SectionSeat { seat_index: number; name: string; hidden: boolean; reserved: boolean; prices: { ticket_type: { name: string }; original_price: number }[] }
/** Two free seats of the same price in one row of a seated section, skipping the first sections (other flows use them). */
async function twoFreeSeats(page: Page, request: APIRequestContext) {
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).slice(5)) {
    const detail = await apiGet<{ rows: { name: string; seats: SectionSeat[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(s.name)}`);
    for (const row of detail.rows) {
      const free = row.seats.filter((x) => !x.hidden && !x.reserved && x.prices.length > 0);
      if (free.length >= 6) return [free[0], free[5]].map((x) => ({ section: s.name, row: row.name, seat: x.name, index: x.seat_index }));
    }
  }
  throw new Error('No free row on the stadium');
}
const stockholmIn = (seconds: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(new Date(Date.now() + seconds * 1000));

test('when an admin moves a ticket on the order screen, then the order shows the new seat and a map open in another browser sees both seats change', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Signed in; the flow's first page is the order's, once the data it shows is made (through the API).
  await useSessionOf(page, 'admin');
  const promoter = await tokenOf(request, 'promoter');
  const later = stockholmIn(30 * 86400);
  const [a, b] = await twoFreeSeats(page, request);
  const order = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright order re-seat', type: 'guest', reserved_until: later });
  const reserved = await callAs(request, promoter, 'PUT', `/api/reservations/${order.id}`, { tickets: [{ section: a.section, row: a.row, seat: a.seat, event: stadium }] });
  const item = reserved.items[0] as { id: number };

  // A promoter in another browser has the stadium open on a reservation map.
  const elsewhere = await browser.newContext();
  const watch = await elsewhere.newPage();
  await useSessionOf(watch, 'promoter');
  const theirs = await callAs(request, (await sessionTokenOf(watch))!, 'POST', '/api/reservations',
    { event: stadium, title: 'Playwright watching an order re-seat', type: 'guest', reserved_until: later });
  await watch.goto(`/events/${stadium}/reservation/${theirs.id}/map`);
  await new ReservationScreens(watch).mapReady();
  expect(await drawnTaken(watch, a.index)).toBe(true);
  expect(await drawnTaken(watch, b.index)).toBe(false);

  // The order's General tab: Move on the ticket opens the map on the ticket's section.
  const orders = new OrderScreens(page);
  await page.goto(`/orders/${order.id}/general`);
  await expect(page.getByRole('heading', { name: `Reservation #${order.id}` })).toBeVisible();
  await orders.moveTicket(item.id);
  const map = new ReservationScreens(page);
  await map.mapReady();
  const panel = orders.reseatPanel();
  await expect(panel).toContainText(`From ${a.section}, row ${a.row}, seat ${a.seat}`);
  await expect(panel).toContainText('not paid');
  await expect(panel.getByRole('button', { name: 'Move ticket' })).toBeDisabled();
  await map.clickSeat(b.index);
  await expect(panel).toContainText(`To ${b.section}, row ${b.row}, seat ${b.seat}`);
  await expect(panel).toContainText('The ticket is not paid yet');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('order-reseat-1440.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  await map.settle();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('order-reseat-600.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Move ticket asks first, naming both seats and the money; then it moves.
  await panel.getByRole('button', { name: 'Move ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move the ticket' });
  await expect(dialog).toContainText(`Move ticket ${item.id} from ${a.section}, row ${a.row}, seat ${a.seat} to ${b.section}, row ${b.row}, seat ${b.seat}?`);
  await expect(dialog).toContainText('not paid yet');
  await page.screenshot({ path: test.info().outputPath('order-reseat-confirm-1440.png') });
  await dialog.getByRole('button', { name: 'Move ticket' }).click();
  await expect(page.getByText(`Ticket ${item.id} moved to ${b.section}, row ${b.row}, seat ${b.seat}.`)).toBeVisible();
  await expect(page).toHaveURL(`/orders/${order.id}/general`);
  const row = page.getByRole('table', { name: 'Items: tickets' }).getByRole('row').filter({ hasText: String(item.id) });
  await expect(row.getByRole('cell').nth(5)).toHaveText(b.seat);

  // The other browser saw both seats change, without a reload.
  await expect.poll(() => drawnTaken(watch, b.index)).toBe(true);
  await expect.poll(() => drawnTaken(watch, a.index)).toBe(false);
  await elsewhere.close();

  // The move is in the audit log.
  const log = await apiGet<{ collection: { action: string; order_id: number }[] }>(page, request, `/api/logs?action=ticket.reseat&event_id=${stadium}`);
  expect(log.collection.some((l) => l.order_id === order.id)).toBe(true);
});

/** A free seat of the dearest and one of the cheapest seated section, by the default ticket type's price. */
async function dearAndCheap(page: Page, request: APIRequestContext) {
  const map = await apiGet<{ ticket_types: { name: string; default: boolean }[]; sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(
    page, request, `/api/events/${stadium}/sections`);
  const type = map.ticket_types.find((t) => t.default)?.name ?? map.ticket_types[0].name;
  const found: { section: string; row: string; seat: string; index: number; price: number }[] = [];
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).slice(3)) {
    if (new Set(found.map((f) => f.price)).size > 1) break;
    const detail = await apiGet<{ rows: { name: string; seats: SectionSeat[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(s.name)}`);
    const row = detail.rows.find((r) => r.seats.filter((x) => !x.hidden && !x.reserved).length > 4);
    const seat = row?.seats.find((x) => !x.hidden && !x.reserved && x.prices.some((p) => p.ticket_type.name === type));
    const price = seat?.prices.find((p) => p.ticket_type.name === type)?.original_price;
    if (row && seat && price !== undefined) found.push({ section: s.name, row: row.name, seat: seat.name, index: seat.seat_index, price });
  }
  found.sort((x, y) => y.price - x.price);
  expect(found[0].price, 'two sections of different prices').toBeGreaterThan(found[found.length - 1].price);
  return { dear: found[0], cheap: found[found.length - 1] };
}

/**
 * The box office sells one seat of the dearer or the cheaper of two priced sections at its counter; an admin opens
 * the move page of that ticket from the order (1440 px wide).
 */
async function moveSoldTicket(page: Page, request: APIRequestContext, which: 'dear' | 'cheap') {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSessionOf(page, 'admin');
  const box = await tokenOf(request, 'boxoffice');
  const { dear, cheap } = await dearAndCheap(page, request);
  const seat = which === 'dear' ? dear : cheap;
  const assigned = await (await request.get('/api/boxoffice/assigned', { headers: { platform: 'admin', authorization: `Bearer ${box}` } })).json();
  const counter = assigned.collection.find((r: { event: { id: number } }) => r.event.id === stadium);
  const sold = await callAs(request, box, 'PUT', `/api/reservations/${counter.id}`, { tickets: [{ section: seat.section, row: seat.row, seat: seat.seat, event: stadium }] });
  const item = sold.items.find((i: { section: string; row: string; seat: string }) => i.section === seat.section && i.row === seat.row && i.seat === seat.seat) as { id: number };
  const orders = new OrderScreens(page);
  await page.goto(`/orders/${counter.id}/general`);
  await orders.moveTicket(item.id);
  const map = new ReservationScreens(page);
  await map.mapReady();
  return { dear, cheap, item, orders, map, panel: orders.reseatPanel(), orderId: counter.id as number };
}

test('when an admin moves a paid ticket to a cheaper seat, then the confirmation names what goes back and the fee kept, and the payment shows the refund', async ({ page, request }) => {
  const { dear, cheap, item, orders, map, panel, orderId } = await moveSoldTicket(page, request, 'dear');
  await expect(panel).toContainText(`From ${dear.section}, row ${dear.row}, seat ${dear.seat}`);
  await expect(panel).toContainText('paid)');
  // The cheap seat is in another section: the whole venue, then its section, then the seat.
  await page.getByRole('button', { name: 'Fit the whole venue' }).click();
  await map.settle();
  await map.openSection(cheap.index);
  await map.clickSeat(cheap.index);
  await expect(panel).toContainText(`To ${cheap.section}, row ${cheap.row}, seat ${cheap.seat}`);
  await expect(panel).toContainText(/The new seat costs [\d.]+,\d\d\u00a0kr less: [\d.]+,\d\d\u00a0kr goes back to the customer/);
  await page.screenshot({ path: test.info().outputPath('order-reseat-refund-1440.png') });
  await panel.getByRole('button', { name: 'Move ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move the ticket' });
  await expect(dialog).toContainText('goes back to the customer');
  await dialog.getByRole('button', { name: 'Move ticket' }).click();
  await expect(page.getByText(`Ticket ${item.id} moved to ${cheap.section}, row ${cheap.row}, seat ${cheap.seat}.`)).toBeVisible();

  // The payments tab lists the refund the move made: as many rows of that move as the order has refunds of it (the
  // counter's order keeps those of an earlier run of this flow too: the same seats come free again).
  await orders.openTab('Payments');
  const reason = `Re-seat from ${dear.section}, row ${dear.row}, seat ${dear.seat} to ${cheap.section}, row ${cheap.row}, seat ${cheap.seat}`;
  const refunds = (await apiGet<OrderDetail>(page, request, `/api/orders/${orderId}`)).payments.flatMap((p) => p.refunds).filter((r) => r.reason === reason);
  expect(refunds.length).toBeGreaterThan(0);
  await expect(page.getByText(reason, { exact: true })).toHaveCount(refunds.length);
  await page.screenshot({ path: test.info().outputPath('order-reseat-refund-payments-1440.png'), fullPage: true });
});

test('when an admin moves a paid ticket to a dearer seat, then the panel names the difference to collect, the confirmation records it with its method, and the payments tab lists the payment', async ({ page, request }) => {
  const { dear, cheap, item, orders, map, panel, orderId } = await moveSoldTicket(page, request, 'cheap');
  await page.getByRole('button', { name: 'Fit the whole venue' }).click();
  await map.settle();
  await map.openSection(dear.index);
  await map.clickSeat(dear.index);
  await expect(panel).toContainText(`To ${dear.section}, row ${dear.row}, seat ${dear.seat}`);
  await expect(panel).toContainText(/The new seat costs [\d.]+,\d\d\u00a0kr more.*: collect ([\d.]+,\d\d)\u00a0kr from the customer\./);
  const collect = /collect ([\d.]+,\d\d)\u00a0kr/.exec(await panel.innerText())![1];
  await panel.getByText('Swish', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: 'Swish' })).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-1440.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  await map.settle();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-600.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await panel.getByRole('button', { name: 'Move ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move the ticket' });
  await expect(dialog).toContainText(`Collect ${collect}\u00a0kr: it is recorded as a payment of the order by Swish.`);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-confirm-1440.png') });
  await dialog.getByRole('button', { name: `Record ${collect}\u00a0kr and move` }).click();
  await expect(page.getByText(`Ticket ${item.id} moved to ${dear.section}, row ${dear.row}, seat ${dear.seat}; ${collect}\u00a0kr recorded as a payment by Swish.`)).toBeVisible();

  // The payments tab: a swish payment for the difference, with the move that it paid (the newest payment of that move:
  // the counter's order keeps those of an earlier run of this flow too).
  await orders.openTab('Payments');
  const reason = `Re-seat from ${cheap.section}, row ${cheap.row}, seat ${cheap.seat} to ${dear.section}, row ${dear.row}, seat ${dear.seat}`;
  const paidBy = (await apiGet<OrderDetail>(page, request, `/api/orders/${orderId}`)).payments
    .filter((p) => p.increases.some((d) => d.reason === reason)).sort((x, y) => y.id - x.id)[0];
  expect(paidBy, 'the payment of the difference').toBeDefined();
  const differences = page.getByRole('table', { name: `Differences paid with payment ${paidBy!.id}`, exact: true });
  await expect(differences).toContainText(reason);
  const payment = page.getByRole('region', { name: /^Payment \d+$/ }).filter({ has: differences });
  await expect(payment.getByRole('heading')).toContainText('swish');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-payments-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-payments-600.png'), fullPage: true });

  // A full refund of the moved ticket goes back to both payments: the difference to the Swish payment that paid it,
  // the rest to the sale's; neither shows more refunded than it collected (docs/refunds.md).
  await page.setViewportSize({ width: 1440, height: 900 });
  const differencePayment = Number(/(\d+)$/.exec((await differences.getAttribute('aria-label'))!)![1]);
  const detail = await apiGet<{ items: { id: number; payment_id: number | null }[] }>(page, request, `/api/orders/${orderId}`);
  const salePayment = detail.items.find((i) => i.id === item.id)!.payment_id!;
  // The refund screen and back to the order, as the console's links go: the refund, made there, renews the order.
  await orders.openRefund(orderId, { inApp: true });
  await orders.chooseRefund(item.id, false);
  await orders.processRefund('Re-seat then cancelled');
  await openInApp(page, `/orders/${orderId}/payments`);
  for (const paymentId of [differencePayment, salePayment]) {
    expect((await orders.paymentRefunds(paymentId)).map((r) => r.Why)).toContain('Re-seat then cancelled');
  }
  const paid = await apiGet<{ payments: { id: number; amount: number; refunded: number }[] }>(page, request, `/api/orders/${orderId}`);
  for (const p of paid.payments.filter((x) => [differencePayment, salePayment].includes(x.id))) expect(p.refunded).toBeLessThanOrEqual(p.amount);
  await page.screenshot({ path: test.info().outputPath('order-reseat-dearer-refunded-1440.png'), fullPage: true });
});

test('when the counter moves a ticket it sold to the next free seat, then the move is confirmed, the ticket names the new seat and the old one is free again', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSessionOf(page, 'boxoffice');
  const counter = new CounterScreens(page);
  await counter.openAssigned();
  await page.getByRole('row', { name: /Midsummer Stadium Night/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Midsummer Stadium Night' })).toBeVisible();
  const section = await page.getByRole('combobox', { name: 'Section' }).inputValue();
  await expect(page.getByRole('status').filter({ hasText: `seats free in ${section}` })).toBeVisible();
  const proposed = () => counter.selection().getByRole('row').nth(1).evaluate((r) => [r.children[0]!.textContent!, r.children[1]!.textContent!]);

  // Sell one seat, then let the counter propose the next best one: the ticket moves there.
  await counter.press('1');
  await expect(counter.selection().getByRole('row')).toHaveCount(2);
  const [fromRow, fromSeat] = await proposed();
  const soldLine = page.locator('.sale-keys');
  const soldBefore = Number(/(\d+) ticket\(s\) sold/.exec(await soldLine.innerText())![1]);
  await counter.sellForExactCash(1);
  // The counter has taken the sale in (its line counts it) before the next key proposes a seat.
  await expect(soldLine).toContainText(`${soldBefore + 1} ticket(s) sold`);
  await counter.press('1');
  await expect(counter.selection().getByRole('row')).toHaveCount(2);
  const [toRow, toSeat] = await proposed();
  expect(`${toRow}|${toSeat}`).not.toBe(`${fromRow}|${fromSeat}`);

  const from = `${section}, row ${fromRow}, seat ${fromSeat}`;
  const to = `${section}, row ${toRow}, seat ${toSeat}`;
  const card = page.locator('[aria-label="Move a ticket"]');
  const ticketSelect = card.getByLabel('Ticket to move');
  const value = await ticketSelect.locator('option', { hasText: `${from} ·` }).getAttribute('value');
  await ticketSelect.selectOption(value!);
  await expect(card.getByText(to)).toBeVisible();
  await card.getByRole('button', { name: 'Move ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move the ticket' });
  await expect(confirm).toContainText(`Move the ticket on ${from} to ${to}?`);
  await expectAccessible(page, 'the counter\'s re-seat confirmation');
  await confirm.getByRole('button', { name: 'Move ticket' }).click();
  await expect(page.getByText(`Ticket moved to ${to}.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  // The sold tickets now name the new seat, not the old one; the old seat is offered again.
  await expect(ticketSelect.locator('option', { hasText: `${to} ·` })).toHaveCount(1);
  await expect(ticketSelect.locator('option', { hasText: `${from} ·` })).toHaveCount(0);
  await expectAccessible(page);
  // The sale's ticket still waits to print: it names the new seat, and the sale's receipt names both (the amount as paid).
  const printed = await printedOutput(page, '.ticket-print-host', test.info().outputPath('after-move.pdf'));
  expect(printed.pages.map((p) => p.heightMm)).toEqual([110, 150]);
  expect(printed.pages[0]!.text).toContain(asPrinted(to));
  // (A line wrapped on the 80 mm receipt reads back from the PDF without its space: compared without spaces.)
  const bare = (text: string) => asPrinted(text).replace(/\s+/g, '');
  const line = bare(printed.pages[1]!.text);
  expect(line).toContain(bare(`${to} · `));
  expect(line.indexOf(bare(`(moved from ${from})`))).toBeGreaterThan(line.indexOf(bare(`${to} · `)));
});
