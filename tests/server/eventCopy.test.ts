import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId } from './support/eventFixtures';

/** The copy wizard's server effects (000 §4): duplicate, ticket types, prices, hidden seats, reservations. */
let t: TestApp;
let promoter: string;
let promoter2: string;
beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2')]);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, token, payload });
const pad = (n: number) => String(n).padStart(2, '0');
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('copy an event', () => {
  let source: number;
  let copy: number;

  it('when an event is duplicated, then a draft starts at the given time with the source\'s content and distances kept', async () => {
    source = await eventId(t, 'Les Misérables');
    const src = (await get(`/api/events/${source}`, promoter)).json();
    const res = await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(100)} 19:00` });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    copy = e.id;
    expect(e).toMatchObject({
      status: 'draft', name: src.name, type: src.type, promoter: src.promoter, map: { id: src.map.id }, notes: src.notes,
      ticket_vat: src.ticket_vat, seasonal_event: null, restrictions_confirmed: false, ticket_types_count: 0,
      start_date: `${day(100)} 19:00:00`, end_date: `${day(100)} 22:00:00`, venue_open_date: `${day(100)} 18:00:00`,
      tickets_release_date: `${day(40)} 10:00:00`,
    });
    expect(e.translations).toEqual(src.translations);
  });

  it('when the start is before today or malformed, then 422 on startDate; another promoter\'s event is 404', async () => {
    expect((await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(-1)} 19:00` })).json().validation_errors.startDate).toEqual(['Start date minimum is today']);
    expect((await post('/api/events/duplicate', promoter, { id: source, startDate: '1.1.2030' })).statusCode).toBe(422);
    expect((await post('/api/events/duplicate', promoter2, { id: source, startDate: `${day(5)} 00:00` })).statusCode).toBe(404);
  });

  it('when the ticket types are copied one at a time and then the prices, then the copy is fully priced like the source', async () => {
    const types = (await get(`/api/events/${source}/ticket-types`, promoter)).json().collection;
    for (const tt of types) {
      const res = await post(`/api/events/${copy}/ticket-types`, promoter, { name: tt.name, default: tt.default, kids: tt.kids, age_from: tt.age_from, age_to: tt.age_to });
      expect(res.statusCode).toBe(200);
    }
    const res = await post(`/api/events/${copy}/copy-prices`, promoter, { source_event_id: source });
    expect(res.statusCode).toBe(200);
    expect(res.json().sections).toBeGreaterThan(0);
    const [a, b] = await Promise.all([get(`/api/events/${source}/stats`, promoter), get(`/api/events/${copy}/stats`, promoter)]);
    expect(b.json().all.seats).toEqual(a.json().all.seats);
    expect((await get(`/api/events/${copy}`, promoter)).json().pricing.complete).toBe(true);
    // Copying again replaces, it does not add.
    await post(`/api/events/${copy}/copy-prices`, promoter, { source_event_id: source });
    expect((await get(`/api/events/${copy}/stats`, promoter)).json().all.seats).toEqual(a.json().all.seats);
  });

  it('when hidden seats are copied, then the same seats are hidden on the copy', async () => {
    const { rows } = await t.db.query<{ id: number }>('SELECT s.id FROM map_seats s JOIN events e ON e.map_id = s.map_id WHERE e.id = $1 ORDER BY s.id LIMIT 3', [source]);
    for (const r of rows) await t.db.query('INSERT INTO event_seats (event_id, seat_id, hidden) VALUES ($1, $2, true)', [source, r.id]);
    const res = await post(`/api/events/${copy}/copy-hidden-seats`, promoter, { source_event_id: source });
    expect(res.json()).toEqual({ sections: 0, seats: 3 });
    const { rows: hidden } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_seats WHERE event_id = $1 AND hidden', [copy]);
    expect(hidden[0].n).toBe(3);
  });

  it('when prices are copied between events on different maps, then 422; another promoter\'s target is 404', async () => {
    const arena = await eventId(t, 'Nordic Lights Live');
    expect((await post(`/api/events/${copy}/copy-prices`, promoter, { source_event_id: arena })).statusCode).toBe(422);
    expect((await post(`/api/events/${copy}/copy-prices`, promoter2, { source_event_id: source })).statusCode).toBe(404);
  });

  it('when corporate reservations are copied, then the answer says honestly that none were (copying them is not built yet)', async () => {
    const res = await post('/api/copy', promoter, { copy: [{ source_event_id: source, destination_event_id: copy, reservations: [{ type: 'corporate' }] }] });
    expect(res.json()).toEqual({ copied: [{ source_event_id: source, destination_event_id: copy, reservations: 0 }] });
    expect((await post('/api/copy', promoter2, { copy: [{ source_event_id: source, destination_event_id: copy, reservations: [] }] })).statusCode).toBe(404);
  });
  it('when the shop is copied one product at a time, then the copy has each product with its texts and options, nothing sold', async () => {
    const list = await get(`/api/events/${source}/merchandises?per_page=500`, promoter);
    expect(list.statusCode).toBe(200);
    const products = list.json().collection as { id: number; name: string; sku: string | null; price: number; quantity: number; valid: boolean }[];
    expect(products.length).toBeGreaterThan(0);
    expect(list.json().count).toBe(products.length);
    for (const p of products) {
      const res = await post(`/api/events/${copy}/merchandises/copy`, promoter, { source_event_id: source, merchandise_id: p.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: p.name, sku: p.sku, price: p.price, quantity: p.quantity, valid: p.valid });
      expect(res.json().id).not.toBe(p.id);
    }
    const copied = (await get(`/api/events/${copy}/merchandises?per_page=500`, promoter)).json();
    expect(copied.collection.map((p: { name: string }) => p.name)).toEqual(products.map((p) => p.name));
    // Texts and options came along, and the products belong to the copy's promoter.
    const { rows } = await t.db.query<{ translations: number; options: number; promoters: number; sold: number }>(
      `SELECT (SELECT count(*) FROM merchandise_translations mt JOIN merchandises m ON m.id = mt.merchandise_id WHERE m.event_id = $1)::int
            - (SELECT count(*) FROM merchandise_translations mt JOIN merchandises m ON m.id = mt.merchandise_id WHERE m.event_id = $2)::int AS translations,
              (SELECT count(*) FROM merchandise_options o JOIN merchandises m ON m.id = o.merchandise_id WHERE m.event_id = $1)::int
            - (SELECT count(*) FROM merchandise_options o JOIN merchandises m ON m.id = o.merchandise_id WHERE m.event_id = $2)::int AS options,
              (SELECT count(DISTINCT promoter_id) FROM merchandises WHERE event_id IN ($1, $2))::int AS promoters,
              (SELECT count(*) FROM order_items WHERE event_id = $2)::int AS sold`,
      [source, copy],
    );
    expect(rows[0]).toEqual({ translations: 0, options: 0, promoters: 1, sold: 0 });
  });

  it('when a product is not the source event\'s, or the events are another promoter\'s, then 404', async () => {
    const other = await eventId(t, 'Club Night: Neon');
    const foreign = (await get(`/api/events/${other}/merchandises`, promoter)).json().collection[0].id;
    expect((await post(`/api/events/${copy}/merchandises/copy`, promoter, { source_event_id: source, merchandise_id: foreign })).statusCode).toBe(404);
    expect((await get(`/api/events/${source}/merchandises`, promoter2)).statusCode).toBe(404);
    const own = (await get(`/api/events/${source}/merchandises`, promoter)).json().collection[0].id;
    expect((await post(`/api/events/${copy}/merchandises/copy`, promoter2, { source_event_id: source, merchandise_id: own })).statusCode).toBe(404);
  });
});

