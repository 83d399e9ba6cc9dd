import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANDISE_FILE_LIMIT_BYTES } from '../../src/domain/merchandise';
import { createTestApp, type TestApp } from './setup/testApp';
import { GIF, PNG, eventId, multipart } from './support/eventFixtures';

/** Merchandise per event and gift cards (001 §3, §5, §7, §8): every call, its messages, multipart, scoping. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let event: number;
let foreignEvent: number;
let clothing: number;
let food: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  event = await eventId(t, 'Nordic Lights Live');
  foreignEvent = await eventId(t, 'Hockey Final, game 1');
  const types = (await t.call({ method: 'GET', url: '/api/merchandise-types', token: promoter })).json().data as { id: number; alias: string }[];
  clothing = types.find((x) => x.alias === 'clothing')!.id;
  food = types.find((x) => x.alias === 'food')!.id;
});
afterAll(() => t.close());

const texts = (prefix: string): Record<string, string> => Object.fromEntries(
  (['en', 'sv'] as const).flatMap((l) => [
    [`translations[${l}][name]`, `${prefix} ${l}`],
    [`translations[${l}][description]`, `Description ${l}`],
    [`translations[${l}][delivery_description]`, `Delivery ${l}`],
    [`translations[${l}][size_fit_description]`, `Fit ${l}`],
  ]),
);
const withOptions = (): Record<string, string> => ({
  ...texts('Hoodie'),
  type: String(clothing),
  price: '449.50',
  has_options: '1',
  'options[0][translations][en][name]': 'Small',
  'options[0][translations][sv][name]': 'Liten',
  'options[0][sku]': 'HOOD-S',
  'options[0][quantity]': '10',
  'options[1][translations][en][name]': 'Large',
  'options[1][translations][sv][name]': 'Stor',
  'options[1][sku]': 'HOOD-L',
  'options[1][quantity]': '15',
  refundable: '1',
  max_amount_can_be_sold_in_general: '6',
  max_amount_can_be_sold_per_option: '3',
  age_restricted: '0',
});
const image = (bytes = PNG, name = 'images[0]') => ({ name, filename: 'hoodie.png', type: 'image/png', bytes });
const create = (fields: Record<string, string>, files: ReturnType<typeof image>[] = [], token = promoter, id = event) =>
  t.call({ method: 'POST', url: `/api/events/${id}/merchandises`, token, ...multipart(fields, files) });

describe('merchandise types', () => {
  it('when a promoter asks for the types, then each has an alias and en/sv names', async () => {
    const res = await t.call({ method: 'GET', url: '/api/merchandise-types', token: promoter });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { alias: string }) => x.alias)).toEqual(['clothing', 'accessories', 'print', 'food', 'gift_card']);
    expect(res.json().data[0].translations).toEqual({ en: { name: 'Clothing' }, sv: { name: 'Kläder' } });
  });
});

describe('event merchandise', () => {
  it('when an item with options and an image is created, then its quantity is the options\' sum and the image is served', async () => {
    const res = await create(withOptions(), [image()]);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      event_id: event, price: 449.5, quantity: 25, has_options: true, refundable: true, valid: true, age_restriction: null,
      max_amount_can_be_sold_in_general: 6, max_amount_can_be_sold_per_option: 3, type: { alias: 'clothing' },
      translations: { en: { name: 'Hoodie en', size_fit_description: 'Fit en' }, sv: { name: 'Hoodie sv', delivery_description: 'Delivery sv' } },
    });
    expect(item.options.map((o: { sku: string; quantity: number }) => [o.sku, o.quantity])).toEqual([['HOOD-S', 10], ['HOOD-L', 15]]);
    expect(item.media).toHaveLength(1);
    const img = await t.call({ method: 'GET', url: item.media[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const one = await t.call({ method: 'GET', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter });
    expect(one.json()).toEqual(item);
    const list = (await t.call({ method: 'GET', url: `/api/events/${event}/merchandises?per_page=500`, token: promoter })).json();
    expect(list.collection.find((m: { id: number }) => m.id === item.id)).toMatchObject({ name: 'Hoodie en', price: 449.5, quantity: 25, valid: true });
  });

  it('when required texts, type, price, quantity and sku are missing, then 422 names each field with \'Required\'', async () => {
    const res = await create({ has_options: '0' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().validation_errors;
    for (const field of ['translations.en.name', 'translations.sv.description', 'translations.en.delivery_description', 'translations.sv.size_fit_description', 'type', 'price', 'quantity', 'sku']) {
      expect(errors[field], field).toEqual(['Required']);
    }
  });

  it('when an option lacks its names, sku or quantity, or the age is missing when restricted, then 422 says so per row', async () => {
    const res = await create({ ...withOptions(), 'options[1][translations][sv][name]': '', 'options[1][sku]': '', 'options[1][quantity]': 'x', age_restricted: '1', age_restriction: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({
      'options.1.translations.sv.name': ['Required'], 'options.1.sku': ['Required'], 'options.1.quantity': ['Must be a number'], age_restriction: ['Required'],
    });
  });

  it('when numbers are out of range, texts hold NUL or the type is unknown, then 4xx and never 5xx', async () => {
    const big = await create({ ...withOptions(), 'options[0][quantity]': '99999999999', price: '99999999', max_amount_can_be_sold_in_general: '-1' });
    expect(big.statusCode).toBe(422);
    expect(Object.keys(big.json().validation_errors).sort()).toEqual(['max_amount_can_be_sold_in_general', 'options.0.quantity', 'price']);
    const nul = await create({ ...withOptions(), 'translations[en][name]': 'Bad\u0000name' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().validation_errors['translations.en.name']).toBeDefined();
    const type = await create({ ...withOptions(), type: '999999' });
    expect(type.statusCode).toBe(422);
    expect(type.json().validation_errors).toEqual({ type: ['Choose a merchandise type'] });
    const notImage = await create(withOptions(), [image(Buffer.from('plain text'))]);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().validation_errors.images).toEqual(['Choose a JPEG, PNG, WebP or GIF image.']);
    const hugeId = await t.call({ method: 'GET', url: `/api/events/${event}/merchandises/99999999999999`, token: promoter });
    expect(hugeId.statusCode).toBe(422);
  });

  it(`when an image is over ${MERCHANDISE_FILE_LIMIT_BYTES} bytes, then 413 with the File size text`, async () => {
    const res = await create(withOptions(), [image(Buffer.alloc(MERCHANDISE_FILE_LIMIT_BYTES + 1, 0x89))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'file_too_large', message: 'The file size is larger than 100Mb. Please optimise the image or select another.' });
  });

  it('when an item is updated with _method put, then texts, options and images change and sold history stays', async () => {
    const item = (await create(withOptions(), [image()])).json();
    const fields = {
      ...withOptions(), _method: 'put', 'translations[en][name]': 'Zip hoodie', price: '399', type: String(food),
      'options[0][id]': String(item.options[0].id), 'options[0][quantity]': '4',
      'options[1][translations][en][name]': 'XL', 'options[1][translations][sv][name]': 'XL', 'options[1][sku]': 'HOOD-XL', 'options[1][quantity]': '1',
      'remove_media[0]': String(item.media[0].id),
    };
    const res = await t.call({ method: 'POST', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter, ...multipart(fields, [image(GIF)]) });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ price: 399, quantity: 5, type: { alias: 'food' }, translations: { en: { name: 'Zip hoodie' } } });
    expect(saved.options.map((o: { id: number; sku: string }) => o.sku)).toEqual(['HOOD-S', 'HOOD-XL']);
    expect(saved.options[0].id).toBe(item.options[0].id);
    expect(saved.media).toHaveLength(1);
    expect(saved.media[0].id).not.toBe(item.media[0].id);
    expect((await t.call({ method: 'GET', url: item.media[0].url })).statusCode).toBe(404);
    const noPut = await t.call({ method: 'POST', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter, ...multipart(withOptions()) });
    expect(noPut.statusCode).toBe(400);
    const json = await t.call({ method: 'PUT', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter, payload: { ...texts('Plain'), type: clothing, price: 10, quantity: 3, sku: 'PLAIN', has_options: 0 } });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ has_options: false, options: [], quantity: 3, sku: 'PLAIN' });
  });

  it('when an item is deactivated and activated, then valid follows; when it is deleted, then it is gone', async () => {
    const item = (await create(withOptions())).json();
    const off = await t.call({ method: 'PATCH', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter, payload: { valid: 0 } });
    expect(off.json().valid).toBe(false);
    const on = await t.call({ method: 'PATCH', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter, payload: { valid: 1 } });
    expect(on.json().valid).toBe(true);
    const del = await t.call({ method: 'DELETE', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter });
    expect(del.json()).toEqual({ message: 'Merchandise deleted' });
    expect((await t.call({ method: 'GET', url: `/api/events/${event}/merchandises/${item.id}`, token: promoter })).statusCode).toBe(404);
  });

  it('when a sold item is deleted or its sold option removed, then it is refused and nothing changes', async () => {
    const { rows } = await t.db.query<{ merchandise_id: number; event_id: number; option_id: number | null }>(
      `SELECT i.merchandise_id, i.event_id, i.merchandise_option_id AS option_id FROM order_items i JOIN events e ON e.id = i.event_id
        WHERE i.type = 'merchandise' AND i.merchandise_option_id IS NOT NULL AND e.promoter_id = (SELECT promoter_id FROM events WHERE id = $1) LIMIT 1`,
      [event],
    );
    const sold = rows[0];
    const del = await t.call({ method: 'DELETE', url: `/api/events/${sold.event_id}/merchandises/${sold.merchandise_id}`, token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('This item has been sold and cannot be deleted: deactivate it instead.');
    const res = await t.call({ method: 'PUT', url: `/api/events/${sold.event_id}/merchandises/${sold.merchandise_id}`, token: admin, payload: { ...texts('Shirt'), type: clothing, price: 10, quantity: 3, sku: 'X', has_options: 0 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.options, res.body).toEqual(['An option that has been sold cannot be removed: set its quantity to 0 instead.']);
  });

  it('when another promoter reads, writes or deletes the item, or creates on the event, then 404; an admin may', async () => {
    const item = (await create(withOptions())).json();
    const url = `/api/events/${event}/merchandises/${item.id}`;
    expect((await t.call({ method: 'GET', url, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'PATCH', url, token: promoter2, payload: { valid: 0 } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url, token: promoter2, payload: { ...texts('X'), type: clothing, price: 1, quantity: 1, sku: 'X' } })).statusCode).toBe(404);
    expect((await create(withOptions(), [], promoter2)).statusCode).toBe(404);
    expect((await create(withOptions(), [], promoter, foreignEvent)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${foreignEvent}/merchandises/${item.id}`, token: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url, token: admin })).statusCode).toBe(200);
    const corporate = await t.tokenFor('corporate');
    expect((await t.call({ method: 'GET', url: '/api/merchandise-types', token: corporate })).statusCode).toBe(403);
  });
});

const giftCard = (overrides: Record<string, string> = {}): Record<string, string> => ({
  'translations[en][name]': 'Spring gift card',
  'translations[sv][name]': 'Spring gift card',
  'translations[en][description]': 'For anything we sell.',
  'translations[sv][description]': 'För allt vi säljer.',
  'translations[en][deliveryDescription]': 'By email.',
  'translations[en][sizeFitDescription]': 'One size.',
  price: '250',
  quantity: '100',
  isRefundable: '0',
  maxAmountCanBeSoldInGeneral: '5',
  ...overrides,
});

describe('gift cards', () => {
  it('when there are gift cards, then the list shows the caller\'s promoter\'s, newest first; an admin sees all', async () => {
    const mine = (await t.call({ method: 'GET', url: '/api/merchandise', token: promoter })).json();
    expect(mine.count).toBeGreaterThanOrEqual(1);
    const others = (await t.call({ method: 'GET', url: '/api/merchandise', token: promoter2 })).json();
    const ids = new Set(mine.collection.map((g: { id: number }) => g.id));
    expect(others.collection.some((g: { id: number }) => ids.has(g.id))).toBe(false);
    const all = (await t.call({ method: 'GET', url: '/api/merchandise?per_page=500', token: admin })).json();
    expect(all.count).toBe(mine.count + others.count);
    expect(mine.collection[0]).toMatchObject({ name: expect.any(String), promoter: { name: 'Nordic Live AB' }, valid: true });
  });

  it('when a promoter creates a gift card with sizes and images, then it is a gift_card without event and listed', async () => {
    const res = await t.call({
      method: 'POST', url: '/api/merchandise', token: promoter,
      ...multipart(giftCard({
        'options[0][translations][en][name]': 'Red', 'options[0][translations][sv][name]': 'Röd', 'options[0][quantity]': '60',
      }), [image(PNG, 'fileUpload[0]'), image(GIF, 'fileUpload[1]')]),
    });
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      event_id: null, type: { alias: 'gift_card' }, price: 250, quantity: 100, refundable: false, has_options: true,
      translations: { en: { name: 'Spring gift card', delivery_description: 'By email.' }, sv: { description: 'För allt vi säljer.', size_fit_description: 'One size.' } },
    });
    expect(card.media).toHaveLength(2);
    const list = (await t.call({ method: 'GET', url: '/api/merchandise', token: promoter })).json();
    expect(list.collection[0]).toMatchObject({ id: card.id, name: 'Spring gift card', price: 250, image_url: card.media[0].url });
    const edit = await t.call({ method: 'PUT', url: `/api/merchandise/${card.id}`, token: promoter, ...multipart(giftCard({ price: '300', 'remove_media[0]': String(card.media[0].id) })) });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ price: 300, has_options: false, options: [] });
    expect(edit.json().media).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: `/api/merchandise/${card.id}`, token: promoter })).json().price).toBe(300);
  });

  it('when the form misses its fields, a size row is half filled or there are over 3 images, then 422 with the form\'s names', async () => {
    const res = await t.call({ method: 'POST', url: '/api/merchandise', token: promoter, ...multipart({ 'options[0][translations][en][name]': 'Red', price: '' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({
      title: ['Required'], quantity: ['Required'], description_en: ['Required'], description_sv: ['Required'],
      delivery_description: ['Required'], size_fit_description: ['Required'],
      'sizes.0.name_sv': ['Required'], 'sizes.0.quantity': ['Required'], price: ['Required'],
    });
    const four = await t.call({ method: 'POST', url: '/api/merchandise', token: promoter, ...multipart(giftCard(), [0, 1, 2, 3].map((i) => image(PNG, `fileUpload[${i}]`))) });
    expect(four.statusCode).toBe(422);
    expect(four.json().validation_errors).toEqual({ images: ['At most 3 images'] });
    const big = await t.call({ method: 'POST', url: '/api/merchandise', token: promoter, ...multipart(giftCard(), [image(Buffer.alloc(10 * 1024 * 1024 + 1, 0x89), 'fileUpload[0]')]) });
    expect(big.statusCode).toBe(413);
  });

  it('when an admin creates a gift card, then a promoter must be named; another promoter\'s gift card is 404', async () => {
    const none = await t.call({ method: 'POST', url: '/api/merchandise', token: admin, ...multipart(giftCard()) });
    expect(none.json().validation_errors).toEqual({ promoter: ['Required'] });
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM promoters WHERE name = 'Arena Sport Events AB'");
    const made = await t.call({ method: 'POST', url: '/api/merchandise', token: admin, ...multipart(giftCard({ promoter: String(rows[0].id) })) });
    expect(made.json().promoter.name).toBe('Arena Sport Events AB');
    const id = made.json().id;
    expect((await t.call({ method: 'GET', url: `/api/merchandise/${id}`, token: promoter })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: `/api/merchandise/${id}`, token: promoter, ...multipart(giftCard()) })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/merchandise/${id}`, token: promoter2 })).statusCode).toBe(200);
    const onForeignEvent = await t.call({ method: 'POST', url: '/api/merchandise', token: promoter, ...multipart(giftCard({ event: String(foreignEvent) })) });
    expect(onForeignEvent.statusCode).toBe(404);
  });
});
