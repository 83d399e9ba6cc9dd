import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { LEASE_COLORS, SEAT_STATE_COLORS } from '../src/seatmap/colors';
import { leaseEndTime } from '../src/seatmap/leaseOverlay';
import { expect, test } from './fixtures';
import { openInApp } from './inApp';
import { CounterScreens } from './pages/BoxOfficeScreens';
import { ReservationScreens } from './pages/ReservationScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, sessionTokenOf, useSessionOf } from './signIn';

/**
 * Every change of a seat reaches an open map without a reload (issue 32): another operator's reserve, a sale at a
 * box-office counter in another browser, a void, a refund, a hold that ends. The map under test is a promoter's
 * reservation map; what changes it is done elsewhere, as it would be.
 */
test.describe.configure({ timeout: 180_000 });

const stadium = seededEventId('Midsummer Stadium Night');
const TAKEN = SEAT_STATE_COLORS.reservedOrBought;

interface SectionSeat { seat_index: number; name: string; hidden: boolean; reserved: boolean; prices: unknown[] }

/** An API call with a token of its own (another operator, an admin), not the page's. */
async function callAs(request: APIRequestContext, token: string, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: object) {
  const res = await request.fetch(path, { method, ...(data ? { data } : {}), headers: { platform: 'admin', authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}
async function tokenOf(request: APIRequestContext, key: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { platform: 'admin' } });
  return (await res.json()).token;
}
/** Wall-clock Stockholm time `seconds` from now, as the API takes moments. */
const stockholmIn = (seconds: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(new Date(Date.now() + seconds * 1000));

/** Whether the open map draws the seat taken (the colours it was given; a flash is on top of them). */
const drawnAs = (page: Page, seat: number, color: number) => page.evaluate(([s, c]) => (window as unknown as { __seatColors: Uint32Array }).__seatColors[s] === c, [seat, color] as const);
const drawnTaken = (page: Page, seat: number) => drawnAs(page, seat, TAKEN);

/** Free priced seats of one row of a seated section: its name, the row, and each seat's index and label. */
async function freeSeats(page: Page, request: APIRequestContext, n: number, skipSections = 0) {
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden).slice(skipSections)) {
    const detail = await apiGet<{ rows: { name: string; seats: SectionSeat[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(s.name)}`);
    for (const row of detail.rows) {
      const free = row.seats.filter((x) => !x.hidden && !x.reserved && x.prices.length > 0);
      if (free.length >= n) return free.slice(0, n).map((x) => ({ section: s.name, row: row.name, seat: x.name, index: x.seat_index }));
    }
  }
  throw new Error('No free row on the stadium');
}

test('when others reserve, void, delete a reservation, refund, let a hold end and hide a seat, then an open reservation map shows each change without a reload', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const [admin, otherPromoter] = [await tokenOf(request, 'admin'), await tokenOf(request, 'promoter')];
  const later = stockholmIn(30 * 86400);
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright live map', type: 'guest', reserved_until: later });
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${stadium}/reservation/${mine.id}/map`);
  await screens.mapReady();
  const seats = await freeSeats(page, request, 3, 2);
  const [a, b, c] = seats;
  expect(await drawnTaken(page, a.index)).toBe(false);
  const ticket = (s: typeof a) => ({ section: s.section, row: s.row, seat: s.seat, event: stadium });

  // Another operator reserves seat a: it turns taken here, and flashes once.
  const seen = Number(await page.locator('.seatmap').getAttribute('data-changes-seen'));
  const other = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright other operator', type: 'guest', reserved_until: later });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${other.id}`, { tickets: [ticket(a)] });
  await expect.poll(() => drawnTaken(page, a.index)).toBe(true);
  expect(Number(await page.locator('.seatmap').getAttribute('data-changes-seen'))).toBeGreaterThan(seen);

  // The admin voids that order: seat a is free again here.
  await callAs(request, admin, 'POST', `/api/orders/${other.id}/void`, {});
  await expect.poll(() => drawnTaken(page, a.index)).toBe(false);

  // Another operator reserves seat b and then deletes that reservation: taken, then free again here.
  const released = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright released', type: 'guest', reserved_until: later });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${released.id}`, { tickets: [ticket(b)] });
  await expect.poll(() => drawnTaken(page, b.index)).toBe(true);
  await callAs(request, otherPromoter, 'DELETE', `/api/reservations/${released.id}`);
  await expect.poll(() => drawnTaken(page, b.index)).toBe(false);

  // A hold on seat b that ends in a few seconds: taken, then free, with nobody writing in between.
  const hold = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright short hold', type: 'guest', reserved_until: stockholmIn(10) });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${hold.id}`, { tickets: [ticket(b)] });
  await expect.poll(() => drawnTaken(page, b.index)).toBe(true);
  await expect.poll(() => drawnTaken(page, b.index), { timeout: 20_000 }).toBe(false);

  // A box-office sale of seat c (paid at the counter), then a refund of it that does not keep the ticket.
  const box = await tokenOf(request, 'boxoffice');
  const assigned = await (await request.get('/api/boxoffice/assigned', { headers: { platform: 'admin', authorization: `Bearer ${box}` } })).json();
  const counter = assigned.collection.find((r: { event: { id: number } }) => r.event.id === stadium);
  const sold = await callAs(request, box, 'PUT', `/api/reservations/${counter.id}`, { tickets: [ticket(c)] });
  await expect.poll(() => drawnTaken(page, c.index)).toBe(true);
  const item = sold.items.find((i: { row: string; seat: string; section: string }) => i.section === c.section && i.row === c.row && i.seat === c.seat);
  const order = await (await request.get(`/api/orders/${counter.id}`, { headers: { platform: 'admin', authorization: `Bearer ${admin}` } })).json();
  const paid = order.items.find((i: { id: number }) => i.id === item.id);
  await callAs(request, admin, 'POST', '/api/refund', {
    order_id: counter.id,
    items: [{ id: item.id, keep_valid: false, item_payments: [{ id: paid.payment_id, original_price_decrease: 1, net_price_decrease: Math.round(100 / (1 + paid.vat_percent / 100)) / 100, refund_amount: 1 }] }],
  });
  await expect.poll(() => drawnTaken(page, c.index)).toBe(false);

  // The promoter hides seat a on the pricing side (another tab): the open map reloads its sections and draws it hidden.
  const hide = (action: 'hide' | 'unhide') => callAs(request, otherPromoter, 'POST', `/api/events/${stadium}/hide-seats`, { action, seats: [{ section: a.section, row: a.row, seat: a.seat }] });
  await hide('hide');
  await expect.poll(() => drawnAs(page, a.index, SEAT_STATE_COLORS.hidden)).toBe(true);
  await hide('unhide');
  await expect.poll(() => drawnAs(page, a.index, SEAT_STATE_COLORS.hidden)).toBe(false);

  // The map left and opened again inside the console within a minute is drawn from the sections RTK Query kept, read
  // before another operator reserved seat c meanwhile: the stream resumes from that answer's seat_version, so seat c is
  // taken on the map opened again (it was drawn free until the live stream followed the answer it drew from).
  const mapUrl = `/events/${stadium}/reservation/${mine.id}/map`;
  await openInApp(page, `/events/${stadium}/reservation/${mine.id}/edit`);
  await expect(page.locator('.seatmap')).toHaveCount(0);
  const meanwhile = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright meanwhile', type: 'guest', reserved_until: later });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${meanwhile.id}`, { tickets: [ticket(c)] });
  await openInApp(page, mapUrl);
  await screens.mapReady();
  await expect.poll(() => drawnTaken(page, c.index)).toBe(true);
});

test('when a box-office counter in another browser sells seats, then they turn taken on an open map without a reload', async ({ page, browser, request }) => {
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright watching the counter', type: 'guest', reserved_until: stockholmIn(30 * 86400) });
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${stadium}/reservation/${mine.id}/map`);
  await screens.mapReady();

  const office = await browser.newContext();
  const till = await office.newPage();
  await useSessionOf(till, 'boxoffice');
  const counter = new CounterScreens(till);
  await counter.openAssigned();
  await till.getByRole('row', { name: /Midsummer Stadium Night/ }).first().click();
  await expect(till.getByRole('heading', { name: 'Midsummer Stadium Night' })).toBeVisible();
  const section = await till.getByRole('combobox', { name: 'Section' }).inputValue();
  await expect(till.getByText('Type a number of seats')).toBeVisible();
  await expect(till.getByRole('status').filter({ hasText: `seats free in ${section}` })).toBeVisible();
  await counter.press('2');
  await expect(counter.selection().getByRole('row')).toHaveCount(3);
  const picked = await counter.selection().getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => [r.children[0]!.textContent!, r.children[1]!.textContent!]));
  await counter.sellForExactCash(2);

  const detail = await apiGet<{ rows: { name: string; seats: SectionSeat[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(section)}`);
  const indexes = picked.map(([row, seat]) => detail.rows.find((r) => r.name === row)!.seats.find((s) => s.name === seat)!.seat_index);
  for (const i of indexes) await expect.poll(() => drawnTaken(page, i)).toBe(true);
  await office.close();
});

