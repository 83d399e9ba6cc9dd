import type { APIRequestContext, Page } from '@playwright/test';
import type { OrderDetail, OrdersList } from '../src/contracts/orders';
import type { FinanceRow } from '../src/contracts/reports';
import { formatSek, oreFromSek } from '../src/domain/money';
import { expect, expectAccessible, test } from './fixtures';
import { openInApp } from './inApp';
import { CounterScreens } from './pages/BoxOfficeScreens';
import { EventScreens } from './pages/EventScreens';
import { OrderScreens } from './pages/OrderScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, useSessionOf } from './signIn';


// Issue 38 "Money that shows": a sale, a refund and a void, each seen on the order, the dashboard and the finance report.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const stadium = seededEventId('Midsummer Stadium Night');

/** The event's money as the finance report sums it over all days (öre): ticket sales and fees, corporate, less returns. */
async function financeOre(page: Page, request: APIRequestContext, eventId: number): Promise<number> {
  const sum = async (report: string) => (await apiGet<{ data: FinanceRow[] }>(page, request,
    `/api/reports/finance/tickets/${report}?from_date=2000-01-01&to_date=2099-12-31&event_id=${eventId}`)).data
    .reduce((s, r) => s + oreFromSek(r.price_incl_vat), 0);
  return (await sum('sales')) + (await sum('corporate')) - (await sum('refunds'));
}

/**
 * Opens the event's dashboard and reads its Total once the figures are there: inside the console when a page of it is
 * open (e2e/inApp.ts), as its links go; the sales, refunds and voids of these flows are made through the console or
 * before the admin's first page, and a refund or a void marks every event's figures stale, so they are asked for again.
 */
async function dashboardTotal(page: Page, eventId: number, name: string): Promise<string> {
  const screens = new EventScreens(page);
  await openInApp(page, `/events/${eventId}/dashboard`);
  await screens.dashboardReady(name);
  await expect(screens.figure('Total')).toHaveText(/kr$/);
  return (await screens.figure('Total').innerText()).trim();
}

/** The 1440 px walk's counter sale: the 600 px check refunds its other ticket (the file runs in order). */
let sale: number | null = null;

/**
 * The admin refunds the order's last refundable ticket on the refund screen (not keeping it valid): the screen asks
 * first with the amount after the platform's refund fee and the seat it frees, and the order's Payments tab then
 * lists the refund with why, who, the amount and the fee kept. Answers the ticket and the payment's refunds.
 */
async function refundLastTicket(page: Page, request: APIRequestContext, reservationId: number, why: string) {
  const order = await apiGet<OrderDetail>(page, request, `/api/orders/${reservationId}`);
  const ticket = order.items.filter((i) => i.type === 'ticket' && i.valid && i.refundable > 0).at(-1)!;
  const screens = new OrderScreens(page);
  // A load when it is the flow's first page, else a route change inside the console (e2e/inApp.ts).
  await screens.openRefund(reservationId, { inApp: true });
  await expect(page.getByRole('table', { name: 'Paid items' })).not.toContainText('ticket_service_fee');
  await screens.chooseRefund(ticket.id, false);
  const said = await screens.processRefund(why);
  // The platform's refund fee (Settings → Fees) is kept back: percent of the öre, rounded to whole öre.
  const { refund_fee: percent } = await apiGet<{ refund_fee: number }>(page, request, '/api/settings');
  const keptOre = Math.round((oreFromSek(ticket.refundable) * percent) / 100);
  expect(said.amount).toBe(formatSek(oreFromSek(ticket.refundable) - keptOre));
  expect(said.seatsFreed).toEqual([[ticket.section, `row ${ticket.row}`, `seat ${ticket.seat}`].join(', ')]);

  // The refund, made in the console, marked the order stale: it is asked for again.
  await openInApp(page, `/orders/${reservationId}/payments`);
  await expect(page.getByRole('heading', { name: `Reservation #${reservationId}` })).toBeVisible();
  const refunds = await screens.paymentRefunds(ticket.payment_id!);
  expect(refunds.at(-1)).toMatchObject({ Why: why, By: 'Astrid Admin', Amount: `− ${formatSek(oreFromSek(ticket.refundable) - keptOre)}`, 'Fee kept': formatSek(keptOre) });
  return { screens, ticket, refunds };
}

