import { expect, expectAccessible, test } from './fixtures';
import { CorporateScreens } from './pages/CorporateScreens';
import { openInApp } from './inApp';
import { apiGet, signInAs } from './signIn';

/**
 * The corporate app's ticket list reads at 600 px without scrolling sideways: below 720 px the section, row and seat
 * columns become one Place column with the ticket type under it (as the events list keeps its key columns there),
 * and a sent ticket's message state and the row's action wrap. Screenshots at 1440 and 600 px.
 */
type Mine = { collection: { id: number; title: string; event: { id: number }; tickets: { unsent: number } }[] };

test('when a corporate has sent a ticket and opens the reservation at 600 px, then the ticket list fits the screen: each ticket\'s place, type, holder with its message, and action are in view', async ({ page, request }) => {
  // The second demo corporate (no other flow sends its tickets): its reservation with the most tickets left to send.
  await signInAs(page, 'corporate2');
  const screens = new CorporateScreens(page);
  await expect(screens.myReservations()).toBeVisible();
  const mine = await apiGet<Mine>(page, request, '/api/corporate-app/reservations?per_page=100');
  const r = mine.collection.filter((x) => x.tickets.unsent >= 2).sort((a, b) => b.tickets.unsent - a.tickets.unsent)[0]!;
  await openInApp(page, `/corporate-app/event/${r.event.id}/reservation/${r.id}`);
  const table = screens.tickets();
  await expect(table).toBeVisible();
  // A ticket sent here, so the list holds a holder with the SMS's state, a kids' line and Send buttons.
  const modal = await screens.searchFirstUnsent('0701007919');
  await modal.getByLabel('Phone number').press('Enter');
  await expect(modal.getByText('Erik Andersson')).toBeVisible();
  await modal.getByRole('button', { name: 'Send ticket' }).click();
  await expect(modal).toBeHidden();
  const sent = table.getByRole('row').filter({ hasText: 'Erik Andersson · +46701007919' }).first();
  await expect(sent.getByText('SMS not sent: no provider is configured')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('corporate-tickets-1440.png'), fullPage: true });
  expect((await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean)).toEqual(['Section', 'Row', 'Seat', 'Ticket type', 'Sent to']);

  await page.setViewportSize({ width: 600, height: 900 });
  const wrap = page.locator('.data-table-wrap').filter({ has: table });
  await expect.poll(() => wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect((await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean)).toEqual(['Place', 'Sent to']);
  // A ticket's place reads as people say it, with its type under it; the Send buttons stay inside the screen.
  await expect(sent.getByRole('cell').first()).toHaveText(/(, row .+, seat |standing)/i);
  for (const button of await table.getByRole('button', { name: 'Send ticket' }).all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(600);
  }
  await expectAccessible(page);
  await sent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('corporate-tickets-600.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
});