describe('scanner users after publishing', () => {
  it('when a promoter lists scanners, then only their own; promoters may not list promoters, admins may', async () => {
    const mine = (await get('/api/users?type=scanner&promoter_id=999', promoter)).json();
    expect(mine.collection.map((u: { email: string }) => u.email)).toEqual(['scanner@demo.test']);
    expect((await get('/api/users?type=promoter', promoter)).statusCode).toBe(403);
    const promoters = (await get('/api/users?type=promoter', await t.tokenFor('admin'))).json();
    expect(promoters.collection.map((u: { promoter: { name: string } }) => u.promoter.name).sort()).toEqual(['Arena Sport Events AB', 'Nordic Live AB']);
  });

  it('when events are connected to a scanner, then they are listed, repeats are harmless and other promoters\' events are refused', async () => {
    const scanner = (await get('/api/users?type=scanner', promoter)).json().collection[0].id;
    const id = await eventId(t, 'Nordic Lights Live');
    expect((await get(`/api/users/${scanner}/events`, promoter)).json()).toEqual({ collection: [], count: 0 });
    await post(`/api/users/${scanner}/events`, promoter, { events: [id] });
    const after = (await post(`/api/users/${scanner}/events`, promoter, { events: [id] })).json();
    expect(after).toEqual({ collection: [{ id, name: 'Nordic Lights Live' }], count: 1 });
    const foreign = await eventId(t, 'Hockey Final, game 1');
    expect((await post(`/api/users/${scanner}/events`, promoter, { events: [foreign] })).statusCode).toBe(422);
    expect((await get(`/api/users/${scanner}/events`, promoter2)).statusCode).toBe(404);
  });
});

describe('what the event form chooses from', () => {
  it('when the form loads, then venues, a venue\'s maps, ticket VAT rates (ascending) and genres come back', async () => {
    const venues = (await get('/api/venues', promoter)).json();
    expect(venues.collection.map((v: { name: string }) => v.name)).toContain('Göta Lejon');
    const theatre = venues.collection.find((v: { name: string }) => v.name === 'Göta Lejon');
    expect(theatre.translations).toEqual([{ language: 'en', name: 'Göta Lejon' }, { language: 'sv', name: 'Göta Lejon' }]);
    const maps = (await get(`/api/venues/${theatre.id}/maps`, promoter)).json();
    expect(maps.collection[0]).toMatchObject({ venue_id: theatre.id, name: 'Main hall' });
    expect(maps.collection[0].seats_count).toBeGreaterThan(0);
    expect((await get('/api/venues/999999/maps', promoter)).statusCode).toBe(404);
    const vats = (await get('/api/vats?filters[item_type]=ticket', promoter)).json();
    expect(vats.collection.map((v: { vat: number }) => v.vat)).toEqual([0, 6, 12, 25]);
    expect(vats.collection.every((v: { item_type: string }) => v.item_type === 'ticket')).toBe(true);
    const genres = (await get('/api/genres', promoter)).json();
    expect(genres.count).toBeGreaterThan(5);
  });

  it('when a box-office user asks, then 403', async () => {
    expect((await get('/api/venues', await t.tokenFor('boxoffice'))).statusCode).toBe(403);
  });
});