test('at 1440 px: when the box office sells two seats, an admin refunds one (confirming the amount and the seat) and voids a pending order, then the order shows the refund and the dashboard\'s Total agrees with the finance report after each', async ({ page, request, browser }) => {
  const width = 1440;
  await page.setViewportSize({ width, height: 900 });
  // A sale at the counter; the box office's list counts the tickets it sold. The counter opens at its own page.
  const box = await browser.newContext({ viewport: { width, height: 900 } });
  const counterPage = await box.newPage();
  await useSessionOf(counterPage, 'boxoffice');
  const counter = new CounterScreens(counterPage);
  await counter.openAssigned();
  const row = counterPage.getByRole('row', { name: /Midsummer Stadium Night/ }).first();
  const before = Number((await row.getByRole('cell').nth(2).innerText()).replace(/\D/g, ''));
  await row.click();
  await expect(counterPage.getByRole('heading', { name: 'Midsummer Stadium Night' })).toBeVisible();
  const section = await counterPage.getByRole('combobox', { name: 'Section' }).inputValue();
  await expect(counterPage.getByText('Type a number of seats')).toBeVisible();
  await expect(counterPage.getByRole('status').filter({ hasText: `seats free in ${section}` })).toBeVisible();
  await counter.press('2');
  await expect(counter.selection().getByRole('row')).toHaveCount(3);
  await counter.sellForExactCash(2);
  const reservationId = Number(counterPage.url().split('/').at(-1));
  // Back to the assigned events inside the app: their list is asked for each time it shows.
  await counter.openAssigned({ inApp: true });
  await expect(counterPage.getByRole('row', { name: /Midsummer Stadium Night/ }).first().getByRole('cell').nth(2)).toHaveText(String(before + 2));
  await box.close();
  sale = reservationId;

  await useSessionOf(page, 'admin');
  const name = 'Midsummer Stadium Night';
  expect(await dashboardTotal(page, stadium, name)).toBe(formatSek(await financeOre(page, request, stadium)));

  // The refund asks first, with the amount and the seat it frees; the order then shows it.
  const { screens, ticket, refunds } = await refundLastTicket(page, request, reservationId, 'Broken seat');
  expect(refunds.at(-1)!.Refunded).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(screens.paymentStatus(ticket.payment_id!)).toHaveText('partly refunded');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`order-payments-${width}.png`), fullPage: true });

  const afterRefund = await financeOre(page, request, stadium);
  expect(await dashboardTotal(page, stadium, name)).toBe(formatSek(afterRefund));
  await expect(page.getByRole('definition').filter({ hasText: '−' })).toBeVisible();

  // A void of a pending order moves neither.
  const pending = (await apiGet<OrdersList>(page, request, `/api/orders?accepted=0&per_page=200&event=${stadium}`)).collection.find((o) => o.status === 'pending')
    ?? (await apiGet<OrdersList>(page, request, '/api/orders?accepted=0&per_page=200')).collection.find((o) => o.status === 'pending')!;
  const eventId = pending.event.id;
  const eventName = pending.event.name;
  const beforeVoid = await dashboardTotal(page, eventId, eventName);
  expect(beforeVoid).toBe(formatSek(await financeOre(page, request, eventId)));
  await openInApp(page, `/orders/${pending.id}/general`);
  await screens.voidOrder();
  expect(await dashboardTotal(page, eventId, eventName)).toBe(beforeVoid);
  expect(formatSek(await financeOre(page, request, eventId))).toBe(beforeVoid);
  await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
});

/**
 * The same screens at 600 px, with one step rather than the whole walk again (the walk above proves the sale, the
 * void and the figures): the refund of the sale's other ticket is asked, confirmed and listed on a narrow window, the
 * payments tab fits it, and the dashboard's Total still agrees with the finance report.
 */
test('at 600 px: when an admin refunds the sale\'s other ticket, then the refund screen, the order\'s payments and the dashboard fit the window, and the Total agrees with the finance report', async ({ page, request }) => {
  const width = 600;
  expect(sale, 'the sale of the 1440 px walk before it').not.toBeNull();
  const reservationId = sale!;
  await page.setViewportSize({ width, height: 900 });
  await useSessionOf(page, 'admin');
  const { screens, ticket, refunds } = await refundLastTicket(page, request, reservationId, 'Wrong date');
  expect(refunds).toHaveLength(2);
  const payment = (await apiGet<OrderDetail>(page, request, `/api/orders/${reservationId}`)).payments.find((p) => p.id === ticket.payment_id)!;
  await expect(screens.paymentStatus(ticket.payment_id!)).toHaveText(payment.state);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`order-payments-${width}.png`), fullPage: true });

  expect(await dashboardTotal(page, stadium, 'Midsummer Stadium Night')).toBe(formatSek(await financeOre(page, request, stadium)));
  await expect(page.getByRole('definition').filter({ hasText: '−' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
});
