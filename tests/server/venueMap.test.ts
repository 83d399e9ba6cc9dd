import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';
import { sectionEditsComment } from '../../workers/venue-map/sectionEdits';
import { createTestApp, type TestApp } from './setup/testApp';
import { freePricedSeats, eventId as seededEventId } from './support/eventFixtures';

let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
});
afterAll(() => t.close());

const eventId = (name: string) => seededEventId(t, name);

describe('GET api/events/{id}/sections', () => {
  it('when a promoter opens their fully priced stadium event, then every seat has a default price and the stats add up', async () => {
    const id = await eventId('Midsummer Stadium Night');
    const res = await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.event).toMatchObject({ id, name: 'Midsummer Stadium Night', status: 'active' });
    expect(body.seat_count).toBeGreaterThanOrEqual(100_000);
    const seated = body.sections.filter((s: { general_admission: boolean }) => !s.general_admission);
    const seatedCount = seated.reduce((n: number, s: { places: number }) => n + s.places, 0);
    expect(seatedCount).toBe(body.seat_count);
    expect(body.stats.all.seats.has_default_price).toBe(body.stats.all.seats.count);
    // Independently: count in SQL the seats whose section's set includes the default ticket type.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM map_seats ms
         JOIN event_sections es ON es.section_id = ms.section_id AND es.event_id = $1
         JOIN price_set_items i ON i.price_set_id = es.price_set_id
         JOIN ticket_types tt ON tt.id = i.ticket_type_id AND tt.is_default
        WHERE ms.map_id = (SELECT map_id FROM events WHERE id = $1)`, [id]);
    const ga = body.sections.filter((s: { general_admission: boolean }) => s.general_admission).reduce((n: number, s: { seats_count: number }) => n + s.seats_count, 0);
    expect(body.stats.all.seats.count).toBe(rows[0].n + ga);
  });

  it('when the map of a 100k-seat event is loaded, then the answer stays within the wire budget', async () => {
    const id = await eventId('Midsummer Stadium Night');
    const res = await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter, headers: { 'accept-encoding': 'identity' } });
    expect(res.rawPayload.byteLength).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('when a draft is part-priced, then fewer seats are priced than exist and section states differ', async () => {
    const id = await eventId('Winter Gala');
    const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    expect(body.stats.all.seats.priced).toBeGreaterThan(0);
    expect(body.stats.all.seats.priced).toBeLessThan(body.stats.all.seats.count + 1);
    const unpriced = body.sections.filter((s: { price_set: number | null; general_admission: boolean }) => s.price_set === null && !s.general_admission);
    expect(unpriced.length).toBeGreaterThan(0);
    expect(body.price_sets.length).toBe(4);
    expect(Object.keys(body.price_sets[0].prices).sort()).toEqual(['Kids', 'Standard', 'Student']);
  });

  it('when seats are priced apart and hidden, then they come as overrides and the stats follow', async () => {
    const id = await eventId('Jazz at the Lion');
    const seats = await t.db.query<{ id: number }>(`SELECT ms.id FROM map_seats ms JOIN events e ON e.map_id = ms.map_id WHERE e.id = $1 ORDER BY ms.seat_index LIMIT 3`, [id]);
    const set = await t.db.query<{ id: number }>(`INSERT INTO price_sets (event_id, key) VALUES ($1, 'test') RETURNING id`, [id]);
    const tt = await t.db.query<{ id: number }>(`SELECT id FROM ticket_types WHERE event_id = $1 AND is_default`, [id]);
    await t.db.query(`INSERT INTO price_set_items VALUES ($1, $2, 45000)`, [set.rows[0].id, tt.rows[0].id]);
    await t.db.query(`INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id) VALUES ($1, $2, true, $3), ($1, $4, true, $3)`, [id, seats.rows[0].id, set.rows[0].id, seats.rows[1].id]);
    await t.db.query(`INSERT INTO event_seats (event_id, seat_id, hidden) VALUES ($1, $2, true)`, [id, seats.rows[2].id]);
    const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    expect(body.overrides.seat_index).toEqual([0, 1, 2]);
    expect(body.overrides.hidden).toEqual([false, false, true]);
    expect(body.stats.all.seats).toMatchObject({ priced: 2, has_default_price: 2, hidden: 1, sum_default_original_price: 900 });
    expect(body.price_sets[body.overrides.price_set[0]].prices).toEqual({ Standard: 450 });
  });

  it('when a promoter asks for another promoter\'s event, then 404 as if it did not exist', async () => {
    const id = await eventId('Derby: AIK – Hammarby');
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter2 })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: admin })).statusCode).toBe(200);
  });

  it('when a corporate user asks for a map, then 403', async () => {
    const id = await eventId('Winter Gala');
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: await t.tokenFor('corporate') })).statusCode).toBe(403);
  });

  it('when the event does not exist, then 404', async () => {
    expect((await t.call({ method: 'GET', url: '/api/events/999999/sections', token: admin })).statusCode).toBe(404);
  });
});

describe('the map SVG', () => {
  it('when fetched, then it is text the importer reads into the same seat order as the database', async () => {
    const id = await eventId('Nordic Lights Live');
    const sections = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    const res = await t.call({ method: 'GET', url: sections.svg, token: promoter });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toContain('immutable');
    const { model } = parseVenueSvg(res.body);
    expect(model.seatCount).toBe(sections.seat_count);
    const { rows } = await t.db.query<{ seat_index: number; section: string; row_label: string; seat_label: string }>(
      `SELECT ms.seat_index, s.name AS section, ms.row_label, ms.seat_label FROM map_seats ms JOIN map_sections s ON s.id = ms.section_id
        WHERE ms.map_id = $1 AND ms.seat_index % 997 = 0 ORDER BY ms.seat_index`, [sections.id]);
    for (const r of rows) {
      const row = model.seatRow[r.seat_index];
      expect([model.strings[model.sectionName[model.rowSection[row]]], model.strings[model.rowLabel[row]], model.strings[model.seatLabel[r.seat_index]]])
        .toEqual([r.section, r.row_label, r.seat_label]);
    }
    const again = await t.call({ method: 'GET', url: sections.svg, token: promoter, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the map SVG\'s version (a browser\'s copy and its stored model never outlive the file)', () => {
  it('when a map\'s file changes (a section renamed), then its URL and ETag change and the old URL leads to the new file', async () => {
    const id = await eventId('Nordic Lights Live');
    const before = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    expect(before.svg).toMatch(new RegExp(`^/api/venue-maps/${before.id}/svg\\?v=[\\w-]+$`));
    const first = await t.call({ method: 'GET', url: before.svg, token: promoter });
    expect(first.statusCode).toBe(200);
    const section = parseVenueSvg(first.body).report.sections[0]!.name;
    // The same version again: unchanged.
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json().svg).toBe(before.svg);

    // The stored file changed where it is (the same map id), its first section renamed.
    await t.db.query('UPDATE venue_maps SET svg = svg || $2 WHERE id = $1', [before.id, sectionEditsComment([{ section, name: 'Renamed in place' }])]);
    const after = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    expect(after.svg).not.toBe(before.svg);
    const redirect = await t.call({ method: 'GET', url: `/api/events/${id}/svg`, token: promoter });
    expect(redirect.headers.location).toBe(after.svg);
    // The old versioned URL (what a browser may hold) is not answered with the new file: it is sent to the new URL.
    const old = await t.call({ method: 'GET', url: before.svg, token: promoter });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(after.svg);
    expect(old.headers['cache-control']).toContain('no-cache');
    const fresh = await t.call({ method: 'GET', url: after.svg, token: promoter, headers: { 'if-none-match': first.headers.etag as string } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    const names = parseVenueSvg(fresh.body).report.sections.map((s) => s.name);
    expect(names).toContain('Renamed in place');
    expect(names).not.toContain(section);
    await t.db.query('UPDATE venue_maps SET svg = $2 WHERE id = $1', [before.id, first.body]);
  });

  it('when the browser accepts Brotli or gzip, then the stored text comes precompressed, byte for byte the same', async () => {
    const id = await eventId('Nordic Lights Live');
    const { svg } = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    const plain = await t.call({ method: 'GET', url: svg, token: promoter, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.call({ method: 'GET', url: svg, token: promoter, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await t.call({ method: 'GET', url: svg, token: promoter, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // The map's URL without a version is answered too, but revalidated every time.
    const bare = await t.call({ method: 'GET', url: svg.replace(/\?.*$/, ''), token: promoter });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toContain('no-cache');
    expect(bare.body).toBe(plain.body);
  });
});

describe('GET api/events/{id}/svg', () => {
  it('when asked by event, then it redirects to the map the sections name, for the event\'s promoter only', async () => {
    const id = await eventId('Midsummer Stadium Night');
    const sections = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    const res = await t.call({ method: 'GET', url: `/api/events/${id}/svg`, token: promoter });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(sections.svg);
    expect(res.headers['cache-control']).toContain('no-cache');
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/svg`, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/svg`, token: await t.tokenFor('corporate') })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/events/999999/svg', token: admin })).statusCode).toBe(404);
  });
});

describe('GET api/events/{id}/sections/{section}', () => {
  it('when a section is asked for by name, then its rows, seats and prices come back', async () => {
    const id = await eventId('Nordic Lights Live');
    const map = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    const seated = map.sections.find((s: { general_admission: boolean }) => !s.general_admission);
    const res = await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(seated.name)}`, token: promoter });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const seats = body.rows.flatMap((r: { seats: unknown[] }) => r.seats);
    expect(seats.length).toBe(seated.places);
    expect(seats[0].prices.find((p: { ticket_type: { default: boolean } }) => p.ticket_type.default).original_price).toBe(map.price_sets[seated.price_set].prices.Standard);
  });

  it('when a section is read, then it has 001 §3\'s shapes: prices[].id, selling, stats.all.seats and default_actual_prices, checked against SQL', async () => {
    const id = await eventId('Nordic Lights Live');
    const map = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    const seated = map.sections.find((s: { general_admission: boolean }) => !s.general_admission);
    const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(seated.name)}`, token: promoter })).json();
    type Seat = { id: number; reserved: boolean; hidden: boolean; selling: boolean; seasonal_child: boolean; prices: { id: number; ticket_type: { name: string; default: boolean }; actual_price: number }[] };
    const seats: Seat[] = body.rows.flatMap((r: { seats: Seat[] }) => r.seats);
    const types = new Map((await t.db.query<{ id: number; name: string }>('SELECT id, name FROM ticket_types WHERE event_id = $1', [id])).rows.map((r) => [r.name, Number(r.id)]));
    for (const p of seats.flatMap((s) => s.prices)) expect(p.id).toBe(types.get(p.ticket_type.name));
    // An active event: a free, visible, priced seat is on sale; a taken one is not. No season: no seasonal_child.
    expect(seats.every((s) => s.selling === (!s.reserved && !s.hidden && s.prices.length > 0))).toBe(true);
    expect(seats.some((s) => s.selling)).toBe(true);
    expect(seats.some((s) => s.seasonal_child)).toBe(false);
    expect(body.stats.all.seats).toEqual(body.stats.seats);
    const { rows } = await t.db.query<{ price: number }>(
      `SELECT DISTINCT coalesce(psi2.price_ore, psi.price_ore) AS price
         FROM map_seats ms JOIN event_sections es ON es.section_id = ms.section_id AND es.event_id = $1
         LEFT JOIN event_seats ev ON ev.event_id = $1 AND ev.seat_id = ms.id
         JOIN ticket_types tt ON tt.event_id = $1 AND tt.is_default
         LEFT JOIN price_set_items psi ON psi.price_set_id = es.price_set_id AND psi.ticket_type_id = tt.id AND NOT coalesce(ev.price_overridden, false)
         LEFT JOIN price_set_items psi2 ON psi2.price_set_id = ev.price_set_id AND psi2.ticket_type_id = tt.id AND ev.price_overridden
        WHERE ms.section_id = $2 AND NOT es.hidden AND NOT coalesce(ev.hidden, false)
          AND coalesce(psi2.price_ore, psi.price_ore) IS NOT NULL ORDER BY 1`, [id, seated.id]);
    expect(body.stats.default_actual_prices).toEqual(rows.map((r) => Number(r.price) / 100));
    expect(body.stats.default_actual_prices.length).toBeGreaterThan(0);
  });

  it('when a seat is taken in a season, then in its included event the seat is a seasonal_child and not on sale', async () => {
    const season = await eventId('Göta Lejon Season 2027');
    const child = await eventId('Les Misérables (premiere)');
    // A seat free in the season and in the included event alike.
    const takenInChild = new Set((await t.db.query<{ key: string }>(
      `SELECT sec.name || '/' || ms.row_label || '/' || ms.seat_label AS key FROM event_taken_seats x
         JOIN map_seats ms ON ms.id = x.seat_id JOIN map_sections sec ON sec.id = ms.section_id WHERE x.event_id = $1`, [child])).rows.map((r) => r.key));
    const seat = (await freePricedSeats(t, season, 200, 0, 'sectionEnds')).find((s) => !takenInChild.has(`${s.section}/${s.row}/${s.seat}`))!;
    expect(seat).toBeDefined();
    const childSeat = async () => {
      const body = (await t.call({ method: 'GET', url: `/api/events/${child}/sections/${encodeURIComponent(seat.section)}`, token: promoter })).json();
      const seats: { name: string; row: string; seasonal_child: boolean; selling: boolean; reserved: boolean; can_reserve_user: boolean }[] = body.rows.flatMap((r: { seats: unknown[] }) => r.seats);
      return { seats, held: seats.find((s) => s.row === seat.row && s.name === seat.seat)! };
    };
    expect((await childSeat()).held).toMatchObject({ seasonal_child: false, selling: true, reserved: false, can_reserve_user: true });
    const reservation = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: season, title: 'Season holder', type: 'guest', reserved_until: '2099-12-31 23:00:00' } });
    expect(reservation.statusCode).toBe(201);
    const put = await t.call({ method: 'PUT', url: `/api/reservations/${reservation.json().id}`, token: promoter, payload: { tickets: [{ ...seat, event: season }] } });
    expect(put.statusCode).toBe(200);
    // The season's ticket holds the seat in every included event: not on sale there, not for a user to take.
    const { seats, held } = await childSeat();
    expect(held).toMatchObject({ seasonal_child: true, selling: false, can_reserve_user: false });
    expect(seats.filter((s) => s.seasonal_child)).toHaveLength(1);
    // The season itself: the seat is its own reservation, not a seasonal child.
    const own = (await t.call({ method: 'GET', url: `/api/events/${season}/sections/${encodeURIComponent(seat.section)}`, token: promoter })).json();
    const inSeason = own.rows.flatMap((r: { seats: { name: string; row: string }[] }) => r.seats).find((s: { name: string; row: string }) => s.row === seat.row && s.name === seat.seat);
    expect(inSeason).toMatchObject({ seasonal_child: false, reserved: true, selling: false });
  });

  it('when the section is unknown, then 404', async () => {
    const id = await eventId('Nordic Lights Live');
    expect((await t.call({ method: 'GET', url: `/api/events/${id}/sections/No%20such%20section`, token: promoter })).statusCode).toBe(404);
  });
});

describe('a seasonal event\'s map', () => {
  it('when an included event is not fully priced, then the season\'s map names it', async () => {
    const season = await eventId('Göta Lejon Season 2027');
    const first = (await t.call({ method: 'GET', url: `/api/events/${season}/sections`, token: promoter })).json();
    expect(first.unpriced_child_events).toEqual([]);
    const child = await eventId('Les Misérables');
    // One free seat released (a sold one keeps its price: 298_taken_seat_for_sale.sql).
    const { rowCount } = await t.db.query(
      `INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id)
       SELECT $1, ms.id, true, NULL FROM events e JOIN map_seats ms ON ms.map_id = e.map_id
        WHERE e.id = $1 AND ms.id NOT IN (SELECT seat_id FROM event_taken_seats WHERE event_id = $1)
          AND ms.id NOT IN (SELECT seat_id FROM event_seats WHERE event_id = $1)
        ORDER BY ms.id LIMIT 1`, [child]);
    expect(rowCount).toBe(1);
    const after = (await t.call({ method: 'GET', url: `/api/events/${season}/sections`, token: promoter })).json();
    expect(after.unpriced_child_events).toEqual([{ id: child, name: 'Les Misérables' }]);
  });
});

describe('taken seats and places', () => {
  const placesTaken = async (eventId: number) => (await t.db.query<{ section_id: number; n: number }>(
    `SELECT section_id, count(*)::int AS n FROM order_items
      WHERE event_id = $1 AND valid AND type = 'ticket' AND seat_id IS NULL GROUP BY section_id`, [eventId])).rows;

  it('when seats of an event are sold, then the map lists exactly those as taken', async () => {
    const { rows } = await t.db.query<{ event_id: number; n: number }>(
      `SELECT t.event_id, count(*)::int AS n FROM event_taken_seats t JOIN events e ON e.id = t.event_id
        WHERE e.promoter_id = (SELECT promoter_id FROM users WHERE email = 'promoter@demo.test')
        GROUP BY t.event_id ORDER BY n DESC LIMIT 1`);
    expect(rows[0]?.n ?? 0).toBeGreaterThan(0);
    const body = (await t.call({ method: 'GET', url: `/api/events/${rows[0].event_id}/sections`, token: promoter })).json();
    expect(body.taken.length).toBe(rows[0].n);
    const places = (await placesTaken(rows[0].event_id)).reduce((sum, r) => sum + r.n, 0);
    expect(body.stats.all.seats.taken).toBe(rows[0].n + places);
  });

  it('when standing places are sold, then their area counts them as sold or reserved, like the dashboard counts the tickets', async () => {
    const { rows } = await t.db.query<{ event_id: number }>(
      `SELECT i.event_id FROM order_items i JOIN events e ON e.id = i.event_id
        WHERE e.promoter_id = (SELECT promoter_id FROM users WHERE email = 'promoter@demo.test')
          AND i.valid AND i.type = 'ticket' AND i.seat_id IS NULL
        GROUP BY i.event_id ORDER BY count(*) DESC LIMIT 1`);
    expect(rows.length).toBe(1);
    const id = rows[0].event_id;
    const expected = await placesTaken(id);
    expect(expected.length).toBeGreaterThan(0);
    const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token: promoter })).json();
    for (const { section_id, n } of expected) {
      const area = body.sections.find((s: { id: number }) => s.id === Number(section_id));
      expect(area.general_admission).toBe(true);
      expect(area.stats.seats.taken).toBe(n);
    }
  });
});
