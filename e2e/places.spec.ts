import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EventScreens } from './pages/EventScreens';
import { EventsListScreen } from './pages/EventsListScreen';
import { PricingPanelScreen, seededEventId, VenueMapScreen } from './pages/VenueMapScreen';
import { apiGet, sessionTokenOf, useSessionOf } from './signIn';

/** One truth about places (issue 23, docs/places.md): the same sold figure everywhere, standing areas priced with seats. */
/**
 * The arena (24,000 seats and standing areas), not the 104,000-seat stadium: the figures' wiring is the same, and its
 * map loads in half the time.
 */
const SOLD_EVENT = 'Nordic Lights Live';
// An unpriced draft on the arena (two standing areas) that no other spec uses; the flows restore its prices.
const ARENA_DRAFT = 'Handball EM: Sweden – Denmark';

interface SectionInfo { name: string; general_admission: boolean; places: number; price_set: number | null }
interface SeatRow { name: string; seats: { seat_index: number; name: string; prices: { ticket_type: { name: string }; original_price: number }[] }[] }

async function apiPost(page: Page, request: APIRequestContext, path: string, data: unknown) {
  const token = await sessionTokenOf(page);
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${token}`, platform: 'admin' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Puts the arena draft back as the seed left it: nothing priced. */
async function releaseAll(page: Page, request: APIRequestContext, eventId: number) {
  const map = await apiGet<{ sections: SectionInfo[] }>(page, request, `/api/events/${eventId}/sections`);
  for (const s of map.sections) {
    await apiPost(page, request, `/api/events/${eventId}/prices`, s.general_admission ? { section: s.name, seats_count: 0, prices: {} } : { section: s.name, prices: {} });
  }
}

test('when a promoter reads an arena event on the dashboard, the events list and the map, then the sold figures agree', async ({ page, request }) => {
  test.setTimeout(180_000);
  await useSessionOf(page, 'promoter');
  const eventId = seededEventId(SOLD_EVENT);
  const stats = await apiGet<{ all: { tickets: { count: number } } }>(page, request, `/api/events/${eventId}/stats`);
  // Sales exist on the arena with the full demo seed; a smaller seed (SEED_SALES_ITEMS) may leave it at 0.
  const sold = stats.all.tickets.count;
  const n = sold.toLocaleString('sv-SE');

  const list = new EventsListScreen(page);
  await list.open();
  await list.search('Nordic Lights');
  await expect(list.row(SOLD_EVENT).getByRole('cell').nth(5)).toHaveText(n);

  await list.row(SOLD_EVENT).click();
  const event = new EventScreens(page);
  await event.dashboardReady(SOLD_EVENT);
  await expect(event.figure('Tickets sold')).toHaveText(n);

  // On to the map by the event's menu, as a person goes (no new load).
  await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: /Pricing venue map/ }).click();
  await expect(page).toHaveURL(`/events/${eventId}/venue-map`);
  const map = new VenueMapScreen(page);
  await map.ready();
  const pricing = new PricingPanelScreen(page);
  await expect.poll(() => pricing.stat('Sold')).toBe(sold);
  // The header names seats and standing places apart.
  await expect(page.getByText(/24\s000 seats · [\d\s]+ standing places/)).toBeVisible();
});

test('when two rows are priced by group with different values, then each row gets its own price, and a standing area priced at 0 leaves the type unchecked', async ({ page, request }) => {
  test.setTimeout(300_000);
  await useSessionOf(page, 'promoter2');
  const eventId = seededEventId(ARENA_DRAFT);
  const sections = (await apiGet<{ sections: SectionInfo[] }>(page, request, `/api/events/${eventId}/sections`)).sections;
  const seated = sections.find((s) => !s.general_admission && s.price_set === null)!;
  const standing = sections.find((s) => s.general_admission)!;
  const rows = (await apiGet<{ rows: SeatRow[] }>(page, request, `/api/events/${eventId}/sections/${encodeURIComponent(seated.name)}`)).rows;

  const map = new VenueMapScreen(page);
  const pricing = new PricingPanelScreen(page);
  await map.open(eventId, seated.name, 'details');
  await map.clickSeat(rows[0].seats[1].seat_index, ['Shift']);
  await map.clickSeat(rows[1].seats[1].seat_index, ['Shift', 'Control']);
  await expect.poll(async () => (await map.state('selected')).length).toBe(rows[0].seats.length + rows[1].seats.length);

  await pricing.button('Price by group').click();
  const group = (row: SeatRow) => pricing.panel().getByLabel(`${seated.name}, row ${row.name} (${row.seats.length} seats): Adult price (SEK)`);
  const save = pricing.button('Save group prices');
  await group(rows[0]).fill('410,50');
  await expect(pricing.panel()).toContainText('Bulk pricing needs every group value filled.');
  await expect(save).toBeDisabled();
  await group(rows[1]).fill('320');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(/Prices saved/).last()).toBeVisible();
  const adult = (r: SeatRow['seats'][number]) => r.prices.find((p) => p.ticket_type.name === 'Adult')?.original_price;
  await expect.poll(async () => {
    const after = (await apiGet<{ rows: SeatRow[] }>(page, request, `/api/events/${eventId}/sections/${encodeURIComponent(seated.name)}`)).rows;
    return [adult(after[0].seats[0]), adult(after[1].seats.at(-1)!), adult(after[2].seats[0])];
  }).toEqual([410.5, 320, undefined]);
  // The inputs show the selection's current price, with a decimal comma and two decimals (decision 007).
  await map.clickSeat(rows[0].seats[1].seat_index, ['Shift']);
  await expect(pricing.panel().getByLabel('Adult price (SEK)')).toHaveValue('410,50');

  // A standing area: 0 unchecks a type (000 §5), a price above 0 checks it. Nothing is saved. The same map, another
  // section: reached as the console's links go, the engine stays, and so does the selection, cleared first.
  await map.clearSelection();
  await map.open(eventId, standing.name, undefined, { inApp: true });
  await pricing.priceFor('Youth', '0');
  await expect(pricing.panel().getByRole('checkbox', { name: 'Include Youth' })).not.toBeChecked();
  await pricing.priceFor('Youth', '150');
  await expect(pricing.panel().getByRole('checkbox', { name: 'Include Youth' })).toBeChecked();
  await pricing.priceFor('Youth', '0');
  await expect(pricing.panel().getByRole('checkbox', { name: 'Include Youth' })).not.toBeChecked();

  await releaseAll(page, request, eventId);
});

test('when all unpriced places are selected, standing areas included, and priced, then the summary says every place is priced', async ({ page, request }) => {
  test.setTimeout(300_000);
  await useSessionOf(page, 'promoter2');
  const eventId = seededEventId(ARENA_DRAFT);
  const map = new VenueMapScreen(page);
  const pricing = new PricingPanelScreen(page);
  await map.open(eventId);
  await expect(page.getByText(/standing places \(2 areas\) are unpriced\./)).toBeVisible();
  await pricing.button('Select all unpriced').click();
  await expect(pricing.panel()).toContainText(/selected seats and 2 standing areas/);
  await pricing.priceFor('Adult', '395,50');
  await pricing.panel().getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Every place for sale is priced: seats and standing areas.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => pricing.stat('Places for sale')).toBeGreaterThan(0);

  await releaseAll(page, request, eventId);
});
