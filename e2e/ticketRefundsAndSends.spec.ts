import type { APIRequestContext, Page } from '@playwright/test';
import type { OrderDetail, OrdersList } from '../src/contracts/orders';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { expect, test } from './fixtures';
import { openInApp } from './inApp';
import { CorporateScreens } from './pages/CorporateScreens';
import { OrderScreens } from './pages/OrderScreens';
import { ReservationScreens } from './pages/ReservationScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, sessionTokenOf, signInAs, useSessionOf } from './signIn';

// A ticket leaves its seat or its receiver: a refund that does not keep the ticket frees the seat on the map, and a
// corporate's send to a blacklisted person is refused before Send. The e2e database is shared: each flow makes its
// own records (a run stamp keeps names and phone numbers unique) and changes only those.
test.describe.configure({ timeout: 300_000 });
const stamp = Date.now().toString(36);
const stadium = seededEventId('Midsummer Stadium Night');
const pad = (n: number) => String(n).padStart(2, '0');
const later = () => {
  const d = new Date();
  d.setDate(d.getDate() + 30);
  return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, moment: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 20:00:00` };
};

interface SectionSeat { seat_index: number; name: string; row: string; hidden: boolean; reserved: boolean; prices: unknown[] }
type Section = { rows: { name: string; seats: SectionSeat[] }[] };

const tokenOf = (page: Page) => sessionTokenOf(page);
async function call(request: APIRequestContext, token: string | null, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  return request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
}

test('when an admin refunds a sold ticket without keeping it valid, then its seat shows free on the reservation map', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const token = await tokenOf(page);
  // A paid order with a seated ticket that can be refunded, on a seat that stays priced and visible once free.
  const list = await apiGet<OrdersList>(page, request, '/api/orders?per_page=200');
  let found: { order: OrderDetail; itemId: number; section: string; seat: SectionSeat } | null = null;
  for (const row of list.collection.filter((o) => o.status === 'completed' && o.tickets >= 1)) {
    const order = await apiGet<OrderDetail>(page, request, `/api/orders/${row.id}`);
    const item = order.items.find((i) => i.type === 'ticket' && i.valid && i.refundable > 0 && !i.general_admission && i.seat !== null);
    if (!item) continue;
    const section = await apiGet<Section>(page, request, `/api/events/${order.event.id}/sections/${encodeURIComponent(item.section!)}`);
    const seat = section.rows.find((r) => r.name === item.row)?.seats.find((s) => s.name === item.seat);
    if (seat && seat.reserved && !seat.hidden && seat.prices.length > 0) {
      found = { order, itemId: item.id, section: item.section!, seat };
      break;
    }
  }
  expect(found).not.toBeNull();
  const { order, itemId, seat } = found!;
  const reservation = await (await call(request, token, 'POST', '/api/reservations', { event: order.event.id, title: `Playwright refund check ${stamp}`, type: 'guest', reserved_until: later().moment })).json();

  // Before: the sold seat cannot be reserved, and the dialog says who could.
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${order.event.id}/reservation/${reservation.id}/map`);
  await screens.mapReady();
  await screens.openSection(seat.seat_index);
  await screens.clickSeat(seat.seat_index);
  const dialog = page.getByRole('dialog', { name: "Seat can't be reserved" });
  await expect(dialog).toContainText(`Row ${seat.row}, seat ${seat.name}. It is reserved or bought.`);
  await expect(dialog).toContainText("An admin: can't reserve it. A user: can't reserve it.");
  await page.getByRole('button', { name: 'OK' }).click();

  const orders = new OrderScreens(page);
  await orders.openRefund(order.id, { inApp: true });
  await orders.chooseRefund(itemId, false);
  await orders.processRefund();

  // After: the seat is free on the map and can be selected for the reservation. The map is opened again inside the
  // console, within the minute RTK Query keeps the sections it drew before: the refund must have marked them stale
  // (it did not once, and the freed seat was drawn sold).
  await openInApp(page, `/events/${order.event.id}/reservation/${reservation.id}/map`);
  await screens.mapReady();
  await screens.openSection(seat.seat_index);
  await screens.clickSeat(seat.seat_index);
  await expect.poll(() => screens.selected()).toEqual([seat.seat_index]);
  await expect(page.getByRole('heading', { name: '1 seat(s) selected' })).toBeVisible();
  expect((await call(request, token, 'DELETE', `/api/reservations/${reservation.id}`)).status()).toBe(200);
});

