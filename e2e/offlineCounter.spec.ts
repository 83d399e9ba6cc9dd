import { createPublicKey, verify } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { parseOfflineTicketQr } from '../src/domain/offlineTicket';
import type { FinanceRow } from '../src/contracts/reports';
import { oreFromSek } from '../src/domain/money';
import { standingName } from '../src/domain/places';
import { LEASE_COLORS, PRICE_LEVEL_COLORS, SEAT_STATE_COLORS } from '../src/seatmap/colors';
import { expect, test } from './fixtures';
import { CounterScreens, printedOutput } from './pages/BoxOfficeScreens';
import { clickSeatOnMap, seededEventId } from './pages/VenueMapScreen';
import { useSessionOf } from './signIn';

/**
 * The box office through an outage, as one walk (issue 35 "Done when"; docs/boxoffice.md "Selling offline"): counter 1
 * leases a block that counter 2 and the reservations are refused in; it loses the network, sells from its lease on
 * the stored map (the rest of the venue dimmed) and prints signed tickets while counter 2 sells elsewhere online; it
 * reloads the app with no network and sells again; back online its log replays once, another counter's map draws the
 * seats sold, the shift summary and the finance report agree, and a lease's end returns its seats to every map.
 */
test.describe.configure({ timeout: 300_000 });

const stadium = seededEventId('Midsummer Stadium Night');
const later = '2099-12-31 23:00:00';

async function tokenOf(request: APIRequestContext, key: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { platform: 'admin' } });
  return (await res.json()).token;
}
const callAs = (request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) =>
  request.fetch(path, { method, data, headers: { platform: 'admin', authorization: `Bearer ${token}` } });
