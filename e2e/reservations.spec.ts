import type { APIRequestContext, Page } from '@playwright/test';
import { parseAmountToOre } from '../src/domain/money';
import { PAID_NO_ADD_SEATS, paidRemoveByRefund } from '../src/domain/reservations';
import { extraFeeFromDescription } from '../src/domain/serviceFees';
import { expect, test } from './fixtures';
import { openInApp } from './inApp';
import { chooseFromMenu } from './pages/popoverMenu';
import { ReservationScreens } from './pages/ReservationScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, sessionTokenOf, useSessionOf } from './signIn';

// One story, in order: each step builds on the reservation the previous one made (its own records only).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stadium = seededEventId('Midsummer Stadium Night');
const SHOTS = '.tmp/e2e-screens';
const pad = (n: number) => String(n).padStart(2, '0');
const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d;
};
const formDate = (d: Date) => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
const apiMoment = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 20:00:00`;

interface SectionSeat { seat_index: number; name: string; row: string; hidden: boolean; reserved: boolean; prices: unknown[] }

async function call(page: Page, request: APIRequestContext, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const token = await sessionTokenOf(page);
  return request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
}

/** An amount in the reservation screens' format: "1.234,50 kr" (no-break space before kr). */
const GERMAN_SEK = /^-?\d{1,3}(\.\d{3})*,\d{2}\u00a0kr$/;

/** The reservation map's calculator, label → öre (labels cut at their first parenthesis). */
async function calculatorLines(page: Page): Promise<Record<string, number>> {
  const box = page.locator('dl[aria-label="Calculator"]');
  const terms = await box.locator('dt').allInnerTexts();
  const amounts = await box.locator('dd').allInnerTexts();
  const out: Record<string, number> = {};
  terms.forEach((t, i) => {
    expect(amounts[i].trim()).toMatch(GERMAN_SEK);
    out[t.split(' (')[0].trim()] = parseAmountToOre(amounts[i].replace(/\s*kr$/, ''))!;
  });
  return out;
}

/** Six free priced seats in one row of a seated, priced section of the stadium, by seat index and labels. */
async function freeRow(page: Page, request: APIRequestContext) {
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).reverse()) {
    const detail = await apiGet<{ rows: { name: string; seats: SectionSeat[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(s.name)}`);
    for (const row of detail.rows) {
      const free = row.seats.filter((x) => !x.hidden && !x.reserved && x.prices.length > 0);
      if (free.length >= 6) return { section: s.name, row: row.name, seats: free.slice(0, 6) };
    }
  }
  throw new Error('No free row on the stadium');
}

let reservationId = 0;

