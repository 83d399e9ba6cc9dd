import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openInApp } from './inApp';
import { seededEventId, VenueMapScreen } from './pages/VenueMapScreen';
import { apiGet, useSessionOf } from './signIn';

const STADIUM_EVENT = 'Midsummer Stadium Night';
const SECTION = 'Section 101';

interface SeatRow { name: string; seats: { seat_index: number; name: string; reserved: boolean }[] }

const signIn = (page: Page) => useSessionOf(page, 'promoter');

/** The section's rows as the API has them: the independent truth the engine's selection is checked against. */
async function sectionRows(page: Page, request: APIRequestContext, eventId: number, section: string): Promise<SeatRow[]> {
  return (await apiGet<{ rows: SeatRow[] }>(page, request, `/api/events/${eventId}/sections/${encodeURIComponent(section)}`)).rows;
}

/**
 * A shift-click selects the row's untaken seats. Other flows sell seats of this event at the same time (the counter,
 * the live-states flow), so what the row should give is read again from the API each time the selection is compared.
 */
async function untakenOfRow(page: Page, request: APIRequestContext, eventId: number, section: string, row: string): Promise<number[]> {
  const rows = await sectionRows(page, request, eventId, section);
  return rows.find((r) => r.name === row)!.seats.filter((s) => !s.reserved).map((s) => s.seat_index);
}