test('when a ticket is moved to another seat, then its reservation shows the new seat and a map open in another browser sees both seats change', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const later = stockholmIn(30 * 86400);
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright re-seat', type: 'guest', reserved_until: later });
  const [a, b] = await freeSeats(page, request, 2, 3);
  await callAs(request, promoter, 'PUT', `/api/reservations/${mine.id}`, { tickets: [{ section: a.section, row: a.row, seat: a.seat, event: stadium }] });

  // A colleague in another browser has the stadium open on a reservation map of their own.
  const elsewhere = await browser.newContext();
  const watch = await elsewhere.newPage();
  await useSessionOf(watch, 'promoter');
  const theirs = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright watching a re-seat', type: 'guest', reserved_until: later });
  await watch.goto(`/events/${stadium}/reservation/${theirs.id}/map`);
  await new ReservationScreens(watch).mapReady();
  expect(await drawnTaken(watch, a.index)).toBe(true);
  expect(await drawnTaken(watch, b.index)).toBe(false);

  // Move on the ticket opens the map in re-seat mode; one free seat is chosen and Move ticket moves it.
  await page.goto(`/events/${stadium}/reservation/${mine.id}/edit`);
  await page.getByRole('button', { name: `Move ticket ${a.section} ${a.row} ${a.seat} to another seat` }).click();
  const screens = new ReservationScreens(page);
  await screens.mapReady();
  const panel = page.getByLabel('Move ticket', { exact: true });
  await expect(panel).toContainText(`From ${a.section}, row ${a.row}, seat ${a.seat}`);
  await expect(panel.getByRole('button', { name: 'Move ticket' })).toBeDisabled();
  await screens.openSection(b.index);
  await screens.clickSeat(b.index);
  await expect(panel).toContainText(`To ${b.section}, row ${b.row}, seat ${b.seat}`);
  await page.screenshot({ path: test.info().outputPath('reseat-1440.png') });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: test.info().outputPath('reseat-600.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.getByRole('button', { name: 'Move ticket' }).click();
  await expect(page.getByText(`Ticket moved to ${b.section}, row ${b.row}, seat ${b.seat}.`)).toBeVisible();
  await expect(page).toHaveURL(`/events/${stadium}/reservation/${mine.id}/edit`);
  const tickets = page.getByRole('table', { name: 'Tickets' });
  await expect(tickets.getByRole('row')).toHaveCount(2);
  await expect(tickets.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(b.seat);

  // The other browser saw both seats change, without a reload.
  await expect.poll(() => drawnTaken(watch, b.index)).toBe(true);
  await expect.poll(() => drawnTaken(watch, a.index)).toBe(false);
  await elsewhere.close();
});

/** A seat the back office may reserve in the season and in the included event alike. */
async function seatFreeInFamily(page: Page, request: APIRequestContext, season: number, included: number) {
  type Seat = SectionSeat & { can_reserve_admin: boolean };
  const map = await apiGet<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>(page, request, `/api/events/${season}/sections`);
  for (const s of map.sections.filter((x) => !x.general_admission && x.price_set !== null && !x.hidden)) {
    const inSeason = await apiGet<{ rows: { name: string; seats: Seat[] }[] }>(page, request, `/api/events/${season}/sections/${encodeURIComponent(s.name)}`);
    const inEvent = await apiGet<{ rows: { name: string; seats: Seat[] }[] }>(page, request, `/api/events/${included}/sections/${encodeURIComponent(s.name)}`);
    const open = new Set(inEvent.rows.flatMap((r) => r.seats.filter((x) => x.can_reserve_admin).map((x) => x.seat_index)));
    const row = inSeason.rows.find((r) => r.seats.some((x) => x.can_reserve_admin && open.has(x.seat_index)));
    const found = row?.seats.find((x) => x.can_reserve_admin && open.has(x.seat_index));
    if (row && found) return { section: s.name, row: row.name, seat: found.name, index: found.seat_index };
  }
  throw new Error('No seat free in the season and the included event');
}

test('when the season reserves a seat, then an open map of an included event draws it taken without a reload and says a season ticket holds it', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const otherPromoter = await tokenOf(request, 'promoter');
  const season = seededEventId('Göta Lejon Season 2027');
  const included = seededEventId('Les Misérables (premiere)');
  const later = stockholmIn(30 * 86400);
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: included, title: 'Playwright season map', type: 'guest', reserved_until: later });
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${included}/reservation/${mine.id}/map`);
  await screens.mapReady();

  const seat = await seatFreeInFamily(page, request, season, included);
  expect(await drawnTaken(page, seat!.index)).toBe(false);

  // Another operator sells it as a season ticket: the included event's open map draws it taken.
  const held = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: season, title: 'Playwright season ticket', type: 'guest', reserved_until: later });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${held.id}`, { tickets: [{ section: seat!.section, row: seat!.row, seat: seat!.seat, event: season }] });
  await expect.poll(() => drawnTaken(page, seat!.index)).toBe(true);

  // Clicked, it says why: the season holds it. (The theatre is one section: seats answer the first click when the
  // map shows them; at the overview the first click opens the section.)
  const notice = page.getByRole('dialog', { name: "Seat can't be reserved" });
  await screens.clickSeatWhereShown(seat!.index);
  await expect(notice).toContainText(`Row ${seat!.row}, seat ${seat!.seat}. A season ticket holds it.`);
  await page.getByRole('button', { name: 'OK' }).click();

  // The season gives it up: free again on the included event's map.
  const admin = await tokenOf(request, 'admin');
  await callAs(request, admin, 'POST', `/api/orders/${held.id}/void`, {});
  await expect.poll(() => drawnTaken(page, seat!.index)).toBe(false);
});