/** A free seat for sale, as the counter's map draws it. */
const freeColor = PRICE_LEVEL_COLORS[0];
const selectedOnMap = (page: Page) => page.evaluate(() => window.__seatMap!.selected);
const colorOf = (page: Page, seat: number) => page.evaluate((s) => (window as unknown as { __seatColors: Uint32Array }).__seatColors[s], seat);
const offlineNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Offline: selling from your lease' });
const pendingLine = (page: Page) => page.getByRole('status', { name: 'Offline, not yet sent' });
/** The event's ticket money in the finance report (öre), as the promoter reads it. */
async function financeOre(request: APIRequestContext, token: string): Promise<number> {
  const res = await callAs(request, token, 'GET', `/api/reports/finance/tickets/sales?from_date=2000-01-01&to_date=2099-12-31&event_id=${stadium}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).data as FinanceRow[]).reduce((n, r) => n + oreFromSek(r.price_incl_vat), 0);
}
/** The QR contents of the tickets ready to print. */
const printedQrs = (page: Page) => page.locator('.ticket-print img.ticket-qr').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')!.replace(/^QR code /, '')));

// The one flow about the service worker (blocked in every other flow: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('when counter 1 sells from its lease offline on the stored map and reloads with no network, then back online every sale is replayed once, every map draws the seats sold, the shift and the finance report agree, and a lease\'s end returns its seats', async ({ page, request, browser }) => {
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  const [promoter, box] = [await tokenOf(request, 'promoter'), await tokenOf(request, 'boxoffice')];
  const boxUser = DEMO_ACCOUNTS.find((a) => a.key === 'boxoffice')!;
  const owner = (await (await callAs(request, promoter, 'GET', '/api/users?type=boxoffice&per_page=500')).json()).collection.find((u: { email: string }) => u.email === boxUser.email).id;
  const counterOf = async () => (await (await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner, validity_date: later, description: '{"extra_fee": 0}' })).json()) as { id: number };
  const [one, two] = [await counterOf(), await counterOf()];
  const guest = await (await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright outage guests', type: 'guest', reserved_until: later })).json() as { id: number };

  // Counter 1 leases the 8 best seats of the section in view; the counter keeps them for offline.
  // Each browser opens its counter at once, signed in (signIn.ts), not the role's home first.
  await useSessionOf(page, 'boxoffice');
  await page.goto(`/boxoffice-app/${one.id}`);
  const counter = new CounterScreens(page);
  await counter.mapReady();
  await counter.leasePanel().getByLabel('Best seats in').fill('8');
  await counter.leasePanel().getByLabel('Until').fill('23:45');
  await counter.leasePanel().getByRole('button', { name: 'Lease 8 best' }).click();
  await expect(page.getByText('Ready to sell offline: 8 seat(s) of your lease')).toBeVisible();
  // And 2 places of a standing area: the area opened from the section list, the lease panel adds them.
  const sections = (await (await callAs(request, box, 'GET', `/api/events/${stadium}/sections`)).json()).sections as { name: string; general_admission: boolean; hidden: boolean; price_set: number | null }[];
  const area = sections.find((s) => s.general_admission && !s.hidden && s.price_set !== null)!.name;
  await page.getByLabel('Section', { exact: true }).selectOption({ label: standingName(area) });
  await counter.leasePanel().getByRole('button', { name: 'Add 2 places' }).click();
  await expect(page.getByText('Ready to sell offline: 8 seat(s) and 2 standing place(s) of your lease')).toBeVisible();
  const lease = (await (await callAs(request, box, 'GET', `/api/events/${stadium}/seat-leases`)).json()).collection.find((l: { reservation_id: number }) => l.reservation_id === one.id);
  expect(lease.counter_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Counter 2 and the reservations are refused in the block (the maps drawing it leased: seatLeases.spec.ts).
  const inBlock = { event: stadium, section: lease.seats[0].section, row: lease.seats[0].row, seat: lease.seats[0].seat };
  expect((await callAs(request, box, 'PUT', `/api/reservations/${two.id}`, { tickets: [inBlock] })).status()).toBe(409);
  expect((await callAs(request, promoter, 'PUT', `/api/reservations/${guest.id}`, { tickets: [inBlock] })).status()).toBe(409);
  // The console's service worker holds the build before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  // The network drops: the operator is told, and sells 4 then 3 seats of the lease with the keys.
  await page.context().setOffline(true);
  await expect(offlineNotice(page)).toContainText('Offline: selling from your lease (8 seats left)');
  await expect(offlineNotice(page)).toContainText('It also sells the 2 standing place(s) left in its lease.');
  // The map opens from the model stored when it was shown online: the lease "yours", the rest of the venue dimmed.
  const leasedIdx = (lease.seats as { seat_index: number }[]).map((s) => s.seat_index);
  const outsideIdx = [Math.max(...leasedIdx) + 1, Math.min(...leasedIdx) - 1].find((i) => i >= 0 && !leasedIdx.includes(i))!;
  await counter.mapReady();
  await expect.poll(() => colorOf(page, leasedIdx[0]!)).toBe(LEASE_COLORS.own);
  expect(await colorOf(page, outsideIdx)).toBe(LEASE_COLORS.outside);
  // The shift's tenders before: the offline sales count in them once replayed.
  const tendersBefore = (await (await callAs(request, box, 'GET', '/api/boxoffice/summary')).json()).shift.tenders as { method: string; sales: number }[];
  const salesBy = (list: { method: string; sales: number }[], m: string) => list.find((x) => x.method === m)!.sales;
  // 4, Enter (the till opens on cash), Enter (the exact amount): sold and logged.
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Payment', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 4 ticket\(s\)/);
  await expect(page.locator('.receipt-80mm')).toContainText('Offline sale 1');
  await expect(page.locator('.receipt-80mm')).toContainText('Paid: Cash');
  await expect(page.locator('.ticket-print')).toHaveAttribute('data-ready', 'true');
  // The event's start as the online ticket prints it (dd.mm.yyyy HH:mm), not the API's yyyy-MM-dd.
  await expect(page.locator('.ticket-print section').first().locator('p').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  // Each printed QR is the ticket signed by the lease's key: checked here with the public key alone.
  const qrs = await printedQrs(page);
  expect(qrs).toHaveLength(4);
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: lease.counter_key }, format: 'jwk' });
  for (const qr of qrs) {
    const ticket = parseOfflineTicketQr(qr)!;
    expect(ticket.leaseId).toBe(lease.id);
    expect(verify(null, Buffer.from(ticket.text), publicKey, Buffer.from(ticket.signature, 'base64url'))).toBe(true);
    expect(verify(null, Buffer.from(ticket.text.replace(/\|[^|]*$/, '|Forged')), publicKey, Buffer.from(ticket.signature, 'base64url'))).toBe(false);
  }
  // As printed (the PDF Chromium prints): each ticket alone on its 80 × 110 mm page with its seat, the counter's
  // reservation (the order) and the offline sale, and its QR code; the receipt on its own page; nothing of the console.
  const printed = await printedOutput(page, '.ticket-print-host', test.info().outputPath('offline-tickets.pdf'));
  expect(printed.stray).toEqual([]);
  expect(printed.qrs).toEqual(qrs.map((content) => ({ content, widthMm: 36, loaded: true })));
  expect(printed.pages.map(({ widthMm, heightMm, images }) => [widthMm, heightMm, images])).toEqual([[80, 110, 1], [80, 110, 1], [80, 110, 1], [80, 110, 1], [80, 150, 0]]);
  qrs.forEach((qr, i) => {
    const t = parseOfflineTicketQr(qr)!;
    expect(printed.pages[i]!.text).toMatch(new RegExp(`^Midsummer Stadium Night\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}.*${t.section}, row ${t.row}, seat ${t.seat}${t.ticket_type}.* incl\\. feesReservation ${one.id} · offline sale 1$`));
  });
  expect(printed.pages[4]!.text).toMatch(/^ReceiptMidsummer Stadium Night.*Offline sale 1 · walk-in.*Paid: Cash/);
  // The map: 3 seats of the lease are picked there and sold by card; a seat outside the lease cannot be picked.
  const soldOnMap = async () => (await Promise.all(leasedIdx.map((i) => colorOf(page, i)))).filter((c) => c === SEAT_STATE_COLORS.reservedOrBought).length;
  await expect.poll(soldOnMap).toBe(4);
  const left: number[] = [];
  for (const i of leasedIdx) if ((await colorOf(page, i)) === LEASE_COLORS.own) left.push(i);
  const picked = left.slice(0, 3);
  await clickSeatOnMap(page, picked[0]!);
  // The seat outside is ctrl-clicked between two of the lease: the clicks are taken in order, so once the selection
  // holds the later ones it has answered the outside click too (read at once after it, an empty selection proved
  // nothing: the click could still be on its way).
  await clickSeatOnMap(page, outsideIdx, ['Control']);
  for (const i of picked.slice(1)) await clickSeatOnMap(page, i, ['Control']);
  await expect.poll(() => selectedOnMap(page)).toEqual([...picked].sort((a, b) => a - b));
  await expect(page.getByLabel('Selected seats')).toContainText(/seat .*; .*; /);
  // k in the amount field switches to the card's reference.
  await page.getByRole('button', { name: 'Sell offline (Enter)' }).click();
  await expect(page.getByLabel('Payment', { exact: true })).toBeVisible();
  await page.getByLabel('Amount given (SEK)').press('k');
  await page.getByLabel('Terminal reference').fill('TX-77');
  await page.keyboard.press('Enter');
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 7 ticket\(s\)/);
  await expect(page.locator('.receipt-80mm')).toContainText('Paid: Card (TX-77)');
  await expect(offlineNotice(page)).toContainText('(1 seats left)');
  for (const i of picked) await expect.poll(() => colorOf(page, i)).toBe(SEAT_STATE_COLORS.reservedOrBought);
  // And a standing place of the lease, for cash, with its own signed ticket.
  await page.getByRole('button', { name: 'Sell 1 standing place(s)' }).click();
  await expect(page.getByLabel('Payment', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 8 ticket\(s\)/);
  await expect(page.locator('.ticket-print')).toContainText(`${standingName(area)}, place 1`);
  expect(parseOfflineTicketQr((await printedQrs(page))[0]!)).toMatchObject({ section: area, row: null, place: 1 });
  await expect(offlineNotice(page)).toContainText('It also sells the 1 standing place(s) left in its lease.');

  // Meanwhile counter 2 sells online outside the lease.
  const leased = new Set(lease.seats.map((s: { row: string; seat: string }) => `${s.row}|${s.seat}`));
  const section = lease.seats[0].section as string;
  const detail = await (await callAs(request, box, 'GET', `/api/events/${stadium}/sections/${encodeURIComponent(section)}`)).json();
  const outside = detail.rows.flatMap((r: { name: string; seats: { name: string; reserved: boolean; hidden: boolean; handicapped: boolean; prices: unknown[] }[] }) =>
    r.seats.filter((s) => !s.reserved && !s.hidden && !s.handicapped && s.prices.length > 0 && !leased.has(`${r.name}|${s.name}`)).map((s) => ({ row: r.name, seat: s.name })))[0];
  const elsewhere = await callAs(request, box, 'PUT', `/api/reservations/${two.id}`, { tickets: [{ event: stadium, section, ...outside }] });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  // What the finance report and the shift summary say before the offline sales reach the server.
  const [financeBefore, shiftBefore] = [await financeOre(request, promoter), (await (await callAs(request, box, 'GET', '/api/boxoffice/summary')).json()).totals.total as number];

  // Counter 1 reloads with no network: the app still opens, with its log, and sells the last seat.
  await page.reload();
  await expect(offlineNotice(page)).toContainText('Offline: selling from your lease (1 seats left)');
  await counter.mapReady();
  await expect.poll(() => colorOf(page, picked[0]!)).toBe(SEAT_STATE_COLORS.reservedOrBought);
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 8 ticket\(s\)/);
  // The last seat for cash with an amount given: the change is shown before the sale and printed on the receipt.
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await page.getByLabel('Amount given (SEK)').fill('5000');
  await expect(page.getByLabel('Change due')).not.toHaveText('–');
  const change = await page.getByLabel('Change due').textContent();
  await page.keyboard.press('Enter');
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 9 ticket\(s\)/);
  await expect(page.locator('.receipt-80mm').locator('tr', { hasText: 'Change' })).toContainText(change!);

  // Back online: the log replays in order, each sale once.
  await page.context().setOffline(false);
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 0 ticket\(s\)/);
  await expect(page.getByRole('table', { name: 'Offline sales log' }).getByText('Replayed', { exact: true })).toHaveCount(4);
  const replayed = (await (await callAs(request, box, 'GET', `/api/boxoffice/reservations/${one.id}/offline-sales`)).json()).collection as { seq: number; outcome: string; tickets: unknown[] }[];
  expect(replayed.map((s) => [s.seq, s.outcome, s.tickets.length])).toEqual([[1, 'applied', 4], [2, 'applied', 3], [3, 'applied', 1], [4, 'applied', 1]]);
  // Their tenders came with them: three cash sales and one card sale more in the operator's shift.
  const tendersAfter = (await (await callAs(request, box, 'GET', '/api/boxoffice/summary')).json()).shift.tenders as { method: string; sales: number }[];
  expect([salesBy(tendersAfter, 'cash') - salesBy(tendersBefore, 'cash'), salesBy(tendersAfter, 'card') - salesBy(tendersBefore, 'card')]).toEqual([3, 1]);
  // The shift summary and the finance report count the replayed sales alike, to the öre.
  const shiftAfter = (await (await callAs(request, box, 'GET', '/api/boxoffice/summary')).json()).totals.total as number;
  const financeAdded = (await financeOre(request, promoter)) - financeBefore;
  expect(financeAdded).toBeGreaterThan(0);
  expect(financeAdded).toBe(oreFromSek(shiftAfter) - oreFromSek(shiftBefore));
  const sold = (await (await callAs(request, box, 'GET', `/api/reservations/${one.id}`)).json()).items.filter((i: { type: string }) => i.type === 'ticket') as { row: string; seat: string; section: string; general_admission: boolean }[];
  expect(sold.filter((i) => !i.general_admission).map((i) => `${i.row}|${i.seat}`).sort()).toEqual([...leased].sort());
  expect(sold.filter((i) => i.general_admission).map((i) => i.section)).toEqual([area]);

  // A reload online replays nothing again.
  await page.reload();
  await counter.mapReady();
  await expect(page.getByRole('table', { name: 'Offline sales log' }).getByText('Replayed', { exact: true })).toHaveCount(4);
  expect((await (await callAs(request, box, 'GET', `/api/boxoffice/reservations/${one.id}/offline-sales`)).json()).collection).toHaveLength(4);

  // Another browser's map draws the leased seats sold.
  const otherContext = await browser.newContext();
  const second = await otherContext.newPage();
  await useSessionOf(second, 'boxoffice');
  await second.goto(`/boxoffice-app/${two.id}`);
  await new CounterScreens(second).mapReady();
  for (const s of lease.seats as { seat_index: number }[]) await expect.poll(() => colorOf(second, s.seat_index)).toBe(SEAT_STATE_COLORS.reservedOrBought);

  // A lease's end returns its unsold seats by itself: counter 2 leases 2 seats until 15 s from now; the reservations
  // are refused there meanwhile, and counter 1's map draws them leased, then sees them come back for sale.
  const short = await callAs(request, box, 'POST', `/api/boxoffice/reservations/${two.id}/leases`, { best: [{ count: 2, section }], ends_at: new Date(Date.now() + 15_000).toISOString() });
  expect(short.status(), await short.text()).toBe(201);
  const ending = (await short.json()) as { seats: { row: string; seat: string; seat_index: number }[] };
  const endingSeat = { event: stadium, section, row: ending.seats[0]!.row, seat: ending.seats[0]!.seat };
  expect((await callAs(request, promoter, 'PUT', `/api/reservations/${guest.id}`, { tickets: [endingSeat] })).status()).toBe(409);
  await expect.poll(() => colorOf(page, ending.seats[0]!.seat_index)).toBe(LEASE_COLORS.others);
  for (const s of ending.seats) await expect.poll(() => colorOf(page, s.seat_index), { timeout: 30_000 }).toBe(freeColor);
  const returned = await callAs(request, promoter, 'PUT', `/api/reservations/${guest.id}`, { tickets: [endingSeat] });
  expect(returned.status(), await returned.text()).toBe(200);
  await otherContext.close();
});

test('when the counter sells online, then offline from its lease, and comes back, then Last added seats no longer offers the older online sale to release', async ({ page, request }) => {
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  const promoter = await tokenOf(request, 'promoter');
  const boxUser = DEMO_ACCOUNTS.find((a) => a.key === 'boxoffice')!;
  const owner = (await (await callAs(request, promoter, 'GET', '/api/users?type=boxoffice&per_page=500')).json()).collection.find((u: { email: string }) => u.email === boxUser.email).id;
  const one = (await (await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner, validity_date: later, description: '{"extra_fee": 0}' })).json()) as { id: number };
  await useSessionOf(page, 'boxoffice');
  await page.goto(`/boxoffice-app/${one.id}`);
  const counter = new CounterScreens(page);
  await counter.mapReady();
  // Online: one seat for exact cash; the card names it.
  await counter.press('1');
  await counter.sellForExactCash(1);
  await expect(counter.lastAdded().getByRole('listitem')).toHaveCount(1);
  // A lease of 2, then the network drops and one of them is sold offline.
  await counter.leasePanel().getByLabel('Best seats in').fill('2');
  await counter.leasePanel().getByLabel('Until').fill('23:45');
  await counter.leasePanel().getByRole('button', { name: 'Lease 2 best' }).click();
  await expect(page.getByText('Ready to sell offline: 2 seat(s) of your lease')).toBeVisible();
  await page.context().setOffline(true);
  await expect(offlineNotice(page)).toContainText('Offline: selling from your lease (2 seats left)');
  // The online sale made before the outage prints from here too: its ticket, with its reservation's ticket number.
  const sessionSales = page.getByLabel('Online sales of this session');
  await expect(sessionSales.getByRole('listitem')).toHaveCount(1);
  await sessionSales.getByRole('button', { name: /^Print the sale of / }).click();
  await expect(page.locator('.ticket-print')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('.ticket-print section')).toHaveCount(1);
  await expect(page.locator('.ticket-print section')).toContainText(`Reservation ${one.id} · ticket `);
  await expect(sessionSales.getByRole('button', { name: /^Reprint the sale of / })).toBeVisible();
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`offline-lease-online-sales-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The counter's keys again (a focused button keeps them).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Payment', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pendingLine(page)).toHaveText(/Offline, not yet sent: 1 ticket\(s\)/);
  // Back online: the offline sale is replayed, and the last sale was that one: no older sale is offered as "last added".
  await page.context().setOffline(false);
  await expect(page.getByRole('table', { name: 'Offline sales log' }).getByText('Replayed', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Release' })).toHaveCount(0);
  await expect(counter.lastAdded()).toHaveCount(0);
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`counter-back-online-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // Hand the lease back: the flow leaves no running lease to the other flows of the counter.
  const lease = (await (await callAs(request, promoter, 'GET', `/api/events/${stadium}/seat-leases`)).json()).collection.find((l: { reservation_id: number }) => l.reservation_id === one.id);
  expect((await callAs(request, promoter, 'POST', `/api/boxoffice/reservations/${one.id}/leases/${lease.id}/hand-back`, {})).status()).toBe(200);
});

test('when the network drops after an online sale and before its tickets are printed, then the offline view prints them and their receipt exactly as online, with the API\'s references, and reprints them after a reload', async ({ page, request }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
  const prints = () => page.evaluate(() => (window as unknown as { __prints: number }).__prints);
  const [promoter, box] = [await tokenOf(request, 'promoter'), await tokenOf(request, 'boxoffice')];
  const boxUser = DEMO_ACCOUNTS.find((a) => a.key === 'boxoffice')!;
  const owner = (await (await callAs(request, promoter, 'GET', '/api/users?type=boxoffice&per_page=500')).json()).collection.find((u: { email: string }) => u.email === boxUser.email).id;
  const one = (await (await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner, validity_date: later, description: '{"extra_fee": "12,50"}' })).json()) as { id: number };
  // The counter never reads the references call: what it prints comes from the sale's answer alone.
  await page.route('**/api/boxoffice/reservations/*/references', (route) => route.abort());
  await useSessionOf(page, 'boxoffice');
  await page.goto(`/boxoffice-app/${one.id}`);
  const counter = new CounterScreens(page);
  await counter.mapReady();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // Two seats, cash with change; not printed.
  await counter.press('2');
  await counter.press('Enter');
  await page.getByLabel('Amount given (SEK)').fill('5000');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^2 ticket\(s\) sold: change /)).toBeVisible();
  await expect(page.locator('.ticket-print')).toHaveAttribute('data-ready', 'true');
  expect(await prints()).toBe(0);
  const online = await printedOutput(page, '.ticket-print-host', test.info().outputPath('online-sale.pdf'));
  const sold = ((await (await callAs(request, box, 'GET', `/api/reservations/${one.id}`)).json()).items as { id: number; section: string; row: string; seat: string }[]);
  const references = ((await (await callAs(request, box, 'GET', `/api/boxoffice/reservations/${one.id}/references`)).json()).collection as { id: number; reference: string }[]);
  expect(sold).toHaveLength(2);

  // The network drops: the counter holds no lease, so it sells nothing, and says what it can print.
  await page.context().setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: 'Offline: this counter cannot sell' })).toBeVisible();
  const card = page.getByLabel('Online sales of this session');
  await expect(card).toContainText('It cannot print a sale whose answer did not arrive before the network went');
  const place = (t: { section: string; row: string; seat: string }) => `${t.section}, row ${t.row}, seat ${t.seat}`;
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText(`2 ticket(s)`);
  await expect(card.getByRole('listitem')).toContainText('not printed yet');
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`offline-print-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('button', { name: /^Print the sale of / }).click();
  await expect.poll(prints).toBe(1);
  await expect(card.getByRole('button', { name: /^Reprint the sale of / })).toBeVisible();
  // As printed: the same pages as online, page for page; each ticket's QR code is the API's reference of its ticket.
  const offline = await printedOutput(page, '.ticket-print-host', test.info().outputPath('offline-print.pdf'));
  expect(offline.stray).toEqual([]);
  expect(offline.pages).toEqual(online.pages);
  expect(offline.qrs).toEqual(online.qrs);
  expect(offline.pages.map(({ widthMm, heightMm, images }) => [widthMm, heightMm, images])).toEqual([[80, 110, 1], [80, 110, 1], [80, 150, 0]]);
  expect(offline.qrs.map((q) => q.content)).toEqual(sold.map((t) => references.find((r) => r.id === t.id)!.reference));
  sold.forEach((t, i) => {
    expect(offline.pages[i]!.text).toMatch(new RegExp(`^Midsummer Stadium Night\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}.*${place(t)}.* incl\\. feesReservation ${one.id} · ticket ${t.id}$`));
  });
  expect(offline.pages[2]!.text).toMatch(new RegExp(`^ReceiptMidsummer Stadium Night.*Reservation ${one.id} · walk-in.*Total.*Paid: Cash.*Cash given.*Change`));

  // A reload with no network keeps the tab's sales: p reprints the last one.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Offline: this counter cannot sell' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Reprint the sale of / })).toBeVisible();
  await page.keyboard.press('p');
  await expect.poll(prints).toBe(1);
  expect((await printedOutput(page, '.ticket-print-host', test.info().outputPath('offline-reprint.pdf'))).pages).toEqual(online.pages);
  await page.context().setOffline(false);
  await counter.mapReady();
});
