import { formatSek, oreFromSek } from '../src/domain/money';
import { standingName } from '../src/domain/places';
import { serviceFeeBandToOre } from '../src/domain/serviceFees';
import { saleTotal } from '../src/features/boxoffice/saleSeats';
import { expect, expectAccessible, test } from './fixtures';
import { openInApp } from './inApp';
import { asPrinted } from './pdfPages';
import { BoxOfficeScreens, CounterScreens, printedOutput, receiptPage, ticketPage } from './pages/BoxOfficeScreens';
import { ConsoleShell } from './pages/ConsoleShell';
import { OrderScreens } from './pages/OrderScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, apiSend, useSessionOf } from './signIn';

test.describe.configure({ timeout: 180_000 });

const stadium = seededEventId('Midsummer Stadium Night');

test('when a promoter adds, edits and deletes a box-office reservation, then each message shows and the list follows', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const screens = new BoxOfficeScreens(page);
  await screens.openList(stadium);
  // The seeded reservation of the demo box-office user is there; ours is added beside it.
  const before = await screens.rows('Globen Box Office').count();

  await page.getByRole('button', { name: 'Add Reservation' }).first().click();
  await expect(page).toHaveURL(`/events/${stadium}/boxoffice/add`);
  await expect(page.getByRole('heading', { name: 'Add box-office reservation' })).toBeVisible();
  await screens.save();
  await expect(page.getByText('User is required')).toBeVisible();
  await expect(page.getByText('Extra Fee is required')).toBeVisible();

  await screens.chooseUser('Globen Box Office');
  // Numbers are filtered as they are typed and clamped to the range when the field is left, which the field shows
  // (docs/decisions/007-numeric-inputs.md): a third decimal and letters never enter it, an amount above the
  // largest extra fee becomes the largest.
  await screens.extraFee().pressSequentially('12,505');
  await expect(screens.extraFee()).toHaveValue('12,50');
  await expect(page.getByText('Range 0–100000')).toBeVisible();
  await screens.extraFee().fill('');
  await screens.extraFee().pressSequentially('tolv');
  await expect(screens.extraFee()).toHaveValue('');
  await screens.extraFee().pressSequentially('250000');
  await screens.extraFee().blur();
  await expect(screens.extraFee()).toHaveValue('100000');
  await screens.extraFee().fill('12,50');
  await screens.save();

  await expect(page).toHaveURL(`/events/${stadium}/boxoffice`);
  await expect(screens.rows('Globen Box Office')).toHaveCount(before + 1);
  const ours = screens.rows('Globen Box Office').filter({ hasText: '12,50' });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('cell').nth(2)).toHaveText('0');

  await ours.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menu').getByText('Edit', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit box-office reservation' })).toBeVisible();
  await expect(screens.extraFee()).toHaveValue('12,50');
  await screens.extraFee().fill('');
  await screens.save();
  await expect(page.getByText('Extra Fee is required')).toBeVisible();
  await screens.extraFee().fill('30,75');
  await screens.save();
  await expect(page).toHaveURL(`/events/${stadium}/boxoffice`);
  const edited = screens.rows('Globen Box Office').filter({ hasText: '30,75' });
  await expect(edited).toHaveCount(1);

  await screens.deleteRow(edited);
  await expect(screens.rows('Globen Box Office')).toHaveCount(before);
});

