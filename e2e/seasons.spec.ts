import type { EventDetail, EventSummary } from '../src/contracts/events';
import { expect, test, tick } from './fixtures';
import { EventFormScreen } from './pages/EventFormScreen';
import { SeasonScreens } from './pages/SeasonScreens';
import { apiGet, useSessionOf } from './signIn';

const pad = (n: number) => String(n).padStart(2, '0');
const daysFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d;
};
/** As the seasonal list shows a date: the console's one date format in lists (dd.mm.yyyy). */
const listDate = (d: Date) => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
/** As the API answers a date (yyyy-MM-dd). */
const apiDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

// One story per file, in order (each test builds on the data the previous one left); the loaded CI machine gets time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('when a promoter creates a season event through the form, then its empty child events page opens and the list shows it as a draft season', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  expect(await seasons.listHeaders()).toEqual(['Event', 'Promoter', 'Artists', 'Events', 'Release date', 'Start date', 'Status', 'Notes', 'Actions']);
  await expect(seasons.list().getByRole('row', { name: 'Playwright Season', exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL('/season/create');
  const form = new EventFormScreen(page);
  await form.ready('Create a season event');
  await expect(page.getByText('Events starts as a draft. You can edit this information later on')).toBeVisible();
  await form.fill({ title: 'Playwright Season', performer: 'The Season Players', type: 'Theater', venue: 'Göta Lejon, Stockholm', map: 'Main hall', startInDays: 60 });
  await form.submitButton().click();

  // The season's own page: its child events, none yet.
  await expect(page).toHaveURL(/\/season\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await seasons.childEventsReady('Playwright Season');
  await expect(page.getByText('No data')).toBeVisible();

  // What the server stored (the independent truth): a draft season of this promoter on the chosen map.
  const stored = await apiGet<EventDetail>(page, request, `/api/events/${id}`);
  expect(stored).toMatchObject({ name: 'Playwright Season', entity_type: 'seasonal', status: 'draft', promoter: { name: 'Nordic Live AB' }, venue: { name: 'Göta Lejon' }, map: { name: 'Main hall' }, child_events_count: 0 });
  expect(stored.start_date).toBe(`${apiDay(daysFromToday(60))} 19:30:00`);
  const listed = await apiGet<{ collection: EventSummary[] }>(page, request, '/api/events?entity_type=seasonal&per_page=100');
  expect(listed.collection.map((e) => e.id)).toContain(id);

  // The seasonal list shows it with its columns, and its row opens the same page (the list in the same page, as the
  // side menu leads there: the season was made through the console, so the list is asked for again).
  await seasons.openList({ inApp: true });
  expect(await seasons.listRow('Playwright Season')).toMatchObject({
    Promoter: 'Nordic Live AB',
    Artists: 'The Season Players',
    Events: '–',
    'Release date': listDate(daysFromToday(1)),
    'Start date': listDate(daysFromToday(60)),
    Status: 'Draft',
  });
  await seasons.openSeason('Playwright Season');
  await expect(page).toHaveURL(`/season/${id}`);
  await expect(page.getByText('No data')).toBeVisible();

  // The season's page leads to the season's own ticket types and pricing.
  await page.getByRole('button', { name: 'Ticket types' }).click();
  await expect(page).toHaveURL(`/events/${id}/ticket-types`);
  await page.goBack();
  await page.getByRole('button', { name: 'Pricing' }).click();
  // The season's venue has one section (Parkett), so its map may open that section's seats at once (its details URL).
  await expect(page).toHaveURL(new RegExp(`/events/${id}/venue-map(/[^/]+/details)?$`));
});

test('when events are attached to a season, then a priced matching one joins, an unpriced one is not offered and says why, and detaching removes it', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await seasons.openSeason('Göta Lejon Season 2027');

  const modal = await seasons.openAttach();
  await expect(modal.getByRole('button', { name: 'Attach' })).toBeDisabled();
  // Only what the server would attach can be chosen; the others are listed with the reason.
  await expect(modal.getByRole('checkbox', { name: 'Select Jazz at the Lion' })).toHaveCount(0);
  const notOffered = modal.getByRole('list', { name: 'Events not offered' });
  await expect(notOffered).toContainText('Jazz at the Lion is not priced: every seat needs a default price first.');
  await expect(notOffered).toContainText('Nordic Lights Live uses another map than the seasonal event.');

  await tick(modal.getByRole('checkbox', { name: 'Select Les Misérables (matinée)' }));
  await modal.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText('Event is attached to seasonal event')).toBeVisible();
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables (matinée)', exact: true })).toBeVisible();

  await seasons.detach('Les Misérables (matinée)');
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables (matinée)', exact: true })).toBeHidden();
  await expect(seasons.children().getByRole('row', { name: 'Les Misérables', exact: true })).toBeVisible();
});

test('when select-all is used in the attach modal, then every event is selected and Attach is enabled', async ({ page }) => {
  await useSessionOf(page, 'promoter2');
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await seasons.openSeason('Season Ticket Allsvenskan 2027');
  const modal = await seasons.openAttach();
  await tick(modal.getByRole('checkbox', { name: 'Select all', exact: true }));
  const boxes = modal.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).toBeChecked();
  await expect(modal.getByRole('button', { name: 'Attach' })).toBeEnabled();
});

test('at 600 px: when a promoter opens the seasonal list, then it fits the screen: event, dates and status stay, the other columns give way', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  await page.setViewportSize({ width: 600, height: 900 });
  const seasons = new SeasonScreens(page);
  await seasons.openList();
  await expect(seasons.list().getByRole('columnheader', { name: 'Start date' })).toBeVisible();
  await expect(seasons.list().getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(seasons.list().getByRole('columnheader', { name: 'Notes' })).toBeHidden();
  // No column is left beyond the card's edge: the table does not scroll sideways.
  const wrap = page.locator('.data-table-wrap').filter({ has: seasons.list() });
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('season-list-600.png'), fullPage: true });
});

test('when another path under /season is opened, then /404', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  await page.goto('/season/1/unknown');
  await expect(page).toHaveURL('/404');
});
