import { deflateSync } from 'node:zlib';
import type { EventList } from '../src/contracts/events';
import type { GiftCardList, MerchandiseDetail } from '../src/contracts/merchandise';
import { formatCount } from '../src/domain/money';
import { expect, expectAccessible, test, tick } from './fixtures';
import { MerchandiseScreens } from './pages/MerchandiseScreens';
import { apiGet, useSessionOf } from './signIn';

// One story per file, in order; saves on the loaded CI machine get time (as the events and reports flows do).
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const AFTER_SAVE = { timeout: 30_000 };

/** A plain PNG of the given size (one colour), made here so the test needs no fixture files. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('when a promoter opens the shop of a seeded event, then each quantity is written as the console writes counts (100 000), not as a bare 100000', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const events = await apiGet<EventList>(page, request, '/api/events?search=Nordic%20Lights%20Live');
  const id = events.collection.find((e) => e.name === 'Nordic Lights Live')!.id;
  const items = await apiGet<{ collection: { name: string; quantity: number }[] }>(page, request, `/api/events/${id}/merchandises?per_page=500`);
  const big = items.collection.find((m) => m.quantity >= 1000)!;
  const shop = new MerchandiseScreens(page);
  await shop.openShop(id);
  expect((await shop.row(big.name)).Quantity).toBe(formatCount(big.quantity));
  expect((await shop.row(big.name)).Quantity).toMatch(/^\d{1,3}(\u00a0\d{3})+$/);
});

const ITEM = 'Playwright Hoodie';
let eventId = 0;

test('when a promoter adds an item with options and an image, then the Shop lists it with the options\' total; a too-large image opens the File size dialog', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  const events = await apiGet<EventList>(page, request, '/api/events?search=Jazz%20at%20the%20Lion');
  eventId = events.collection.find((e) => e.name === 'Jazz at the Lion')!.id;
  const shop = new MerchandiseScreens(page);
  await shop.openShop(eventId);
  await page.getByRole('button', { name: 'Add Merchandise' }).click();
  await expect(page.getByRole('heading', { name: 'Add Merchandise' })).toBeVisible();

  // Saving the empty form says what is missing, beside each field.
  await shop.form().getByRole('button', { name: 'Save' }).click();
  await expect(shop.form().getByText('Required').first()).toBeVisible();

  await shop.fillTexts('English', { name: ITEM, description: 'Warm hoodie with the quartet\'s logo.', delivery: 'Pick up at the bar.', sizeFit: 'Loose fit.' });
  await shop.fillTexts('Swedish', { name: 'Playwright-huvtröja', description: 'Varm huvtröja med kvartettens logga.', delivery: 'Hämtas i baren.', sizeFit: 'Lös passform.' });
  await shop.chooseType('Food and drinks');
  await expect(page.getByText('Merchandise of this type can not be returned 24h prior to venue open date and time.')).toBeVisible();
  await shop.chooseType('Clothing');
  await expect(page.getByText('Merchandise of this type can not be returned 24h prior to venue open date and time.')).toBeHidden();
  await shop.form().getByLabel('Price (SEK)').fill('449,50');
  await tick(shop.form().getByRole('checkbox', { name: /This product has options/ }));
  await shop.addOption(0, { en: 'Small', sv: 'Liten', sku: 'PW-HOOD-S', quantity: '12' });
  await shop.addOption(1, { en: 'Large', sv: 'Stor', sku: 'PW-HOOD-L', quantity: '8' });
  await expect(shop.form().getByLabel('Quantity', { exact: true }).first()).toBeDisabled();
  await expect(shop.form().locator('#field-total-quantity')).toHaveValue('20');
  await tick(shop.form().getByRole('checkbox', { name: 'Age restricted' }));
  await shop.form().getByLabel('Age restriction').fill('15');

  // A file over 104857600 bytes is refused with the File size dialog and not added.
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#field-images')!;
    const big = new File([new Uint8Array(1)], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    const list = new DataTransfer();
    list.items.add(big);
    Object.defineProperty(input, 'files', { value: list.files, configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // The handler has read the list: the input's own files show again.
    delete (input as { files?: FileList }).files;
  });
  const dialog = page.getByRole('dialog', { name: 'File size' });
  await expect(dialog).toContainText('The file size is larger than 100Mb. Please optimise the image or select another.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await shop.chooseImages([{ name: 'hoodie.png', mimeType: 'image/png', buffer: png(220, 220) }]);
  await expect(shop.form().getByRole('img', { name: 'hoodie.png' })).toBeVisible();
  await shop.form().getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(`/events/${eventId}/merchandise`, AFTER_SAVE);
  await expect(shop.table().getByRole('row', { name: ITEM, exact: true })).toBeVisible(AFTER_SAVE);
  expect(await shop.row(ITEM)).toMatchObject({ Name: ITEM, Price: expect.stringMatching(/^449,50\skr$/), Quantity: '20', Status: 'Active' });

  // The item as the API keeps it: both languages, options, age and one image.
  const list = await apiGet<{ collection: { id: number; name: string }[] }>(page, request, `/api/events/${eventId}/merchandises?per_page=500`);
  const id = list.collection.find((m) => m.name === ITEM)!.id;
  const item = await apiGet<MerchandiseDetail>(page, request, `/api/events/${eventId}/merchandises/${id}`);
  expect(item).toMatchObject({ price: 449.5, quantity: 20, age_restriction: 15, has_options: true, translations: { sv: { name: 'Playwright-huvtröja' } } });
  expect(item.options.map((o) => o.sku)).toEqual(['PW-HOOD-S', 'PW-HOOD-L']);
  expect(item.media).toHaveLength(1);
});

test('when the promoter deactivates the item, then the Shop says Inactive; edit keeps what was saved; delete removes it', async ({ page }) => {
  await useSessionOf(page, 'promoter');
  const shop = new MerchandiseScreens(page);
  await shop.openShop(eventId);
  await shop.rowAction(ITEM, 'Deactivate');
  await expect.poll(async () => (await shop.row(ITEM)).Status, AFTER_SAVE).toBe('Inactive');

  await shop.table().getByRole('row', { name: ITEM, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Merchandise' })).toBeVisible();
  await expect(shop.form().getByLabel('Name (English)', { exact: true }).first()).toHaveValue(ITEM);
  await expect(shop.form().getByRole('group', { name: 'Option 2' }).getByLabel('SKU')).toHaveValue('PW-HOOD-L');
  await expect(shop.form().getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expectAccessible(page);
  await shop.form().getByLabel('Price (SEK)').fill('399');
  await shop.form().getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/events/${eventId}/merchandise`, AFTER_SAVE);
  await expect.poll(async () => (await shop.row(ITEM)).Price, AFTER_SAVE).toMatch(/^399,00\skr$/);

  // Leave the shared demo data as it was.
  await shop.rowAction(ITEM, 'Delete');
  await page.getByRole('dialog', { name: 'Delete merchandise' }).getByRole('button', { name: 'Delete' }).click();
  await expect(shop.table().getByRole('row', { name: ITEM, exact: true })).toBeHidden(AFTER_SAVE);
});

test('when a promoter adds a gift card, then the saves wait for the required fields and the list shows the new card', async ({ page, request }) => {
  await useSessionOf(page, 'promoter');
  await page.goto('/gift-card/list');
  await expect(page.getByRole('heading', { name: 'Gift Cards' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /add gift card/i }).click();
  await expect(page.getByRole('heading', { name: 'Add Gift Card' })).toBeVisible();
  const form = new MerchandiseScreens(page).giftCardForm();
  const save = form.getByRole('button', { name: 'Save Item' });
  await expect(save).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save&Add more' })).toBeDisabled();

  const title = `Playwright gift card ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Quantity').fill('5000');
  await form.getByLabel('Price (SEK)').fill('500');
  await form.getByLabel('Description (English)').fill('Valid for any concert this season.');
  await form.getByLabel('Description (Swedish)').fill('Gäller alla konserter denna säsong.');
  await form.getByLabel('Delivery description').fill('Sent by email.');
  await expect(save).toBeDisabled();
  await form.getByLabel('Size and fit description').fill('One size.');
  await expect(save).toBeEnabled();

  // A size row needs both names and a quantity.
  await form.getByRole('button', { name: 'Add size' }).click();
  const size = form.getByRole('group', { name: 'Size 1' });
  await size.getByLabel('Name (English)').fill('Festive');
  await save.click();
  await expect(size.getByText('Required').first()).toBeVisible();
  await size.getByLabel('Name (Swedish)').fill('Festlig');
  await size.getByLabel('Quantity').fill('5000');

  await new MerchandiseScreens(page).chooseImages([{ name: 'card.png', mimeType: 'image/png', buffer: png(400, 200) }]);
  await expect(form.getByRole('img', { name: 'card.png' })).toBeVisible();
  await expectAccessible(page);
  await save.click();

  await expect(page).toHaveURL('/gift-card/list', AFTER_SAVE);
  await expect(page.getByRole('table', { name: 'Gift cards' }).getByRole('row', { name: title, exact: true })).toBeVisible(AFTER_SAVE);
  // Its quantity is written as the console writes counts.
  await expect(page.getByRole('table', { name: 'Gift cards' }).getByRole('row', { name: title, exact: true })).toContainText(formatCount(5000));
  const cards = await apiGet<GiftCardList>(page, request, '/api/merchandise?per_page=500');
  expect(cards.collection.find((c) => c.name === title)).toMatchObject({ price: 500, quantity: 5000, valid: true, image_url: expect.any(String) });
});