test.describe('the venue map of the seeded 104,000-seat stadium', () => {
  test('when a promoter opens it, then the whole venue shows with its sections and the map is ready, its renderer not having built the seats\' pipeline before that first frame of sections', async ({ page }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    await map.open(seededEventId(STADIUM_EVENT));
    expect(await map.state('seatCount')).toBe(104_000);
    // The renderer was prepared knowing the venue's size: more seats than a whole-venue frame draws.
    expect(await page.evaluate(() => performance.getEntriesByName('seatmap:seats-after-first-frame').length)).toBe(1);
    await expect(page.getByRole('heading', { name: `${STADIUM_EVENT}: venue map` })).toBeVisible();
    await expect(page.getByText('Strawberry Arena · Stadium bowl · 104 000 seats')).toBeVisible();
    await page.screenshot({ path: 'test-results/venue-map-overview.png' });
  });

  test('when a section is clicked at overview, then the URL follows it, the map marks it, details zooms to its seats and Back leaves them', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId);
    const rows = await sectionRows(page, request, eventId, SECTION);
    // A seat in the middle of the section: at overview a click on it lands on its section.
    const middle = rows[Math.floor(rows.length / 2)].seats[0].seat_index;
    const legend = page.getByRole('region', { name: 'Legend' });
    // At overview only sections are drawn: the legend says what their colours mean.
    await expect(legend).toContainText('All places priced');
    await map.clickSeat(middle);
    await expect(page).toHaveURL(`/events/${eventId}/venue-map/${encodeURIComponent(SECTION)}`);
    await expect(page.getByRole('complementary', { name: 'Map details' }).getByRole('heading', { name: SECTION })).toBeVisible();
    // The clicked section is the one the map marks as selected.
    const clicked = await map.state('hoverSection');
    expect(clicked).toBeGreaterThanOrEqual(0);
    await expect.poll(() => map.state('selectedSection')).toBe(clicked);
    await page.getByRole('button', { name: 'Show seats' }).click();
    await expect(page).toHaveURL(`/events/${eventId}/venue-map/${encodeURIComponent(SECTION)}/details`);
    await map.settle();
    expect(await map.state('seatsVisible')).toBe(true);
    await expect(legend).toContainText('Reserved or bought');
    await expect(legend).not.toContainText('All places priced');
    await page.screenshot({ path: 'test-results/venue-map-section.png' });
    // Back to the section on the map: the seat view is left, the whole venue shows again.
    await page.goBack();
    await expect(page).toHaveURL(`/events/${eventId}/venue-map/${encodeURIComponent(SECTION)}`);
    await expect.poll(() => map.state('seatsVisible')).toBe(false);
    expect(await map.state('selectedSection')).toBe(clicked);
  });

  test('when seats are selected and another section is clicked, then they are let go and the pricing panel names that section', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    const seat = rows[3].seats[4].seat_index;
    await map.clickSeat(seat);
    await expect.poll(() => map.state('selected')).toEqual([seat]);
    // A click between two rows of the same section, in the seat view: nothing changes, the view stays.
    const a = await map.seatPosition(rows[3].seats[4].seat_index);
    const b = await map.seatPosition(rows[4].seats[4].seat_index);
    const camera = await map.state('camera');
    await page.mouse.click((a.x + b.x) / 2, (a.y + b.y) / 2);
    await map.settle();
    await expect(page).toHaveURL(`/events/${eventId}/venue-map/${encodeURIComponent(SECTION)}/details`);
    expect(await map.state('selected')).toEqual([seat]);
    expect(await map.state('camera')).toEqual(camera);
    // The whole venue, then a click on another section: the seat of Section 101 is let go.
    const panel = page.getByRole('complementary', { name: 'Map details' });
    await panel.getByRole('button', { name: 'Whole venue' }).click();
    await expect.poll(() => map.state('seatsVisible')).toBe(false);
    await map.settle();
    const other = 'Section 105';
    const otherRows = await sectionRows(page, request, eventId, other);
    await map.clickSeat(otherRows[Math.floor(otherRows.length / 2)].seats[0].seat_index);
    await expect(page).toHaveURL(`/events/${eventId}/venue-map/${encodeURIComponent(other)}`);
    await expect.poll(() => map.state('selected')).toEqual([]);
    await expect(panel.getByText('No seats selected')).toBeVisible();
    await expect(panel.getByText(`Whole section: ${other}`)).toBeVisible();
  });

  test('when a sold seat is clicked, then the panel says it cannot be selected, a shift-click on it selects its row\'s untaken seats, and the mode in the address must be known', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId('Nordic Lights Live');
    const venue = await apiGet<{ taken: number[]; sections: { name: string; general_admission: boolean; stats: { seats: { taken: number } } }[] }>(
      page, request, `/api/events/${eventId}/sections`);
    const taken = new Set(venue.taken);
    const section = venue.sections.find((s) => !s.general_admission && s.stats.seats.taken > 0)!;
    const rows = await sectionRows(page, request, eventId, section.name);
    const sold = rows.flatMap((r) => r.seats.map((s) => ({ row: r.name, ...s }))).find((s) => taken.has(s.seat_index))!;
    await map.open(eventId, section.name, 'details');
    await map.clickSeat(sold.seat_index);
    await expect(page.getByText(`${section.name}, row ${sold.row}, seat ${sold.name} is sold or reserved: it cannot be selected for pricing.`)).toBeVisible();
    expect(await map.state('selected')).toEqual([]);
    // A shift-click on it means its row: the row's untaken seats are selected (the selection now says what is chosen).
    await map.clickSeat(sold.seat_index, ['Shift']);
    await expect.poll(async () => (await map.state('selected')).join() === (await untakenOfRow(page, request, eventId, section.name, sold.row)).join()).toBe(true);
    const inRow = await map.state('selected');
    expect(inRow).not.toContain(sold.seat_index);
    if (inRow.length > 1) await expect(page.getByRole('complementary', { name: 'Map details' }).getByText(`${inRow.length} seats selected`)).toBeVisible();
    await page.goto(`/events/${eventId}/venue-map/${encodeURIComponent(section.name)}/bogus`);
    await expect(page.getByText('Unknown view')).toBeVisible();
  });

  test('when the pointer rests on a seat, then the tooltip names its section, row, seat and prices', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    const row = rows[2];
    const seat = row.seats[3];
    await map.hoverSeat(seat.seat_index);
    await expect(map.tooltip()).toContainText(`${SECTION} · Row ${row.name} · Seat ${seat.name}`);
    await expect(map.tooltip()).toContainText('Standard:');
  });

  test('when seats are clicked, shift-clicked and ctrl-clicked, then the selection is that seat, exactly its row, then one more', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    const row = rows[4];
    const seat = row.seats[5].seat_index;
    await map.clickSeat(seat);
    await expect.poll(() => map.state('selected')).toEqual([seat]);
    await map.clickSeat(seat, ['Shift']);
    await expect.poll(async () => (await map.state('selected')).join() === (await untakenOfRow(page, request, eventId, SECTION, row.name)).join()).toBe(true);
    const inRow = (await map.state('selected')).length;
    const other = rows[6].seats[1].seat_index;
    await map.clickSeat(other, ['Control']);
    await expect.poll(async () => (await map.state('selected')).length).toBe(inRow + 1);
    expect(await map.state('selected')).toContain(other);
    await expect(page.getByText(`${inRow + 1} seats selected`)).toBeVisible();
    await map.canvas().focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => map.state('selected')).toEqual([]);
  });

  test('when a seat at the edge of the view is clicked, then the map stays under the pointer and a shift-click there selects its row', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    // Details fits the section to the view, so a row's first seat lies at the edge. The first row whose first seat is
    // untaken: other flows of this shard sell the section's best seats (the counter, the offline counter).
    const edgeRow = rows.find((r) => !r.seats[0].reserved)!;
    const seat = edgeRow.seats[0].seat_index;
    const camera = await map.state('camera');
    await map.clickSeat(seat);
    await expect.poll(() => map.state('selected')).toEqual([seat]);
    await map.settle();
    expect(await map.state('camera')).toEqual(camera);
    await map.clickSeat(seat, ['Shift']);
    await expect.poll(async () => (await map.state('selected')).join() === (await untakenOfRow(page, request, eventId, SECTION, edgeRow.name)).join()).toBe(true);
  });

  test('when a rectangle is dragged with Shift, then exactly the seats inside it are selected', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    const a = await map.seatPosition(rows[1].seats[2].seat_index);
    const b = await map.seatPosition(rows[4].seats[6].seat_index);
    const from = { x: Math.min(a.x, b.x) - 3, y: Math.min(a.y, b.y) - 3 };
    const to = { x: Math.max(a.x, b.x) + 3, y: Math.max(a.y, b.y) + 3 };
    await map.dragRectangle(from, to);
    // Independently: every seat of the section whose centre lies inside the dragged rectangle.
    const all = rows.flatMap((r) => r.seats.map((s) => s.seat_index));
    const inside: number[] = [];
    for (const s of all) {
      const p = await map.seatPosition(s);
      if (p.x >= from.x && p.x <= to.x && p.y >= from.y && p.y <= to.y) inside.push(s);
    }
    expect(inside.length).toBeGreaterThan(10);
    await expect.poll(async () => (await map.state('selected')).slice().sort((x, y) => x - y)).toEqual(inside.sort((x, y) => x - y));
  });

  test('when the keyboard is used, then arrows move a focus seat along the row, between rows and on into the next section, Space selects, and it is announced', async ({ page, request }) => {
    await signIn(page);
    const map = new VenueMapScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = await sectionRows(page, request, eventId, SECTION);
    await map.clickSeat(rows[3].seats[4].seat_index);
    await map.canvas().focus();
    const start = await map.state('focusSeat');
    expect(start).toBe(rows[3].seats[4].seat_index);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => map.state('focusSeat')).toBe(rows[3].seats[5].seat_index);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => map.state('focusSeat')).toBe(start);
    await page.keyboard.press('ArrowDown');
    const below = await map.state('focusSeat');
    const neighbourRows = [rows[2], rows[4]].map((r) => r.seats.map((s) => s.seat_index));
    expect(neighbourRows.some((r) => r.includes(below))).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => map.state('selected')).toContain(below);
    await expect(page.locator('.seatmap__live')).toContainText(SECTION);
    // Past the row's end the arrow goes on into the neighbouring section.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.seatmap__live')).toContainText(/Section \d+/);
    await expect(page.locator('.seatmap__live')).not.toContainText(SECTION);
  });

  test('when the section does not exist, then an error view says so', async ({ page }) => {
    await signIn(page);
    await page.goto(`/events/${seededEventId(STADIUM_EVENT)}/venue-map/No%20such%20section`);
    await expect(page.getByText('Unknown section')).toBeVisible();
  });

  test('when the event does not exist or belongs to another promoter, then "Event unknown"', async ({ page }) => {
    await signIn(page);
    await page.goto('/events/99999/venue-map');
    await expect(page.getByText('Event unknown')).toBeVisible();
    // The other promoter's event as the console's links would go (no new load): the API's answer is what says no.
    await openInApp(page, `/events/${seededEventId('Derby: AIK – Hammarby')}/venue-map`);
    await expect(page.getByText('Event unknown')).toBeVisible();
  });

  test('when the promoter leaves the map and comes back, then it opens again in the worker already running', async ({ page }) => {
    await signIn(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const id = seededEventId('Jazz at the Lion');
    const map = new VenueMapScreen(page);
    await page.goto(`/events/${id}/venue-map`);
    await map.ready();
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(`/events/${id}/dashboard`);
    await page.getByRole('link', { name: /Pricing venue map/ }).click();
    await expect(page).toHaveURL(`/events/${id}/venue-map/Parkett/details`);
    await map.ready();
    expect(await map.state('seatCount')).toBe(556);
    expect(workers.filter((url) => url.includes('venueMap'))).toHaveLength(1);
  });

  test('when the map is opened from its address, then its download starts before the page asks for the sections, and only once', async ({ page }) => {
    await signIn(page);
    const id = seededEventId(STADIUM_EVENT);
    // Worker requests included: the worker downloads the map.
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(`/api/events/${id}/`)) calls.push(path);
    });
    const map = new VenueMapScreen(page);
    await map.open(id);
    expect(await map.state('seatCount')).toBe(104_000);
    // The route's loader started the download while the profile check and the page's code were still loading;
    // the page took that load over instead of downloading and parsing the map a second time.
    const asked = () => calls.filter((c) => !c.endsWith('/seat-stream'));
    expect(asked()[0]).toBe(`/api/events/${id}/svg`);
    // Then, each once: the sections, and the running seat leases the pricing map draws (issue 35).
    await expect.poll(() => asked().slice(1).sort()).toEqual([`/api/events/${id}/seat-leases`, `/api/events/${id}/sections`]);
    // The map follows others' changes on one stream (docs/live-seat-states.md), opened once.
    await expect.poll(() => calls.filter((c) => c.endsWith('/seat-stream')).length).toBe(1);
  });

  test('when the map\'s address is loaded again, then the stored model is drawn without asking for the map, and one the sections name no longer is read anew', async ({ page }) => {
    await signIn(page);
    const id = seededEventId('Jazz at the Lion');
    const map = new VenueMapScreen(page);
    await map.open(id);
    // Worker requests included: the worker downloads the map.
    const downloads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/events/${id}/svg` || path.startsWith('/api/venue-maps/')) downloads.push(path);
    });
    await page.reload();
    await map.ready();
    expect(await map.state('seatCount')).toBe(556);
    // The model stored by the first load, taken without the event's redirect or the file (issue 39: a reload).
    expect(downloads).toEqual([]);
    // The sections name another version of the file (the event's map changed after the model was stored): the page
    // asks the server for the map, and draws what it answers, not the stored model.
    let changed = true;
    await page.route(`**/api/events/${id}/sections`, async (route) => {
      if (!changed) return route.fallback();
      changed = false;
      const response = await route.fetch();
      const body = (await response.json()) as { svg: string };
      await route.fulfill({ response, json: { ...body, svg: body.svg.replace(/([?&]v=)[^&]*/, '$1another') } });
    });
    await page.reload();
    await map.ready();
    expect(changed).toBe(false);
    expect(downloads[0]).toBe(`/api/events/${id}/svg`);
    expect(await map.state('seatCount')).toBe(556);
  });

  test('when the session token is about to expire, then the worker downloads the map with a refreshed token', async ({ page }) => {
    await signIn(page);
    const id = seededEventId('Jazz at the Lion');
    // A console page that warms no map.
    await page.goto('/events');
    // The page's clock moves to 2 s before the token's expiry (15 min): the download must not go out with it. The
    // event's dashboard warms its map (the worker downloads it once the page is idle), so that is the download.
    await page.clock.setFixedTime(Date.now() + 898_000);
    // Every refresh's token: the page and the worker may each refresh near the expiry (two answers a second apart).
    const renewedTokens: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/refresh') renewedTokens.push(r.json().then((b: { token: string }) => b.token));
    });
    const download = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/events/${id}/svg`);
    // Inside the console (no page load), as a click on the event's row does.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/events/${id}/dashboard`);
    const sent = (await download).headers().authorization;
    // A token a refresh gave. Compared with the refreshes' answers, not only told apart from the token signed in
    // with: a token issued again within the same second is the same string (a full run failed so, once flows had
    // become fast enough to sign in and refresh inside one second). Not only the first refresh's: a full run saw the
    // download carry the second's, issued a second later.
    await expect.poll(() => renewedTokens.length).toBeGreaterThan(0);
    const renewed = await Promise.all(renewedTokens);
    expect(renewed.map((token) => `Bearer ${token}`)).toContain(sent);
    await page.getByRole('link', { name: /Pricing venue map/ }).click();
    const map = new VenueMapScreen(page);
    await map.ready();
    expect(await map.state('seatCount')).toBe(556);
  });

  test('when an event\'s dashboard is open, then its map is downloaded and parsed and its sections and leases asked before it is asked for, and the map page takes them over', async ({ page }) => {
    await signIn(page);
    const id = seededEventId(STADIUM_EVENT);
    const downloads: string[] = [];
    const mapCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/events/${id}/svg` || path.startsWith('/api/venue-maps/')) downloads.push(path);
      if (path === `/api/events/${id}/sections` || path === `/api/events/${id}/seat-leases`) mapCalls.push(path);
    });
    await page.goto(`/events/${id}/dashboard`);
    await expect.poll(() => downloads.length).toBe(2); // the event's redirect, then the map's versioned file
    // Once the model is in, the warm asks what the map's first frame also waits for: the sections and the leases.
    await expect.poll(() => [...mapCalls].sort(), { timeout: 60_000 }).toEqual([`/api/events/${id}/seat-leases`, `/api/events/${id}/sections`]);
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: /Pricing venue map/ }).click();
    const map = new VenueMapScreen(page);
    await map.ready();
    expect(await map.state('seatCount')).toBe(104_000);
    // Nothing downloaded or asked again: the page drew the model, the sections and the leases the dashboard warmed.
    expect(downloads).toHaveLength(2);
    expect(mapCalls).toHaveLength(2);
  });

  test('when the event has one section (a theatre), then its seats open at once', async ({ page }) => {
    await signIn(page);
    const id = seededEventId('Jazz at the Lion');
    await page.goto(`/events/${id}/venue-map`);
    await expect(page).toHaveURL(`/events/${id}/venue-map/Parkett/details`);
    const map = new VenueMapScreen(page);
    await map.ready();
    expect(await map.state('seatCount')).toBe(556);
  });

  test('when the map is left alone, then the page stops asking for frames', async ({ page }) => {
    await signIn(page);
    // Every animation frame the page asks for, whoever asks (the engine, PixiJS, the console).
    await page.addInitScript(() => {
      const w = window as unknown as { __frameRequests: number };
      const request = window.requestAnimationFrame.bind(window);
      w.__frameRequests = 0;
      window.requestAnimationFrame = (callback) => {
        w.__frameRequests++;
        return request(callback);
      };
    });
    const map = new VenueMapScreen(page);
    await map.open(seededEventId('Jazz at the Lion'));
    expect(await map.state('seatCount')).toBe(556);
    // Once the engine has drawn what it had to, a stretch passes without a frame asked for: PixiJS's ticker no longer
    // asks for one at every vsync (it did for the page's life).
    await expect.poll(() => page.evaluate(async () => {
      const w = window as unknown as { __frameRequests: number };
      const before = w.__frameRequests;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return w.__frameRequests - before;
    }), { timeout: 20_000 }).toBe(0);
  });
});
