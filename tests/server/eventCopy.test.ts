import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, type FreeSeat, freeSeatsInSeasonFamily } from './support/eventFixtures';

/** The copy wizard's server effects (000 §4): duplicate, ticket types, prices, hidden seats, corporate reservations, shop. */
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

describe('copy corporate reservations (copy wizard step 4)', () => {
  let source: number;
  let copy: number;
  beforeAll(async () => {
    // The seeded event with corporate reservations on seats and general-admission places; its copy gets the ticket
    // types and prices first, as the wizard does.
    source = await eventId(t, 'Nordic Lights Live');
    copy = (await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(90)} 20:00` })).json().id;
    for (const tt of (await get(`/api/events/${source}/ticket-types`, promoter)).json().collection) {
      await post(`/api/events/${copy}/ticket-types`, promoter, { name: tt.name, default: tt.default, kids: tt.kids, age_from: tt.age_from, age_to: tt.age_to });
    }
    expect((await post(`/api/events/${copy}/copy-prices`, promoter, { source_event_id: source })).statusCode).toBe(200);
  });

  // The source's live corporate tickets by their labels on the map and their ticket type's name.
  const placesSql = `SELECT o.title, sec.name AS section, ms.row_label AS row, ms.seat_label AS seat, tt.name AS ticket_type
      FROM order_items i JOIN orders o ON o.id = i.order_id JOIN map_sections sec ON sec.id = i.section_id
      LEFT JOIN map_seats ms ON ms.id = i.seat_id LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
     WHERE o.event_id = $1 AND o.type = 'corporate' AND o.parent_id IS NULL AND o.status IN ('new', 'pending', 'completed')
       AND i.type = 'ticket' AND i.valid
     ORDER BY 1, 2, 3, 4, 5`;
  type Place = { title: string; section: string; row: string | null; seat: string | null; ticket_type: string };
  const places = async (eventId: number) => (await t.db.query<Place>(placesSql, [eventId])).rows;
  const copyBody = (from: number, to: number) => ({ copy: [{ source_event_id: from, destination_event_id: to, reservations: [{ type: 'corporate' }] }] });

  it('when corporate reservations are copied, then each becomes an unpaid corporate order on the copy holding the same seats, and a seat already taken there is reported, not sold twice', async () => {
    const wanted = await places(source);
    const orders = (await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE event_id = $1 AND type = 'corporate' AND parent_id IS NULL AND status IN ('new', 'pending', 'completed')`, [source])).rows[0].n;
    expect(wanted.length).toBeGreaterThan(1);
    expect(wanted.some((p) => p.seat === null)).toBe(true);
    // Someone took one of those seats on the copy first (a guest reservation): a seat of a reservation with others.
    const { rows: [first] } = await t.db.query<{ order_id: number; section: string; row: string; seat: string }>(
      `SELECT i.order_id, sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections sec ON sec.id = i.section_id
        WHERE o.event_id = $1 AND o.type = 'corporate' AND i.valid AND i.type = 'ticket'
          AND (SELECT count(*) FROM order_items x WHERE x.order_id = o.id AND x.valid AND x.type = 'ticket') > 1
        ORDER BY i.id LIMIT 1`, [source]);
    const taken = wanted.find((p) => p.section === first.section && p.row === first.row && p.seat === first.seat)!;
    const { rows: [seat] } = await t.db.query<{ id: number; section_id: number }>(
      `SELECT s.id, s.section_id FROM map_seats s JOIN map_sections sec ON sec.id = s.section_id JOIN events e ON e.map_id = s.map_id
        WHERE e.id = $1 AND sec.name = $2 AND s.row_label = $3 AND s.seat_label = $4`, [copy, taken.section, taken.row, taken.seat]);
    const { rows: [guest] } = await t.db.query<{ id: number }>(
      `INSERT INTO orders (event_id, promoter_id, type, title) SELECT id, promoter_id, 'guest', 'Early guest' FROM events WHERE id = $1 RETURNING id`, [copy]);
    await t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT $1, id, promoter_id, 'ticket', 'guest', $2, $3, 0, 0, 6 FROM events WHERE id = $4`, [guest.id, seat.section_id, seat.id, copy]);

    const res = await post('/api/copy', promoter, copyBody(source, copy));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ copied: [{
      source_event_id: source, destination_event_id: copy, reservations: orders, seats: wanted.length - 1, already_copied: 0,
      conflicts: [{ reservation_id: Number(first.order_id), reservation: taken.title, section: taken.section, row: taken.row, seat: taken.seat, reason: 'taken' }],
    }] });

    // The copy holds the same places with the same-named ticket types, in unpaid corporate orders at the copy's prices.
    expect(await places(copy)).toEqual(wanted.filter((p) => p !== taken));
    const { rows: [state] } = await t.db.query<Record<string, number>>(
      `SELECT count(DISTINCT o.id)::int AS orders,
              count(*) FILTER (WHERE o.status <> 'new' OR i.payment_id IS NOT NULL OR i.sold_at IS NOT NULL OR i.channel <> 'corporate')::int AS not_held,
              count(*) FILTER (WHERE i.ticket_type_id NOT IN (SELECT id FROM ticket_types WHERE event_id = $1))::int AS foreign_types,
              (SELECT count(*) FROM payments p JOIN orders po ON po.id = p.order_id WHERE po.event_id = $1)::int AS payments
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.event_id = $1 AND o.type = 'corporate'`, [copy]);
    expect(state).toEqual({ orders, not_held: 0, foreign_types: 0, payments: 0 });
    const { rows: [prices] } = await t.db.query<{ differ: number }>(
      `SELECT count(*)::int AS differ FROM order_items i
         JOIN order_items si ON si.event_id = $2 AND si.seat_id = i.seat_id AND si.valid AND si.channel = 'corporate'
         JOIN ticket_types tt ON tt.id = i.ticket_type_id JOIN ticket_types st ON st.id = si.ticket_type_id
        WHERE i.event_id = $1 AND i.channel = 'corporate' AND (lower(tt.name) <> lower(st.name) OR i.price_ore <> i.original_price_ore)`, [copy, source]);
    expect(prices.differ).toBe(0);
    // The taken seat still has one valid ticket: the guest's.
    const { rows: holders } = await t.db.query<{ order_id: number }>('SELECT order_id FROM order_items WHERE event_id = $1 AND seat_id = $2 AND valid', [copy, seat.id]);
    expect(holders.map((h) => Number(h.order_id))).toEqual([Number(guest.id)]);
  });

  it('when the step is run again, then nothing is copied twice: the reservations count as already copied', async () => {
    const before = await places(copy);
    const orders = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE event_id = $1 AND type = 'corporate'`, [copy])).rows[0].n;
    const res = (await post('/api/copy', promoter, copyBody(source, copy))).json().copied[0];
    expect(res).toEqual({ source_event_id: source, destination_event_id: copy, reservations: 0, seats: 0, already_copied: orders, conflicts: [] });
    expect(await places(copy)).toEqual(before);
  });

  it('when the copy has fewer general-admission places left than a reservation holds, then the rest are reported', async () => {
    const fresh = (await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(95)} 20:00` })).json().id;
    for (const tt of (await get(`/api/events/${source}/ticket-types`, promoter)).json().collection) {
      await post(`/api/events/${fresh}/ticket-types`, promoter, { name: tt.name, default: tt.default, kids: tt.kids, age_from: tt.age_from, age_to: tt.age_to });
    }
    await post(`/api/events/${fresh}/copy-prices`, promoter, { source_event_id: source });
    const ga = (await places(source)).filter((p) => p.seat === null);
    // One place less than the source's reservations hold in the first GA section.
    const section = ga[0].section;
    const inSection = ga.filter((p) => p.section === section).length;
    await t.db.query(
      `UPDATE event_sections es SET seats_count = $3 FROM map_sections s WHERE s.id = es.section_id AND es.event_id = $1 AND s.name = $2`,
      [fresh, section, inSection - 1]);
    const res = (await post('/api/copy', promoter, copyBody(source, fresh))).json().copied[0];
    expect(res.conflicts).toEqual([expect.objectContaining({ section, row: null, seat: null, reason: 'no_free_place' })]);
    const held = (await places(fresh)).filter((p) => p.section === section).length;
    expect(held).toBe(inSection - 1);
  });

  it('when a counter\'s running lease keeps a seat on the copy or in its season family, or the family holds it, then the seat is reported, not copied', async () => {
    // The copy is an included event of a season; the source is a plain event on the same map, with one corporate
    // reservation of four seats: one the copy's own counter leases, one the season's counter leases, one the season
    // holds (a guest reservation), one free.
    const season = await eventId(t, 'Göta Lejon Season 2027');
    const child = await eventId(t, 'Les Misérables (premiere)');
    const src = (await post('/api/events/duplicate', promoter, { id: child, startDate: `${day(100)} 19:00` })).json().id;
    // Priced as the copy is: a ticket comes only onto a priced seat (298_taken_seat_for_sale.sql).
    for (const tt of (await get(`/api/events/${child}/ticket-types`, promoter)).json().collection) {
      await post(`/api/events/${src}/ticket-types`, promoter, { name: tt.name, default: tt.default, kids: tt.kids, age_from: tt.age_from, age_to: tt.age_to });
    }
    expect((await post(`/api/events/${src}/copy-prices`, promoter, { source_event_id: child })).statusCode).toBe(200);
    const [ownLeased, seasonLeased, held, free, open] = await freeSeatsInSeasonFamily(t, season, 5, 0, 'front');
    const label = (x: FreeSeat) => ({ section: x.section, row: x.row, seat: x.seat });
    const box = await t.tokenFor('boxoffice');
    const boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
    for (const [event, x] of [[child, ownLeased], [season, seasonLeased]] as const) {
      const counter = await post('/api/reservations', promoter, { event, type: 'boxoffice', owner: boxUser, validity_date: '2099-12-31 23:00:00', description: '{"extra_fee": 0}' });
      expect(counter.statusCode, counter.body).toBe(201);
      const lease = await t.call({ method: 'POST', url: `/api/boxoffice/reservations/${counter.json().id}/leases`, token: box,
        payload: { ends_at: new Date(Date.now() + 7_200_000).toISOString(), seats: [label(x!)] } });
      expect(lease.statusCode, lease.body).toBe(201);
    }
    const guest = await post('/api/reservations', promoter, { event: season, title: 'Season guest', type: 'guest', reserved_until: '2099-12-31 23:00:00' });
    const heldRes = await t.call({ method: 'PUT', url: `/api/reservations/${guest.json().id}`, token: promoter, payload: { tickets: [{ ...label(held!), event: season }] } });
    expect(heldRes.statusCode, heldRes.body).toBe(200);
    const { rows: [order] } = await t.db.query<{ id: number }>(
      `INSERT INTO orders (event_id, promoter_id, type, title) SELECT id, promoter_id, 'corporate', 'Season sponsor' FROM events WHERE id = $1 RETURNING id`, [src]);
    await t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT $1, e.id, e.promoter_id, 'ticket', 'corporate', ms.section_id, ms.id, 10000, 10000, 6
         FROM events e JOIN map_sections sec ON sec.map_id = e.map_id JOIN map_seats ms ON ms.section_id = sec.id
         JOIN unnest($3::text[], $4::text[], $5::text[]) AS x(section, row, seat) ON sec.name = x.section AND ms.row_label = x.row AND ms.seat_label = x.seat
        WHERE e.id = $2`,
      [order.id, src, ...(['section', 'row', 'seat'] as const).map((k) => [ownLeased, seasonLeased, held, free].map((x) => x![k]))]);

    const res = await post('/api/copy', promoter, copyBody(src, child));
    expect(res.statusCode, res.body).toBe(200);
    const conflict = (x: FreeSeat, reason: string) => ({ reservation_id: Number(order.id), reservation: 'Season sponsor', ...label(x), reason });
    const copied = res.json().copied[0];
    expect(copied).toMatchObject({ reservations: 1, seats: 1 });
    expect(copied.conflicts).toEqual(expect.arrayContaining([conflict(ownLeased!, 'leased'), conflict(seasonLeased!, 'leased'), conflict(held!, 'taken')]));
    expect(copied.conflicts).toHaveLength(3);
    const onChild = await t.db.query<{ seat_index: number }>(
      `SELECT ms.seat_index FROM order_items i JOIN orders o ON o.id = i.order_id JOIN map_seats ms ON ms.id = i.seat_id
        WHERE i.event_id = $1 AND o.copied_from_id = $2 AND i.valid`, [child, order.id]);
    expect(onChild.rows.map((r) => Number(r.seat_index))).toEqual([free!.index]);

    // Hidden seats copied onto the child leave what the child keeps open: its lease's seat, the season's lease's and
    // the season's held seat (and the seat now copied there); a seat the child does not keep is hidden.
    const seatIdOf = async (x: FreeSeat) => Number((await t.db.query<{ id: number }>(
      `SELECT ms.id FROM map_seats ms JOIN map_sections sec ON sec.id = ms.section_id JOIN events e ON e.map_id = sec.map_id
        WHERE e.id = $1 AND sec.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [src, x.section, x.row, x.seat])).rows[0]!.id);
    const all = [ownLeased!, seasonLeased!, held!, free!, open!];
    // The source's reservation gives its seats up first: a seat with a ticket is not hidden (298_taken_seat_for_sale.sql).
    await t.db.query('UPDATE order_items SET valid = false WHERE order_id = $1', [order.id]);
    for (const x of all) await t.db.query('INSERT INTO event_seats (event_id, seat_id, hidden) VALUES ($1, $2, true) ON CONFLICT (event_id, seat_id) DO UPDATE SET hidden = true', [src, await seatIdOf(x)]);
    const hide = await post(`/api/events/${child}/copy-hidden-seats`, promoter, { source_event_id: src });
    expect(hide.statusCode, hide.body).toBe(200);
    const hiddenOnChild = async (x: FreeSeat) => (await t.db.query<{ hidden: boolean }>(
      'SELECT coalesce(hidden, false) AS hidden FROM event_seats WHERE event_id = $1 AND seat_id = $2', [child, await seatIdOf(x)])).rows[0]?.hidden ?? false;
    expect(await Promise.all(all.map(hiddenOnChild))).toEqual([false, false, false, false, true]);
    await t.db.query('UPDATE event_seats SET hidden = false WHERE event_id = $1 AND seat_id = ANY($2::bigint[])', [child, await Promise.all(all.map(seatIdOf))]);
  });

  it('when an admin deletes the draft copy, then its copied (unpaid) reservations go with it and the source keeps its own', async () => {
    const count = async (id: number) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE event_id = $1', [id])).rows[0].n;
    const sourceOrders = await count(source);
    expect(await count(copy)).toBeGreaterThan(0);
    const res = await t.call({ method: 'DELETE', url: `/api/events/${copy}`, token: await t.tokenFor('admin') });
    expect(res.json()).toEqual({ message: 'Event deleted' });
    expect(await count(copy)).toBe(0);
    expect(await count(source)).toBe(sourceOrders);
  });

  it('when the copy lacks the ticket types, then each place is reported and nothing is created; other promoters and mixed promoters are refused', async () => {
    const bare = (await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(120)} 19:00` })).json().id;
    const res = (await post('/api/copy', promoter, copyBody(source, bare))).json().copied[0];
    expect(res).toMatchObject({ reservations: 0, seats: 0 });
    expect(res.conflicts.length).toBe((await places(source)).length);
    expect(new Set(res.conflicts.map((c: { reason: string }) => c.reason))).toEqual(new Set(['ticket_type_missing']));
    expect((await t.db.query('SELECT 1 FROM orders WHERE event_id = $1', [bare])).rows).toHaveLength(0);

    expect((await post('/api/copy', promoter2, copyBody(source, copy))).statusCode).toBe(404);
    expect((await post('/api/copy', promoter2, { copy: [{ source_event_id: source, destination_event_id: copy, reservations: [] }] })).statusCode).toBe(404);
    const foreign = await eventId(t, 'Hockey Final, game 1');
    const mixed = await post('/api/copy', await t.tokenFor('admin'), copyBody(source, foreign));
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.code).toBe('different_promoters');
  });

});