test('when a promoter opens the Box Office list of a passed event, then each order names the box-office user who sold it, and an order opened shows its seller, also once that user is deactivated', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const screens = new BoxOfficeScreens(page);
  const spring = seededEventId('Spring Tour 2026');
  await screens.openList(spring);
  // The demo's counter sales of the event (docs/boxoffice.md "The demo's counter sales"): sold by its two counters.
  const sellers = await screens.list().locator('tbody').getByRole('row')
    .evaluateAll((rows) => [...new Set(rows.map((r) => (r as HTMLTableRowElement).cells[0]!.textContent))].sort());
  expect(sellers).toEqual(['Cirkus Box Office', 'Globen Box Office']);

  await screens.rows('Cirkus Box Office').first().click();
  await expect(page).toHaveURL(new RegExp(`/events/${spring}/boxoffice/\\d+$`));
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  await expect(user).toHaveValue('Cirkus Box Office');
  const sale = page.url();

  // Deactivated since, the seller is still the one shown (the picker offers active users only), and a reservation of
  // theirs still open saves without choosing another user.
  const cirkus = (await apiGet<{ collection: { id: number; name: string }[] }>(page, request, '/api/users?type=boxoffice&status=any&per_page=500'))
    .collection.find((u) => u.name === 'Cirkus Box Office')!;
  await screens.openList(stadium);
  await page.getByRole('button', { name: 'Add Reservation' }).first().click();
  await screens.chooseUser('Cirkus Box Office');
  await screens.extraFee().fill('5');
  await screens.save();
  await expect(page).toHaveURL(`/events/${stadium}/boxoffice`);
  await apiSend(page, request, 'PUT', `/api/users/${cirkus.id}/status`, { status: 'inactive' });
  try {
    await page.goto(sale);
    await expect(user).toHaveValue('Cirkus Box Office (not active)');

    await screens.openList(stadium);
    await screens.rows('Cirkus Box Office').filter({ hasText: '5,00' }).click();
    await expect(user).toHaveValue('Cirkus Box Office (not active)');
    await screens.extraFee().fill('6');
    await screens.save();
    await expect(page.getByText('Box-office reservation saved')).toBeVisible();
    const ours = screens.rows('Cirkus Box Office').filter({ hasText: '6,00' });
    await expect(ours).toHaveCount(1);
    await screens.deleteRow(ours);
  } finally {
    await apiSend(page, request, 'PUT', `/api/users/${cirkus.id}/status`, { status: 'active' });
  }
});