test('when an included event\'s counter leases a seat, then the season\'s open map draws it leased without a reload, says whose, and frees it when handed back', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const box = await tokenOf(request, 'boxoffice');
  const season = seededEventId('Göta Lejon Season 2027');
  const included = seededEventId('Les Misérables (premiere)');
  const later = stockholmIn(30 * 86400);
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: season, title: 'Playwright season lease map', type: 'guest', reserved_until: later });
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${season}/reservation/${mine.id}/map`);
  await screens.mapReady();
  const seat = await seatFreeInFamily(page, request, season, included);
  expect(await drawnAs(page, seat.index, LEASE_COLORS.others)).toBe(false);

  // The included event's counter leases it (from its own browser; here its calls): the season's map draws it leased.
  const users = await apiGet<{ collection: { id: number; email: string }[] }>(page, request, '/api/users?type=boxoffice&per_page=500');
  const owner = users.collection.find((u) => u.email === DEMO_ACCOUNTS.find((a) => a.key === 'boxoffice')!.email)!.id;
  const counter = await callAs(request, promoter, 'POST', '/api/reservations', { event: included, type: 'boxoffice', owner, validity_date: later, description: '{"extra_fee": 0}' });
  const endsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const lease = await callAs(request, box, 'POST', `/api/boxoffice/reservations/${counter.id}/leases`, { ends_at: endsAt, seats: [{ section: seat.section, row: seat.row, seat: seat.seat }] });
  await expect.poll(() => drawnAs(page, seat.index, LEASE_COLORS.others)).toBe(true);
  const notice = page.getByRole('dialog', { name: "Seat can't be reserved" });
  await screens.clickSeatWhereShown(seat.index);
  await expect(notice).toContainText(`Row ${seat.row}, seat ${seat.seat}. Leased to ${counter.title} until ${leaseEndTime(endsAt)}.`);
  await page.getByRole('button', { name: 'OK' }).click();

  // Handed back: for sale again on the season's map.
  await callAs(request, box, 'POST', `/api/boxoffice/reservations/${counter.id}/leases/${lease.id}/hand-back`, {});
  await expect.poll(() => drawnAs(page, seat.index, LEASE_COLORS.others)).toBe(false);
});

test('when the stadium is dragged with its seats small, then the moving frames come from the cached view and a seat another operator reserves meanwhile is drawn taken in them', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const promoter = (await sessionTokenOf(page))!;
  const otherPromoter = await tokenOf(request, 'promoter');
  const later = stockholmIn(30 * 86400);
  const mine = await callAs(request, promoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright cached view', type: 'guest', reserved_until: later });
  const screens = new ReservationScreens(page);
  await page.goto(`/events/${stadium}/reservation/${mine.id}/map`);
  await screens.mapReady();
  const [a] = await freeSeats(page, request, 1, 6);
  const view = () => page.evaluate(() => {
    const m = window.__seatMap!;
    return { seatsVisible: m.seatsVisible, seatRadiusPx: m.seatRadiusPx, cachedViewReady: m.cachedViewReady, cachedFrames: m.cachedFrames };
  });
  const seatAt = () => page.evaluate((s) => window.__seatMap!.seatScreenPosition(s), a.index);

  // Towards seat a in small wheel steps until seats are drawn: small ones (under 3 px), which a move draws from the
  // cached view, a texture of sections and seats drawn at rest.
  for (let k = 0; k < 40 && !(await view()).seatsVisible; k++) {
    const p = await seatAt();
    await page.mouse.move(p.x, p.y);
    await page.mouse.wheel(0, -100);
    await screens.settle();
  }
  const small = await view();
  expect(small.seatsVisible).toBe(true);
  expect(small.seatRadiusPx).toBeLessThan(3);
  await expect.poll(async () => (await view()).cachedViewReady, { timeout: 20_000 }).toBe(true);

  // Every frame from now on: whether the camera was moving (drawn at half the resolution), whether it came from the
  // cached view, and the colour it drew seat a in (the texture's colour when it came from the cached view).
  await page.evaluate((s) => {
    const w = window as unknown as { __drawn: { moving: boolean; cached: boolean; drawn: number; buffer: number }[]; __recording: boolean };
    const m = window.__seatMap!;
    w.__drawn = [];
    w.__recording = true;
    void (async () => {
      while (w.__recording) {
        await m.nextFrame();
        w.__drawn.push({ moving: m.drawnReduced, cached: m.drawnCached, drawn: m.seatColorDrawn(s), buffer: m.seatColor(s) });
      }
    })();
  }, a.index);
  const drawn = () => page.evaluate(() => (window as unknown as { __drawn: { moving: boolean; cached: boolean; drawn: number; buffer: number }[] }).__drawn.splice(0));

  // A drag, the button held: its frames come from the cached view, seat a drawn free.
  const start = await seatAt();
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 30, start.y + 10, { steps: 8 });
  const before = await drawn();
  expect(before.some((f) => f.moving && f.cached)).toBe(true);
  expect(before.filter((f) => f.cached).every((f) => f.drawn !== TAKEN)).toBe(true);

  // Another operator reserves seat a while the map is still being dragged: the frames that follow draw it taken.
  const other = await callAs(request, otherPromoter, 'POST', '/api/reservations', { event: stadium, title: 'Playwright other operator, moving', type: 'guest', reserved_until: later });
  await callAs(request, otherPromoter, 'PUT', `/api/reservations/${other.id}`, { tickets: [{ section: a.section, row: a.row, seat: a.seat, event: stadium }] });
  let step = 0;
  await expect.poll(async () => {
    step++;
    await page.mouse.move(start.x + 30 + (step % 2) * 8, start.y + 10, { steps: 2 });
    return page.evaluate((s) => window.__seatMap!.seatColor(s), a.index);
  }, { timeout: 30_000 }).toBe(TAKEN);
  for (let k = 1; k <= 6; k++) await page.mouse.move(start.x + 30 + k * 4, start.y + 10, { steps: 2 });
  const whileMoving = (await drawn()).filter((f) => f.moving && f.buffer === TAKEN);
  expect(whileMoving.length).toBeGreaterThan(0);
  expect(whileMoving.map((f) => f.drawn)).toEqual(whileMoving.map(() => TAKEN));
  await page.mouse.up();

  // At rest the cached view is drawn again with the change; the next drag's frames come from it, seat a taken.
  await expect.poll(async () => (await view()).cachedViewReady, { timeout: 20_000 }).toBe(true);
  const p = await seatAt();
  await page.mouse.move(p.x, p.y);
  await drawn();
  await page.mouse.down();
  await page.mouse.move(p.x - 30, p.y - 10, { steps: 8 });
  const cachedAfter = (await drawn()).filter((f) => f.moving && f.cached);
  await page.mouse.up();
  await page.evaluate(() => {
    (window as unknown as { __recording: boolean }).__recording = false;
  });
  expect(cachedAfter.length).toBeGreaterThan(0);
  expect(cachedAfter.map((f) => f.drawn)).toEqual(cachedAfter.map(() => TAKEN));
});
