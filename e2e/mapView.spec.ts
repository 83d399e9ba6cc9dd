import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MapViewScreen, seededEventId } from './pages/VenueMapScreen';
import { apiGet, useSessionOf } from './signIn';

/**
 * Unpriced in the seed and only read by other flows (pricing.spec prices Summer Festival 2027): "Select all unpriced"
 * selects the whole 104,000-seat stadium. Nothing is saved, so nothing needs restoring.
 */
const UNPRICED_STADIUM = 'Season Ticket Allsvenskan 2027';
const STADIUM_EVENT = 'Midsummer Stadium Night';
const SECTION = 'Section 101';

const signIn = (page: Page) => useSessionOf(page, 'promoter');

test.describe('the venue map, readable at every zoom', () => {
  // The 104,000-seat stadium in software WebGL on a shared 2-core machine: each flow opens it and zooms several times.
  test.slow();
  test('when every unpriced seat is selected and the zoom buttons are used, then sections show the selection with counts and every view has seats or a labelled area', async ({ page }) => {
    await useSessionOf(page, 'promoter2');
    const map = new MapViewScreen(page);
    await map.open(seededEventId(UNPRICED_STADIUM));
    // The event's side menu stays beside the map, with its done marks.
    await expect(map.eventMenu().getByRole('link', { name: /Pricing venue map/ })).toBeVisible();
    await expect(map.eventMenu().getByRole('link', { name: /Ticket types/ }).locator('.done-mark')).toBeVisible();
    await page.getByRole('button', { name: 'Select all unpriced' }).click();
    await expect.poll(async () => (await map.view()).selected).toBeGreaterThan(100_000);
    // A selection of sections: tinted with a count, not 104k rings.
    const selected = await map.view();
    expect(selected.selectionShownBy).toBe('sections');
    expect(selected.selectionRings).toBe(0);
    expect(selected.selectionOverlayRings).toBe(0);
    // The count shows once in the panel; on the map a section's count is drawn only where it fits inside the section
    // and clear of the others (mapLabels.test.ts), so never more counts than sections, and none piled at overview.
    await expect(map.selectionCard()).toContainText(/seats in \d+ sections/);
    const inSections = Number(/seats in (\d+) sections/.exec((await map.selectionCard().textContent()) ?? '')![1]);
    expect(selected.labels.sections).toBeLessThanOrEqual(inSections);
    // The pointer never was over the map: the buttons zoom on the selection; each view has something to read.
    for (let k = 0; k < 4; k++) {
      await map.zoomIn();
      const v = await map.view();
      expect(v.seatsInView > 0 || v.labels.areas > 0, `zoom step ${k + 1}: seats or a labelled standing area in view`).toBe(true);
    }
    // Zoomed in, at most the selected seats around the view are ringed, never all 104k, and in the WebGL scene.
    const zoomed = await map.view();
    expect(zoomed.selectionRings).toBeLessThan(selected.selected);
    expect(zoomed.selectionOverlayRings).toBe(0);
  });

  test('when a section is opened and zoomed in, then rows and seats are numbered, the skip link reaches the map, a click hides the tooltip and the Selection card names the seats', async ({ page, request }) => {
    await signIn(page);
    const map = new MapViewScreen(page);
    const eventId = seededEventId(STADIUM_EVENT);
    await map.open(eventId, SECTION, 'details');
    const rows = (await apiGet<{ rows: { name: string; seats: { seat_index: number; name: string }[] }[] }>(page, request, `/api/events/${eventId}/sections/${encodeURIComponent(SECTION)}`)).rows;
    expect((await map.labels()).rows).toBeGreaterThan(0);
    // Skip link: straight to the map (where the first arrow key starts is covered by KeyboardNavigator.test.ts).
    const skip = page.getByRole('link', { name: 'Skip to the seat map' });
    await skip.focus();
    await skip.click();
    await expect(map.canvas()).toBeFocused();
    // Zoom towards the pointer: the seat under it stays in view and gets its number.
    const row = rows[2];
    const seat = row.seats[3].seat_index;
    await map.hoverSeat(seat);
    await map.zoomIn();
    await map.zoomIn();
    const labels = await map.labels();
    expect(labels.seats).toBeGreaterThan(0);
    // Panning zoomed in draws a quarter of the pixels while the camera moves; the full resolution is back once it stops.
    const at = await map.seatPosition(seat);
    expect(await map.panDrawsReduced(at, { x: 60, y: 0 })).toBe(true);
    await expect.poll(() => page.evaluate(() => window.__seatMap!.drawnReduced)).toBe(false);
    expect((await map.labels()).seats).toBeGreaterThan(0);
    await map.hoverSeat(seat);
    await expect(map.tooltip()).toBeVisible();
    await map.clickSeat(seat, ['Shift']);
    await expect(map.tooltip()).toBeHidden();
    const names = row.seats.map((s) => s.name);
    await expect(map.selectionCard()).toContainText(`${SECTION}, row ${row.name}, seats ${names[0]}–${names[names.length - 1]}`);
    // A row's rings are drawn over the map (a canvas of their own), not in the WebGL scene: the click redraws no seat.
    const ringed = await map.view();
    expect(ringed.selectionOverlayRings).toBe(ringed.selected);
    await expect(page.locator('[data-seatmap-selection]')).toBeVisible();
  });

  test('when a map is opened a second time, then its model comes from the browser cache, not a new parse', async ({ page }) => {
    await signIn(page);
    const map = new MapViewScreen(page);
    const id = seededEventId(STADIUM_EVENT);
    await map.open(id);
    expect(await map.modelFromCache()).toBe(0);
    await map.eventMenu().getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(`/events/${id}/dashboard`);
    await map.eventMenu().getByRole('link', { name: /Pricing venue map/ }).click();
    await map.ready();
    expect(await map.modelFromCache()).toBe(1);
    expect(await map.state('seatCount')).toBe(104_000);
  });
});