test('when a promoter adds a corporate reservation, then the form asks for what is required and opens the map', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const screens = new ReservationScreens(page);
  await screens.openList(stadium);
  await expect(screens.statistics()).toContainText('Total tickets sent in guest reservations');
  await expect(screens.statistics()).toContainText('Total tickets sent in corporate reservations');

  await page.getByRole('button', { name: 'Add Reservation' }).first().click();
  await expect(page).toHaveURL(`/events/${stadium}/reservations/add`);
  await expect(page.getByRole('heading', { name: 'Add reservation' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and reserve tickets' }).click();
  await expect(page.getByText('Required!').first()).toBeVisible();

  await screens.fillForm({ title: 'Playwright corporate box', type: 'Corporate', corporate: 'Volvo Hospitality', date: formDate(inDays(20)), time: '20:00' });
  await page.getByRole('button', { name: 'Save and reserve tickets' }).click();
  await expect(page).toHaveURL(/\/reservation\/\d+\/map$/);
  reservationId = Number(page.url().split('/').at(-2));
  await expect(page.getByRole('heading', { name: 'Reserve tickets: Playwright corporate box' })).toBeVisible();
});

test('when seats of a row get a ticket type each, then the total shows and Reserve makes them the reservation\'s tickets; taken and non-reservable seats say so', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${stadium}/reservation/${reservationId}/map`);
  await screens.mapReady();
  const row = await freeRow(page, request);
  const [a, b, c, d] = row.seats;

  await screens.openSection(a.seat_index);
  for (const s of [a, b, c]) await screens.clickSeat(s.seat_index, s !== a);
  await expect.poll(() => screens.selected()).toEqual([a, b, c].map((s) => s.seat_index));
  await expect(page.getByRole('heading', { name: '3 seat(s) selected' })).toBeVisible();
  await expect(page.getByText('Please select prices for all selected seats.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve', exact: true })).toBeDisabled();
  await page.getByLabel('Ticket type for all').selectOption('Standard');
  await page.getByLabel(`Ticket type of row ${row.row} seat ${c.name}`).selectOption({ index: 2 });
  // The calculator in the reservation screens' format (001 §9, "1.234,50 kr"): tickets and service fees make the
  // total; a guest reservation has no extra fee, so no admin fee line.
  await expect(page.getByLabel('Total')).toHaveText(GERMAN_SEK);
  const calc = await calculatorLines(page);
  expect(calc['Ticket admin fee']).toBeUndefined();
  expect(calc.Total).toBe(calc.Tickets + calc['Service fees']);
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(page.getByText('3 ticket(s) reserved.')).toBeVisible();
  await expect.poll(() => screens.selected()).toEqual([]);

  // A reserved seat is no longer reservable.
  await screens.clickSeat(a.seat_index);
  await expect(page.getByRole('dialog', { name: "Seat can't be reserved" })).toContainText(`Row ${row.row}, seat ${a.name}`);
  await page.getByRole('button', { name: 'OK' }).click();

  // Another operator (a second session) takes a seat this one has selected: the live seat states say so with the
  // spec's message and the seat leaves the selection, without a reload.
  await screens.clickSeat(d.seat_index);
  await expect.poll(() => screens.selected()).toEqual([d.seat_index]);
  const other = await (await call(page, request, 'POST', '/api/reservations', { event: stadium, title: 'Playwright other operator', type: 'guest', reserved_until: apiMoment(inDays(20)) })).json();
  expect((await call(page, request, 'PUT', `/api/reservations/${other.id}`, { tickets: [{ section: row.section, row: row.row, seat: d.name, event: stadium }] })).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'Seat is already taken, please select a new seat.' })).toContainText(`row ${row.row}, seat ${d.name}`);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => screens.selected()).toEqual([]);
  expect((await call(page, request, 'DELETE', `/api/reservations/${other.id}`)).status()).toBe(200);
});

test('when the list is opened, then it shows the tickets as X of Y; a removed ticket frees its seat; delete is refused while a ticket is assigned; standing places go with the stepper', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const screens = new ReservationScreens(page);
  await screens.openList(stadium);
  await expect(screens.row('Playwright corporate box')).toContainText('Volvo Hospitality');
  await expect(screens.row('Playwright corporate box')).toContainText('0 of 3 ticket(s)');

  await screens.row('Playwright corporate box').click();
  await expect(page.getByRole('heading', { name: 'Edit reservation' })).toBeVisible();
  const tickets = page.getByRole('table', { name: 'Tickets' });
  await expect(tickets.getByRole('row')).toHaveCount(4);
  await tickets.getByRole('button', { name: /Remove ticket/ }).first().click();
  await expect(page.getByText('Ticket removed, its seat is free.')).toBeVisible();
  await expect(tickets.getByRole('row')).toHaveCount(3);

  // A ticket sent to someone (assigned through the API, as the corporate app does).
  const detail = await apiGet<{ items: { id: number }[] }>(page, request, `/api/reservations/${reservationId}`);
  const corporates = await apiGet<{ collection: { id: number }[] }>(page, request, `/api/events/${stadium}/corporates`);
  expect((await call(page, request, 'PUT', `/api/reservations/${reservationId}`, { items: [{ id: detail.items[0].id, user: { id: corporates.collection[0].id }, is_child: false }] })).status()).toBe(200);

  await screens.openList(stadium);
  await expect(screens.row('Playwright corporate box')).toContainText('1 of 2 ticket(s)');
  await chooseFromMenu(page, 'Actions for Playwright corporate box', 'Delete reservation');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete reservation' }).click();
  await expect(page.getByText("Can't delete reservation. Check if tickets are still assigned.")).toBeVisible();
  await expect(screens.row('Playwright corporate box')).toBeVisible();

  // Leave nothing behind: take the ticket back and delete.
  expect((await call(page, request, 'PUT', `/api/reservations/${reservationId}`, { items: [{ id: detail.items[0].id, user: null }] })).status()).toBe(200);
  await page.reload();
  await chooseFromMenu(page, 'Actions for Playwright corporate box', 'Delete reservation');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete reservation' }).click();
  await expect(page.getByText('Reservation deleted.')).toBeVisible();
  await expect(screens.row('Playwright corporate box')).toHaveCount(0);

  // Standing places, with the stepper, into a reservation of their own: a click on a standing area opens it, and the
  // places reserved come off the area's free count.
  const guests = await (await call(page, request, 'POST', '/api/reservations', { event: stadium, title: 'Playwright standing guests', type: 'guest', reserved_until: apiMoment(inDays(20)) })).json();
  const sections = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  const area = sections.sections.find((s) => s.general_admission && s.price_set !== null && !s.hidden)!;
  // A new reservation, so nothing of it is cached: the console's own route change is enough, no new load.
  await openInApp(page, `/events/${stadium}/reservation/${guests.id}/map`);
  await screens.mapReady();
  await screens.clickSection(area.name);
  const panel = page.getByLabel(`Standing places in ${area.name}`);
  const freeBefore = Number(/(\d+) free place/.exec((await panel.getByText(/free place\(s\)/).textContent()) ?? '')![1]);
  await panel.getByLabel('Places').fill('3');
  await panel.getByRole('button', { name: 'Reserve 3 place(s)' }).click();
  await expect(page.getByText('3 ticket(s) reserved.')).toBeVisible();
  await expect(panel).toContainText(`${freeBefore - 3} free place(s)`);
  await expect(page.getByText('3 ticket(s) in this reservation')).toBeVisible();
  expect((await call(page, request, 'DELETE', `/api/reservations/${guests.id}`)).status()).toBe(200);
});

test('when a box-office reservation with an extra fee gets seats on the map, then the calculator adds the ticket admin fee for each seat', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const list = await apiGet<{ collection: { id: number; description: string }[] }>(page, request, `/api/reservations?event=${stadium}&type=boxoffice&per_page=500`);
  const box = list.collection.find((r) => extraFeeFromDescription(r.description) > 0);
  expect(box, 'a seeded box-office reservation with an extra fee on the stadium').toBeDefined();
  const extra = extraFeeFromDescription(box!.description);
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${stadium}/reservation/${box!.id}/map`);
  await screens.mapReady();
  const row = await freeRow(page, request);
  const [a, b] = row.seats;
  await screens.openSection(a.seat_index);
  for (const s of [a, b]) await screens.clickSeat(s.seat_index, s !== a);
  await expect(page.getByRole('heading', { name: '2 seat(s) selected' })).toBeVisible();
  await page.getByLabel('Ticket type for all').selectOption('Standard');
  await expect(page.getByLabel('Total')).toHaveText(GERMAN_SEK);
  const calc = await calculatorLines(page);
  expect(calc['Ticket admin fee']).toBe(2 * extra);
  expect(calc.Total).toBe(calc.Tickets + calc['Service fees'] + 2 * extra);
  await page.screenshot({ path: `${SHOTS}/reservation-calculator-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByLabel('Total')).toHaveText(GERMAN_SEK);
  await page.screenshot({ path: `${SHOTS}/reservation-calculator-600.png`, fullPage: true });
});

test('when a paid reservation is edited, then it offers no Add Seats and says why; its map asks nothing to reserve and the API refuses seats', async ({ page, request }) => {
  // The seeded corporate sales ("Corporate hospitality") are paid; an admin reaches them whatever their promoter.
  await useSessionOf(page, 'admin');
  const list = await apiGet<{ collection: { id: number; reserved_until: string | null; event: { id: number } }[] }>(page, request, '/api/reservations?type=corporate&per_page=500');
  // A paid one has no reserved until (docs/reservations.md); a flow before this one may have made one with none that
  // is not paid, so the first whose status says so.
  let paid: (typeof list.collection)[number] | undefined;
  for (const r of list.collection.filter((c) => c.reserved_until === null)) {
    if ((await apiGet<{ status: string }>(page, request, `/api/reservations/${r.id}`)).status === 'completed') {
      paid = r;
      break;
    }
  }
  expect(paid, 'a seeded paid corporate reservation').toBeDefined();
  const event = paid!.event.id;
  await page.goto(`/events/${event}/reservation/${paid!.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit reservation' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tickets' })).toBeVisible();
  await expect(page.getByText(PAID_NO_ADD_SEATS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Seats' })).toHaveCount(0);
  // Its paid tickets are taken back by a refund, which returns their money: no Remove, and the page says where.
  await expect(page.getByText(paidRemoveByRefund(paid!.id, true))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove ticket/ })).toHaveCount(0);
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`reservation-paid-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The map's address, opened anyway, reserves nothing: it says why and leads back.
  await page.goto(`/events/${event}/reservation/${paid!.id}/map`);
  await expect(page.getByRole('heading', { name: 'No seats can be added' })).toBeVisible();
  await expect(page.getByText(PAID_NO_ADD_SEATS)).toBeVisible();
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`reservation-paid-map-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The server refuses them as well (any seat: the reservation is refused before a seat is looked up).
  const sections = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${event}/sections`);
  const area = sections.sections.find((s) => s.general_admission && s.price_set !== null && !s.hidden) ?? sections.sections[0]!;
  const refused = await call(page, request, 'PUT', `/api/reservations/${paid!.id}`, { tickets: [{ event, section: area.name, count: 1 }] });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error).toMatchObject({ code: 'reservation_paid', message: PAID_NO_ADD_SEATS });
});
