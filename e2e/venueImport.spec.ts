import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from './fixtures';
import { VenueImportScreen } from './pages/VenueImportScreen';
import { settleSeatMap } from './pages/VenueMapScreen';
import { apiGet, signInToShell, useSessionOf } from './signIn';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// The maps saved here get a name of their own per run, so the shared database keeps working for the other specs.
const stamp = Date.now().toString(36);

test('when an admin uploads a map with a warning, then the warning shows where it is on the map, and Cancel keeps nothing', async ({ page }) => {
  await signInToShell(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByText('Venues').click();
  const screen = new VenueImportScreen(page);
  await expect(page).toHaveURL('/venues');
  await screen.ready();
  const before = await screen.maps().getByRole('row').count();
  await screen.upload('tests/fixtures/venues/marked-with-plaques.svg');
  const report = screen.report();
  await expect(report.getByText('1 warning', { exact: true })).toBeVisible();
  await expect(screen.sectionName('Stalls')).toHaveValue('Stalls');
  await expect(screen.sectionRow('Stalls').getByRole('cell')).toHaveText(['', /Seated/, '6', '2', 'Guessed']);
  // What was not read is drawn over the map differently from the seats: a dashed red ring per element.
  const unread = page.getByRole('img', { name: '1 seat-like element not read, ringed in red' });
  await expect(unread).toBeVisible();
  await expect(unread.locator('circle')).toHaveCount(1);
  await expect(page.getByText('Dashed red rings on the map: seat-like elements that were not read.')).toBeVisible();
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/venue-import-unread-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const warning = report.getByRole('button', { name: /Show on the map: 1 unmarked shape/ });
  await warning.click();
  await expect(warning).toHaveClass(/active/);
  await expect(page.getByRole('button', { name: 'Accept warnings and save' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toBeHidden();
  await expect(screen.maps().getByRole('row')).toHaveCount(before);
});

test('when an admin shows a rows warning on the map, then exactly the seats it names are marked, all in view', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const screen = new VenueImportScreen(page);
  await screen.open();
  // The fixture's box of nine chairs that lie along no line, and a row passing the corner of their box: the row's
  // seats stand in the warning's box but are not what it is about.
  const row = [330, 370, 410, 450].map((x) => `<circle r="15" cx="${x}" cy="300"/>`).join('');
  const svg = readFileSync('tests/fixtures/venues/row-groups-not-rows.svg', 'utf8')
    .replace(/<\/g>\s*<\/svg>/, `<g>${row}</g></g></svg>`);
  await screen.upload({ name: 'rows-by-height.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  const warning = screen.report().getByRole('button', { name: /Show on the map: Rows of section "stalls"/ });
  await expect(warning).toBeVisible();
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await warning.click();
    await expect.poll(() => page.evaluate(() => window.__seatMap?.selected.length)).toBe(9);
    await settleSeatMap(page);
    // Where the marked seats are, read back from the map: the nine chairs the fixture draws, each on screen.
    const marked = await page.evaluate(() => {
      const map = window.__seatMap!;
      return map.selected.map((seat) => {
        const at = map.seatScreenPosition(seat);
        const world = map.screenToWorld(at.x, at.y);
        return { key: `${Math.round(world.x)},${Math.round(world.y)}`, x: at.x, y: at.y };
      });
    });
    expect(marked.map((m) => m.key).sort()).toEqual(['444,356', '472,328', '472,384', '500,300', '500,356', '500,412',
      '528,328', '528,384', '556,356']);
    const box = (await page.locator('.venue-import-map').boundingBox())!;
    for (const m of marked) {
      expect(m.x).toBeGreaterThan(box.x);
      expect(m.x).toBeLessThan(box.x + box.width);
      expect(m.y).toBeGreaterThan(box.y);
      expect(m.y).toBeLessThan(box.y + box.height);
    }
    await page.screenshot({ path: `test-results/venue-import-rows-warning-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(screen.report()).toBeHidden();
});

test('when an admin uploads a clean map, renames a section and makes one standing, then the map is saved so', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const screen = new VenueImportScreen(page);
  await screen.open();
  await screen.upload('tests/fixtures/venues/plain-attributes.svg');
  // The worker's parse progress stays at 100 % above the preview.
  await expect(screen.progress()).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Read plain-attributes.svg (0.0 MB): 100 %')).toBeVisible();
  await expect(screen.report().getByText('No warnings: every choice the importer made is in the notes and the list below.')).toBeVisible();
  await expect(screen.report().getByText('Seat-like elements: 5 seen = 5 read as seats + 0 not read as seats')).toBeVisible();
  await expect(page.getByRole('img', { name: /not read, ringed in red/ })).toHaveCount(0);
  await page.getByLabel('Map name').fill(`Imported ${stamp}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  // A name another section has is refused where it was typed, and Save waits.
  await screen.sectionName('Balkong').fill('parkett');
  await expect(screen.report().getByText('Another section of this map has this name')).toBeVisible();
  await expect(save).toBeDisabled();
  await screen.sectionName('Balkong').fill('Upper balcony');
  await expect(screen.report().getByText('Another section of this map has this name')).toBeHidden();
  await screen.sectionKind('C').selectOption({ label: 'Standing' });
  await expect(screen.sectionRow('C')).toContainText('Standing (1)');
  // The section editors and the progress bar beside the preview pass the accessibility check.
  await expectAccessible(page);
  await save.click();
  await expect(screen.report()).toBeHidden();
  const saved = page.locator('.venue-import-saved');
  await expect(saved).toContainText(`Map "Imported ${stamp}" saved`);
  await expect(saved).toContainText('4 seats in 4 sections: Parkett, Upper balcony, B, C (standing).');
  await expect(screen.maps().getByRole('row', { name: `Imported ${stamp} 4 4` })).toBeVisible();
});

test('when the venue\'s maps are still being asked for, then their list says it is busy, and it lists every map once they are in', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  // The maps' answer is held until the busy list has been seen: the moment a flow would otherwise read it too early.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/venues/*/maps', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/venues');
  const screen = new VenueImportScreen(page);
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  await expect(screen.maps()).toHaveAttribute('aria-busy', 'true');
  release();
  await screen.ready();
  // The independent truth: the first venue's maps as the API lists them (the page shows the first venue).
  const venues = await apiGet<{ collection: { id: number }[] }>(page, request, '/api/venues');
  const maps = await apiGet<{ collection: unknown[] }>(page, request, `/api/venues/${venues.collection[0]!.id}/maps`);
  await expect(screen.maps().locator('tbody tr')).toHaveCount(maps.collection.length);
});