test('when the box office sells four best-available seats with the keyboard, then the total follows the formula, the tickets print (and reprint) on 80 mm, a second counter sees them taken, they can be released; standing places sell with the stepper', async ({ page, request, browser }) => {
  // The OS print dialog cannot be driven: count the calls, and print to PDF as Chromium would.
  await page.addInitScript(() => {
    (window as unknown as { printCalls: number }).printCalls = 0;
    window.print = () => { (window as unknown as { printCalls: number }).printCalls += 1; };
  });
  // The box office reaches nothing else: a typed path of the console leads back to its app, and so does its home.
  await useSessionOf(page, 'boxoffice');
  await page.goto(`/events/${stadium}/boxoffice`);
  await expect(page).toHaveURL('/boxoffice-app');
  await new ConsoleShell(page).ready();
  await openInApp(page, '/');
  await expect(page).toHaveURL('/boxoffice-app');
  // Its profile now known, a typed address of an event's map is not downloaded before the redirect: the map is not
  // the box office's to open there (a failed request in its console before).
  const mapAsks: string[] = [];
  page.on('request', (r) => { if (/\/api\/events\/\d+\/svg/.test(r.url())) mapAsks.push(r.url()); });
  await page.goto(`/events/${stadium}/venue-map`);
  await expect(page).toHaveURL('/boxoffice-app');
  await expect(page.getByRole('table', { name: 'Assigned events' })).toBeVisible();
  expect(mapAsks).toEqual([]);

  // Led back to its app, which it is now on: the assigned events (no second load of the same page).
  const counter = new CounterScreens(page);
  await expect(page.getByRole('table', { name: 'Assigned events' })).toBeVisible();
  // Its day's summary names the day as the console writes days (dd.MM.yyyy, 000 §5), not the API's yyyy-MM-dd.
  await expect(page.getByLabel('Sold today').getByRole('heading', { level: 3 })).toHaveText(/^Sold today \(\d{2}\.\d{2}\.\d{4}\)$/);
  // Printed, the summary is the card alone on one A4 page, named for its operator and the time of its figures: no
  // console around it, no buttons, no close form.
  const summaryPrint = await printedOutput(page, '.operator-summary', test.info().outputPath('summary.pdf'));
  expect(summaryPrint.stray).toEqual([]);
  expect(summaryPrint.pages).toMatchObject([{ widthMm: 210, heightMm: 297, images: 0 }]);
  expect(summaryPrint.pages[0]!.text).toMatch(/^Sold today \(\d{2}\.\d{2}\.\d{4}\)Globen Box Office · figures of \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  expect(summaryPrint.pages[0]!.text).toContain('Expected cash (taken − given back)');
  await page.getByRole('row', { name: /Midsummer Stadium Night/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Midsummer Stadium Night' })).toBeVisible();
  const section = await page.getByRole('combobox', { name: 'Section' }).inputValue();
  await expect(page.getByText('Type a number of seats')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `seats free in ${section}` })).toBeVisible();
  await expectAccessible(page);
  // The map takes the window's height, and its legend is a strip under the seats, never over them.
  const mapBox = (await page.locator('.sale-map .seatmap__canvas').boundingBox())!;
  const legendBox = (await page.locator('.sale-map .seatmap-legend').boundingBox())!;
  expect(mapBox.height).toBeGreaterThan((page.viewportSize()!.height) / 2);
  expect(legendBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);

  await counter.press('4');
  await expect(counter.selection().getByRole('row')).toHaveCount(5);
  const picked = await counter.selection().getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => [r.children[0]!.textContent!, r.children[1]!.textContent!]));
  // The calculator against the spec's formula: (price + band fee + extra fee) per seat, summed.
  const detail = await apiGet<{ rows: { name: string; seats: { name: string; prices: { ticket_type: { name: string; default: boolean }; original_price: number }[] }[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(section)}`);
  const fees = await apiGet<{ collection: { fixed: number; price_min: number; price_max: number | null }[] }>(page, request, '/api/service-fees');
  const assigned = await apiGet<{ collection: { event: { id: number; name: string; start_date: string; venue: string }; extra_fee: number; ticket_vat: number }[] }>(page, request, '/api/boxoffice/assigned');
  const extra = assigned.collection.find((r) => r.event.id === stadium)!.extra_fee;
  // Each seat at the event's default ticket type.
  const priced = picked.map(([row, seat]) => {
    const s = detail.rows.find((r) => r.name === row)!.seats.find((x) => x.name === seat)!;
    return s.prices.find((p) => p.ticket_type.default) ?? s.prices[0]!;
  });
  const prices = priced.map((p) => oreFromSek(p.original_price));
  const expected = saleTotal(prices, fees.collection.map(serviceFeeBandToOre), oreFromSek(extra), 0).totalOre;
  await expect(counter.total()).toHaveText(formatSek(expected));

  const freeLine = page.getByRole('status').filter({ hasText: `seats free in ${section}` });
  const freeSeats = async () => Number((await freeLine.textContent())!.split(' ')[0]);
  const freeBeforeSale = await freeSeats();
  // Enter opens the till on cash with the amount to pay; Enter on the empty amount takes the exact amount and sells.
  await counter.press('Enter');
  const payment = page.getByLabel('Payment', { exact: true });
  await expect(payment.getByLabel('To pay')).toHaveText(formatSek(expected));
  await expect(payment.getByLabel('Amount given (SEK)')).toBeFocused();
  await counter.press('Enter');
  await expect(page.getByText('4 ticket(s) sold.')).toBeVisible();
  await expect(payment).toBeHidden();
  // The seats free drop with the sale, from the seats drawn taken, not at the section's next read (held off here).
  await page.route('**/api/events/*/sections/**', (r) => r.abort());
  await expect.poll(freeSeats).toBeLessThanOrEqual(freeBeforeSale - 4);
  await page.unroute('**/api/events/*/sections/**');
  await expect(counter.lastAdded().getByRole('listitem')).toHaveCount(4);
  await expect(page.locator('.ticket-print')).toHaveAttribute('data-ready', 'true');
  await counter.press('p');
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  expect(counter.keys).toBeLessThanOrEqual(5);
  // What prints, as Chromium lays it out: each ticket alone on its 80 × 110 mm page (event, date, venue, seat, type,
  // price with fees, order and ticket number, its QR code drawn: the page's one image), then the receipt on
  // 80 × 150 mm, and nothing of the console (header, menu, map, panels, the toast).
  const reservationId = Number(page.url().split('/').at(-1));
  const printed = await printedOutput(page, '.ticket-print-host', test.info().outputPath('tickets.pdf'));
  expect(printed.stray).toEqual([]);
  const event = assigned.collection.find((r) => r.event.id === stadium)!.event;
  const [, y, mo, d, hm] = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(event.start_date)!;
  const sold = (await apiGet<{ items: { id: number; row: string; seat: string }[] }>(page, request, `/api/reservations/${reservationId}`)).items;
  const references = (await apiGet<{ collection: { id: number; reference: string }[] }>(page, request, `/api/boxoffice/reservations/${reservationId}/references`)).collection;
  const lineTotals = saleTotal(prices, fees.collection.map(serviceFeeBandToOre), oreFromSek(extra), 0).lines.map((l) => l.totalOre);
  const ticketIds = picked.map(([row, seat]) => sold.find((t) => t.row === row && t.seat === seat)!.id);
  const receiptText = printed.pages.at(-1)!.text;
  expect(printed.pages).toEqual([
    ...picked.map(([row, seat], i) => ticketPage([event.name, `${d}.${mo}.${y} ${hm}`, event.venue, `${section}, row ${row}, seat ${seat}`, priced[i]!.ticket_type.name,
      `${formatSek(lineTotals[i]!)} incl. fees`, `Reservation ${reservationId} · ticket ${ticketIds[i]}`])),
    receiptPage(receiptText),
  ]);
  expect(printed.qrs).toEqual(ticketIds.map((id) => ({ content: references.find((r) => r.id === id)!.reference, widthMm: 36, loaded: true })));
  // The receipt: the sale's reference, the total, its VAT lines and the cash tender.
  for (const line of [`Reservation ${reservationId} · walk-in`, `Total${formatSek(expected)}`, 'VAT ', `Paid: Cash${formatSek(expected)}`, `Cash given${formatSek(expected)}`, `Change${formatSek(0)}`]) {
    expect(receiptText).toContain(asPrinted(line));
  }
  // A reprint prints the same pages.
  await page.getByRole('button', { name: 'Reprint' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(2);
  expect(await printedOutput(page, '.ticket-print-host', test.info().outputPath('reprint.pdf'))).toEqual(printed);

  // A second operator's counter on the same event: the sold seats are no longer proposed.
  const other = await browser.newContext();
  const second = await other.newPage();
  await useSessionOf(second, 'boxoffice');
  await second.goto(page.url());
  await expect(second.getByRole('status').filter({ hasText: `seats free in ${section}` })).toBeVisible();
  await second.keyboard.press('4');
  const secondCounter = new CounterScreens(second);
  await expect(secondCounter.selection().getByRole('row')).toHaveCount(5);
  const offered = await secondCounter.selection().getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => `${r.children[0]!.textContent} ${r.children[1]!.textContent}`));
  expect(offered.filter((s) => picked.some(([row, seat]) => `${row} ${seat}` === s))).toEqual([]);
  await other.close();

  // The sale is paid at the counter: the orders screen (admin) shows its payment with the band fees and the extra fee.
  const office = await browser.newContext();
  const adminPage = await office.newPage();
  await useSessionOf(adminPage, 'admin');
  const order = await apiGet<{ payments: { id: number; provider: string; summary: { ticket_service_fee: number } }[] }>(adminPage, request, `/api/orders/${reservationId}`);
  const sale = order.payments[0]!;
  expect(sale.provider).toBe('boxoffice');
  await adminPage.goto(`/orders/${reservationId}/payments`);
  const orders = new OrderScreens(adminPage);
  const summary = await orders.paymentSummary(sale.id);
  const digits = (text: string) => text.replace(/[^\d,]/g, '');
  expect(digits(summary.Total)).toBe(digits(formatSek(expected)));
  expect(digits(summary['Ticket admin fee'])).toBe(digits(formatSek(4 * oreFromSek(extra))));
  expect(digits(summary['Ticket service fee'])).toBe(digits(formatSek(oreFromSek(sale.summary.ticket_service_fee))));
  await office.close();

  await counter.press('?');
  await expect(page.getByRole('dialog', { name: 'Keys' })).toContainText('Propose the best N adjacent free seats');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keys' })).toBeHidden();

  // A release refunds the paid tickets in full: it asks first, then says what to give back and how.
  await page.getByRole('button', { name: 'Release' }).click();
  const confirm = page.getByRole('dialog', { name: 'Release the tickets' });
  await expect(confirm).toContainText('Release 4 ticket(s)? Their seats go back on sale at once, and what was paid for them is given back in full');
  // It names the seats it releases, so the operator releases the right sale.
  const toRelease = confirm.getByRole('list', { name: 'Tickets to release' }).getByRole('listitem');
  expect((await toRelease.allTextContents()).sort()).toEqual(picked.map(([row, seat]) => `${section}, row ${row}, seat ${seat}`).sort());
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: test.info().outputPath('counter-release-confirm-600.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('counter-release-confirm-1440.png') });
  await confirm.getByRole('button', { name: 'Release 4 ticket(s)' }).click();
  await expect(page.getByText(`4 ticket(s) released: give back ${formatSek(expected)} in cash.`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('counter-released-1440.png') });
  await expect(counter.lastAdded()).toHaveCount(0);

  // The map: a click selects a seat, a shift-click its row's free seats; the Selected seats panel follows.
  const fresh = await apiGet<{ rows: { name: string; seats: { seat_index: number; name: string; reserved: boolean; hidden: boolean; handicapped: boolean; prices: unknown[] }[] }[] }>(page, request, `/api/events/${stadium}/sections/${encodeURIComponent(section)}`);
  const sellable = (x: { reserved: boolean; hidden: boolean; handicapped: boolean; prices: unknown[] }) => !x.reserved && !x.hidden && !x.handicapped && x.prices.length > 0;
  const row = fresh.rows.find((r) => r.seats.filter(sellable).length >= 3 && r.seats.every((x) => sellable(x) || x.reserved))!;
  const free = row.seats.filter(sellable);
  await counter.mapReady();
  await counter.clickSeat(free[1]!.seat_index);
  await expect.poll(() => counter.selectedSeats()).toEqual([`${row.name} ${free[1]!.name}`]);
  await counter.clickSeat(free[1]!.seat_index, true);
  await expect.poll(async () => (await counter.selectedSeats()).sort()).toEqual(free.map((x) => `${row.name} ${x.name}`).sort());
  await expect(counter.total()).not.toHaveText(formatSek(0));
  await counter.press('Escape');

  // A standing area: the stepper sells places, which come off its free count, and are released again.
  // Its option is named once as standing ("Floor A (standing)", never "(standing) (standing)").
  const options = page.getByLabel('Section', { exact: true }).locator('option');
  const labels = await options.allTextContents();
  expect(labels.filter((o) => /\(standing\).*\(standing\)/.test(o))).toEqual([]);
  const label = labels.find((o) => o.endsWith(' (standing)'))!;
  await page.getByLabel('Section', { exact: true }).selectOption({ label });
  // The map moves to the chosen standing area and shows it as chosen, as it does for a seated section (it stayed
  // where it was before).
  const all = await apiGet<{ sections: { name: string; general_admission: boolean }[] }>(page, request, `/api/events/${stadium}/sections`);
  const areaIndex = all.sections.findIndex((x) => x.general_admission && standingName(x.name) === label);
  const areaName = all.sections[areaIndex]!.name;
  expect(await counter.sectionShown(areaName, areaIndex)).toEqual({ chosen: true, inMiddle: true });
  // At 1440 and 600 px as well: a seated section, then the standing area again.
  const wide = page.viewportSize()!;
  const seated = labels.find((o) => !o.endsWith(' (standing)'))!;
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Section', { exact: true }).selectOption({ label: seated });
    await page.getByLabel('Section', { exact: true }).selectOption({ label });
    expect(await counter.sectionShown(areaName, areaIndex), `${width} px`).toEqual({ chosen: true, inMiddle: true });
    await page.screenshot({ path: test.info().outputPath(`counter-standing-${width}.png`) });
  }
  await page.setViewportSize(wide);
  const panel = page.getByLabel('Standing places');
  // "Floor A (standing): 19 732 free places", thousands apart as everywhere in the console.
  const freeCount = async () => {
    const m = /^(.*): ([\d\s\u00a0]+) free places$/.exec((await panel.getByRole('heading').textContent()) ?? '');
    expect(m?.[1]).toBe(label);
    return Number(m![2].replace(/\D/g, ''));
  };
  const freeBefore = await freeCount();
  await panel.getByLabel('Number of places').fill('2');
  // The price shows before the sale; the sale goes through the till (card, with its terminal reference).
  await expect(panel.getByLabel('Standing price')).toContainText('Price per place, with fees');
  const standingTotal = await panel.getByLabel('Total').textContent();
  await panel.getByRole('button', { name: 'Sell (Enter)' }).click();
  const till = page.getByLabel('Payment', { exact: true });
  await expect(till.getByLabel('To pay')).toHaveText(standingTotal!);
  await till.getByLabel('Amount given (SEK)').press('k');
  await till.getByRole('button', { name: 'Take payment and sell' }).click();
  await expect(till.getByRole('alert')).toHaveText("Enter the card terminal's reference.");
  // Said once, under the field it is about (it stood twice: there and in an alert box below the form).
  await expect(till.getByText("Enter the card terminal's reference.")).toHaveCount(1);
  await till.getByLabel('Terminal reference').fill('TX-2001');
  await till.getByRole('button', { name: 'Take payment and sell' }).click();
  await expect(page.getByText('2 ticket(s) sold.')).toBeVisible();
  await expect(page.locator('.receipt-80mm')).toContainText('Paid: Card (TX-2001)');
  await expect.poll(freeCount).toBe(freeBefore - 2);
  await expect(counter.lastAdded().getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Release' }).click();
  await page.getByRole('dialog', { name: 'Release the tickets' }).getByRole('button', { name: 'Release 2 ticket(s)' }).click();
  // The whole amount paid for the places (the till's total) goes back to the card that paid it.
  await expect(page.getByText(`2 ticket(s) released: give back ${standingTotal!.trim()} to the card.`, { exact: true })).toBeVisible();
  await expect.poll(freeCount).toBe(freeBefore);
});