describe('scanner users after publishing', () => {
  it('when a promoter lists scanners, then only their own; promoters may not list promoters, admins may', async () => {
    const mine = (await get('/api/users?type=scanner&promoter_id=999', promoter)).json();
    expect(mine.collection.map((u: { email: string }) => u.email)).toEqual(['scanner@demo.test']);
    expect((await get('/api/users?type=promoter', promoter)).statusCode).toBe(403);
    const promoters = (await get('/api/users?type=promoter', await t.tokenFor('admin'))).json();
    expect(promoters.collection.map((u: { promoter: { name: string } }) => u.promoter.name).sort()).toEqual(['Arena Sport Events AB', 'Nordic Live AB', 'Scandinavian Stage AB']);
  });

  it('when events are connected to a scanner, then they are listed, repeats are harmless and other promoters\' events are refused', async () => {
    const scanner = (await get('/api/users?type=scanner', promoter)).json().collection[0].id;
    // A published event is connected to the promoter's scanners (000 §4); its copy is a new draft, connected to none
    // until it is published (000 §2, the copy wizard copies no scanners).
    const source = await eventId(t, 'Nordic Lights Live');
    const id = (await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(120)} 20:00` })).json().id;
    const before = (await get(`/api/users/${scanner}/events`, promoter)).json();
    expect(before.collection).toContainEqual(expect.objectContaining({ id: source, name: 'Nordic Lights Live' }));
    expect(before.collection.map((e: { id: number }) => e.id)).not.toContain(id);
    await post(`/api/users/${scanner}/events`, promoter, { events: [id] });
    const after = (await post(`/api/users/${scanner}/events`, promoter, { events: [id] })).json();
    expect(after.count).toBe(before.count + 1);
    expect(after.collection).toContainEqual(expect.objectContaining({ id, name: 'Nordic Lights Live' }));
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

describe('copy hidden seats onto an event with sales', () => {
  it('when a section closed by "Hide all" around its sold seats is copied, then the copy\'s section is closed around its own taken seats, and its open maps reload', async () => {
    // A copy of its own (a guest holds a seat on it): the flows above count what their copy holds.
    // An arena event with sales and corporate reservations on seats (Les Misérables, above, has none of the latter).
    const source = await eventId(t, 'Spring Tour 2026');
    const copy = (await post('/api/events/duplicate', promoter, { id: source, startDate: `${day(120)} 19:00` })).json().id as number;
    for (const tt of (await get(`/api/events/${source}/ticket-types`, promoter)).json().collection) {
      await post(`/api/events/${copy}/ticket-types`, promoter, { name: tt.name, default: tt.default, kids: tt.kids, age_from: tt.age_from, age_to: tt.age_to });
    }
    expect((await post(`/api/events/${copy}/copy-prices`, promoter, { source_event_id: source })).statusCode).toBe(200);
    // A section where the source has a corporate reservation's seats (they are copied in step 4, below).
    const { rows: [busy] } = await t.db.query<{ section: string; section_id: number }>(
      `SELECT s.name AS section, s.id::int AS section_id FROM order_items i JOIN orders o ON o.id = i.order_id
         JOIN map_sections s ON s.id = i.section_id
        WHERE o.event_id = $1 AND o.type = 'corporate' AND i.valid AND i.type = 'ticket' AND i.seat_id IS NOT NULL
        ORDER BY i.id LIMIT 1`, [source]);
    const closedOnSource = await post(`/api/events/${source}/hide-seats`, promoter, { action: 'hide', section: busy.section });
    expect(closedOnSource.json().kept).toBeGreaterThan(0);
    // One seat of that section held on the copy: free (so hidden) on the source.
    const { rows: [seat] } = await t.db.query<{ row: string; seat: string }>(
      `SELECT ms.row_label AS row, ms.seat_label AS seat FROM map_seats ms
        WHERE ms.section_id = $2 AND NOT EXISTS (SELECT 1 FROM event_taken_seats x WHERE x.event_id = $1 AND x.seat_id = ms.id)
          AND NOT EXISTS (SELECT 1 FROM event_seats st WHERE st.event_id = $1 AND st.seat_id = ms.id AND st.hidden)
          AND NOT EXISTS (SELECT 1 FROM event_taken_seats x WHERE x.event_id = $3 AND x.seat_id = ms.id)
        ORDER BY ms.id LIMIT 1`, [copy, busy.section_id, source]);
    const guest = (await post('/api/reservations', promoter, { event: copy, title: 'Copy guests', type: 'guest', reserved_until: '2099-12-31 23:00:00' })).json().id;
    const held = await t.call({ method: 'PUT', url: `/api/reservations/${guest}`, token: promoter, payload: { tickets: [{ section: busy.section, row: seat.row, seat: seat.seat, event: copy }] } });
    expect(held.statusCode, held.body).toBe(200);
    const version = async () => (await t.db.query<{ v: number }>('SELECT coalesce(max(layout_version), 0)::int AS v FROM event_seat_versions WHERE event_id = $1', [copy])).rows[0]?.v ?? 0;
    const before = await version();

    const res = await post(`/api/events/${copy}/copy-hidden-seats`, promoter, { source_event_id: source });
    expect(res.json().sections).toBe(1);
    const section = (await get(`/api/events/${copy}/sections`, promoter)).json().sections.find((x: { name: string }) => x.name === busy.section);
    const taken = section.stats.seats.taken as number;
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(section.stats.seats).toMatchObject({ count: taken, hidden: section.places - taken });
    const { rows: open } = await t.db.query<{ hidden: boolean | null }>(
      `SELECT st.hidden FROM map_seats ms LEFT JOIN event_seats st ON st.event_id = $1 AND st.seat_id = ms.id
        WHERE ms.section_id = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [copy, busy.section_id, seat.row, seat.seat]);
    expect(open[0].hidden ?? false).toBe(false);
    expect(await version()).toBeGreaterThan(before);

    // Step 4: the corporate seats of that section are hidden on the copy: reported, not written (the database would
    // refuse a ticket on a hidden seat), and the rest of the step goes on.
    const copied = await post('/api/copy', promoter, { copy: [{ source_event_id: source, destination_event_id: copy, reservations: [{ type: 'corporate' }] }] });
    expect(copied.statusCode, copied.body).toBe(200);
    const conflicts = copied.json().copied[0].conflicts as { section: string; reason: string }[];
    expect(conflicts.filter((c) => c.reason === 'hidden').length).toBeGreaterThan(0);
    expect(conflicts.filter((c) => c.reason === 'hidden').every((c) => c.section === busy.section)).toBe(true);
    await post(`/api/events/${source}/hide-seats`, promoter, { action: 'unhide', section: busy.section });
  });

});