test('when a corporate sends a ticket to a person the promoter has blacklisted, then the send is refused with the reason', async ({ page, request }) => {
  // The promoter only sets things up, through the API: no page of theirs is opened.
  await useSessionOf(page, 'promoter');
  const promoterToken = await tokenOf(page);
  const corporates = await apiGet<{ collection: { id: number; name: string }[] }>(page, request, `/api/events/${stadium}/corporates`);
  const volvo = corporates.collection.find((c) => c.name === 'Volvo Hospitality')!;
  const title = `Playwright blacklist ${stamp}`;
  const reservation = await (await call(request, promoterToken, 'POST', '/api/reservations', { event: stadium, title, type: 'corporate', owner: volvo.id, reserved_until: later().moment })).json();
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  let reserved = false;
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden)) {
    const detail = await apiGet<Section>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(s.name)}`);
    const free = detail.rows.flatMap((r) => r.seats).filter((x) => !x.hidden && !x.reserved && x.prices.length > 0).slice(-2);
    if (free.length < 2) continue;
    const res = await call(request, promoterToken, 'PUT', `/api/reservations/${reservation.id}`, { tickets: free.map((x) => ({ section: s.name, row: x.row, seat: x.name, event: stadium })) });
    reserved = res.status() === 200;
    if (reserved) break;
  }
  expect(reserved).toBe(true);

  // The corporate sends the first ticket to a person not registered yet.
  await signInAs(page, 'corporate');
  const screens = new CorporateScreens(page);
  await expect(screens.myReservations()).toBeVisible();
  await screens.openMyReservation(title);
  const phone = `0708${stamp.replace(/\D/g, '').padEnd(6, '7').slice(-6)}`;
  let modal = await screens.searchFirstUnsent(phone);
  await modal.getByLabel('Phone number').press('Enter');
  await expect(modal.getByText('No registered user has this number.')).toBeVisible();
  await modal.getByLabel('First name').fill('Bo');
  await modal.getByLabel('Last name').fill(`Spärrad ${stamp}`);
  await modal.getByRole('button', { name: 'Send ticket' }).click();
  await expect(modal).toBeHidden();
  const detail = await apiGet<{ items: { user: { id: number } | null }[] }>(page, request, `/api/corporate-app/reservations/${reservation.id}`);
  const person = detail.items.find((i) => i.user)!.user!.id;

  // An admin blacklists that person for the promoter (a promoter may list only people who owned an order of theirs);
  // the next send to them is refused with the server's reason.
  const admin = DEMO_ACCOUNTS.find((a) => a.key === 'admin')!;
  const login = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password }, headers: { platform: 'admin' } });
  const adminToken = ((await login.json()) as { token: string }).token;
  const listed = await call(request, adminToken, 'POST', '/api/blacklists', { promoter: reservation.event.promoter.id, user: person, expire_date: later().day });
  expect(listed.status()).toBe(201);
  modal = await screens.searchFirstUnsent(phone);
  await modal.getByLabel('Phone number').press('Enter');
  // The found card (an alert: the person is refused); "Sent to before" may name the same person as a button.
  await expect(modal.getByRole('alert').filter({ hasText: `Bo Spärrad ${stamp}` })).toBeVisible();
  // The found card already says why, and Send stays disabled (the server refuses it too: tests/server/corporates).
  await expect(modal.getByText("This person is on the promoter's blacklist and cannot receive tickets or own a reservation.")).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Send ticket' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.tickets().getByRole('button', { name: 'Send ticket' })).toHaveCount(1);
});
