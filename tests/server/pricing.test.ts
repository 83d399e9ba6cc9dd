import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { asOldDatabase, eventId as seededEventId } from './support/eventFixtures';
import { heldOpen, someoneWaits } from './support/heldTransaction';
import { hideSeats } from '../../server/pricing/setPrices';

let t: TestApp;
let promoter: string;
beforeAll(async () => {
  t = await createTestApp();
  promoter = await t.tokenFor('promoter');
});
afterAll(() => t.close());

const eventId = (name: string) => seededEventId(t, name);
const sections = async (id: number, token = promoter) => (await t.call({ method: 'GET', url: `/api/events/${id}/sections`, token })).json();
const prices = (id: number, payload: object, token = promoter) => t.call({ method: 'POST', url: `/api/events/${id}/prices`, token, payload });
const hide = (id: number, payload: object, token = promoter) => t.call({ method: 'POST', url: `/api/events/${id}/hide-seats`, token, payload });

async function rowOf(id: number, section: string, row: string) {
  const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(section)}`, token: promoter })).json();
  return body.rows.find((r: { name: string }) => r.name === row).seats as { name: string; seat_index: number; prices: unknown[]; hidden: boolean }[];
}

describe('POST api/events/{id}/prices — seats', () => {
  it('when a row of an unpriced theatre is priced, then exactly those seats carry the prices', async () => {
    const id = await eventId('Jazz at the Lion');
    const row = await rowOf(id, 'Parkett', 'C');
    const res = await prices(id, { seats: row.map((s) => ({ section: 'Parkett', row: 'C', seat: s.name, prices: { Standard: 450, 'Student': 325.5 } })) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Prices saved', changed: row.length });
    const map = await sections(id);
    expect(map.stats.all.seats).toMatchObject({ priced: row.length, has_default_price: row.length, sum_default_original_price: 450 * row.length });
    expect(map.overrides.seat_index).toEqual(row.map((s) => s.seat_index));
    expect(map.price_sets[map.overrides.price_set[0]].prices).toEqual({ Standard: 450, Student: 325.5 });
    const { rows } = await t.db.query<{ price_ore: number }>(
      `SELECT i.price_ore FROM price_set_items i JOIN ticket_types tt ON tt.id = i.ticket_type_id WHERE tt.event_id = $1 AND tt.name = 'Student'`, [id]);
    expect(rows.map((r) => r.price_ore)).toContain(32550);
  });

  it('when the same prices are saved twice, then one price set serves both (no duplicates)', async () => {
    const id = await eventId('Jazz at the Lion');
    await prices(id, { seats: [{ section: 'Parkett', row: 'D', seat: '1', prices: { Standard: 450, Student: 325.5 } }] });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM price_sets WHERE event_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('when seats are released (empty prices), then they count as unpriced again', async () => {
    const id = await eventId('Jazz at the Lion');
    const before = (await sections(id)).stats.all.seats.priced;
    const res = await prices(id, { seats: [{ section: 'Parkett', row: 'C', seat: '1', prices: {} }] });
    expect(res.json().message).toBe('Prices released');
    expect((await sections(id)).stats.all.seats.priced).toBe(before - 1);
  });

  it('when a price names a ticket type the event does not have, then 422 with a message and nothing changes', async () => {
    const id = await eventId('Jazz at the Lion');
    const before = await sections(id);
    const res = await prices(id, { seats: [{ section: 'Parkett', row: 'E', seat: '2', prices: { VIP: 900 } }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('"VIP" is not a ticket type of this event.');
    expect((await sections(id)).stats).toEqual(before.stats);
  });

  it('when a seat does not exist, then the whole request is refused', async () => {
    const id = await eventId('Jazz at the Lion');
    const res = await prices(id, { seats: [{ section: 'Parkett', row: 'E', seat: '3', prices: { Standard: 100 } }, { section: 'Parkett', row: 'ZZ', seat: '99', prices: { Standard: 100 } }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('A seat does not exist on this map (first: Parkett, row ZZ, seat 99).');
    expect((await rowOf(id, 'Parkett', 'E')).find((s) => s.name === '3')!.prices).toEqual([]);
  });

  it('when a price has more than 2 decimals or is negative, then it is refused', async () => {
    const id = await eventId('Jazz at the Lion');
    expect((await prices(id, { seats: [{ section: 'Parkett', row: 'E', seat: '4', prices: { Standard: 10.555 } }] })).json().error.message).toMatch(/at most 2 decimals/);
    expect((await prices(id, { seats: [{ section: 'Parkett', row: 'E', seat: '4', prices: { Standard: -5 } }] })).statusCode).toBe(422);
  });

  it('when a seat\'s price is negative, then the error names that price alone, not the body\'s other shapes (section, standing area)', async () => {
    const id = await eventId('Jazz at the Lion');
    const res = await prices(id, { seats: [{ section: 'Parkett', row: 'E', seat: '4', prices: { Standard: -5 } }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ validation_errors: { 'seats.0.prices.Standard': ['must be >= 0'] } });
    // A section without its prices: what is missing, each once, without the schema's own wording of the union.
    const missing = (await prices(id, { section: 'Parkett' })).json().validation_errors;
    expect(missing.prices).toEqual(['Required']);
    expect(missing.body).toBeUndefined();
  });
});

describe('POST api/events/{id}/prices — a selection covering whole sections', () => {
  it('when every seat of a section is in the selection, then the section carries the price (one row, not a row a seat) and each seat has it', async () => {
    const id = await eventId('Summer Festival 2027');
    const seatsOf = async (section: string) => {
      const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(section)}`, token: promoter })).json();
      return (body.rows as { name: string; seats: { name: string }[] }[]).flatMap((r) => r.seats.map((s) => ({ section, row: r.name, seat: s.name })));
    };
    const whole = await seatsOf('Section 101');
    const one = (await seatsOf('Section 102'))[0]!;
    const selection = [...whole, one];
    const res = await prices(id, { seats: selection.map((s) => ({ ...s, prices: { Standard: 420 } })) });
    expect(res.json()).toEqual({ message: 'Prices saved', changed: selection.length });

    const map = await sections(id);
    const s101 = map.sections.find((s: { name: string }) => s.name === 'Section 101');
    expect(map.price_sets[s101.price_set].prices).toEqual({ Standard: 420 });
    expect(map.overrides.seat_index).toHaveLength(1);
    expect(map.stats.all.seats).toMatchObject({ priced: selection.length, has_default_price: selection.length });
    const stored = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_seats WHERE event_id = $1', [id]);
    expect(stored.rows[0].n).toBe(1);
    expect((await rowOf(id, 'Section 101', whole[0]!.row)).every((s) => s.prices.length > 0)).toBe(true);

    // Released the same way: every seat unpriced again, nothing left behind.
    const release = await prices(id, { seats: selection.map((s) => ({ ...s, prices: {} })) });
    expect(release.json()).toEqual({ message: 'Prices released', changed: selection.length });
    expect((await sections(id)).stats.all.seats.priced).toBe(0);
  });
});

describe('POST api/events/{id}/prices — sections', () => {
  it('when a whole section is priced, then every seat follows it and earlier single-seat prices give way', async () => {
    const id = await eventId('Jazz at the Lion');
    const res = await prices(id, { section: 'Parkett', prices: { Standard: 390, Kids: 150 } });
    expect(res.statusCode).toBe(200);
    const map = await sections(id);
    expect(map.sections[0].price_set).not.toBeNull();
    expect(map.stats.all.seats).toMatchObject({ count: 556, priced: 556, has_default_price: 556, sum_default_original_price: 390 * 556 });
    expect(map.overrides.seat_index).toEqual([]);
  });

  it('when a section of a published event would be released, then it is refused and nothing changes; after unpublishing it is released', async () => {
    const id = await eventId('Midsummer Stadium Night');
    const before = await sections(id);
    const target = before.sections.find((s: { name: string }) => s.name === 'Section 101');
    const refused = await prices(id, { section: 'Section 101', prices: {} });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/Unpublish the event first/);
    expect((await sections(id)).stats.all.seats.priced).toBe(before.stats.all.seats.priced);

    expect((await t.call({ method: 'PATCH', url: `/api/events/${id}`, token: promoter, payload: { status: 'draft' } })).statusCode).toBe(200);
    const res = await prices(id, { section: 'Section 101', prices: {} });
    expect(res.statusCode).toBe(200);
    const after = await sections(id);
    expect(after.sections.find((s: { name: string }) => s.name === 'Section 101').price_set).toBeNull();
    expect(after.stats.all.seats.priced).toBe(before.stats.all.seats.priced - target.places);
  });

  it('when an event copies its own prices, then it is refused and its prices stay', async () => {
    const id = await eventId('Jazz at the Lion');
    const before = (await sections(id)).stats.all.seats.priced;
    const res = await t.call({ method: 'POST', url: `/api/events/${id}/copy-prices`, token: promoter, payload: { source_event_id: id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('same_event');
    expect((await sections(id)).stats.all.seats.priced).toBe(before);
  });

  it('when a price is sent as null or true, then it is refused, not stored as 0 or 1 SEK', async () => {
    const id = await eventId('Jazz at the Lion');
    for (const value of [null, true, '450']) {
      const res = await prices(id, { section: 'Parkett', prices: { Standard: value } });
      expect(res.statusCode).toBe(422);
    }
  });

  it('when a seated section is sent with seats_count, then it is refused with a message', async () => {
    const id = await eventId('Jazz at the Lion');
    const res = await prices(id, { section: 'Parkett', seats_count: 10, prices: { Standard: 100 } });
    expect(res.json().error.message).toMatch(/is a seated section/);
  });

  it('when the section is unknown, then 422 says so', async () => {
    const id = await eventId('Jazz at the Lion');
    expect((await prices(id, { section: 'Balcony', prices: { Standard: 1 } })).json().error.message).toBe('The map has no section "Balcony".');
  });
});

describe('POST api/events/{id}/prices — general admission', () => {
  it('when a standing area is priced within its bounds, then its places go on sale; over capacity is refused; 0 releases', async () => {
    const id = await eventId('Winter Gala');
    const ga = (await t.call({ method: 'GET', url: `/api/events/${id}/pricable-ga-sections`, token: promoter })).json().collection;
    expect(ga.length).toBeGreaterThan(0);
    const area = ga[0];
    const over = await prices(id, { section: area.name, seats_count: area.places + 1, prices: { Standard: 300 } });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe(`Number of tickets should be less/eq ${area.places}.`);
    const ok = await prices(id, { section: area.name, seats_count: 1000, prices: { Standard: 300, Student: 250 } });
    expect(ok.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/events/${id}/pricable-ga-sections`, token: promoter })).json().collection[0];
    expect(after).toMatchObject({ seats_count: 1000, prices: { Standard: 300, Student: 250 } });
    await prices(id, { section: area.name, seats_count: 0, prices: {} });
    const released = (await t.call({ method: 'GET', url: `/api/events/${id}/pricable-ga-sections`, token: promoter })).json().collection[0];
    expect(released).toMatchObject({ seats_count: 0, prices: {} });
  });

  it('when a ticket type has a minimum, then fewer tickets are refused with "should be more/eq"', async () => {
    const id = await eventId('Winter Gala');
    await t.db.query(`UPDATE ticket_types SET min = 20 WHERE event_id = $1 AND name = 'Student'`, [id]);
    const area = (await t.call({ method: 'GET', url: `/api/events/${id}/pricable-ga-sections`, token: promoter })).json().collection[0];
    const res = await prices(id, { section: area.name, seats_count: 10, prices: { Standard: 300, Student: 200 } });
    expect(res.json().error.message).toBe('Number of tickets should be more/eq 20.');
  });
});

describe('POST api/events/{id}/hide-seats', () => {
  it('when seats are hidden and unhidden, then the stats follow; a whole section hides and unhides with its seats', async () => {
    const id = await eventId('Nordic Lights Live');
    const map = await sections(id);
    const section = map.sections.find((s: { general_admission: boolean }) => !s.general_admission);
    const detail = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(section.name)}`, token: promoter })).json();
    const row = detail.rows[0];
    const seats = row.seats.slice(0, 3).map((s: { name: string }) => ({ section: section.name, row: row.name, seat: s.name }));
    expect((await hide(id, { action: 'hide', seats })).json()).toEqual({ message: 'Seats hidden', changed: 3 });
    expect((await sections(id)).stats.all.seats.hidden).toBe(3);
    // Its sold or reserved seats stay open ("Hide all" leaves them as they are; the block below).
    expect((await hide(id, { action: 'hide', section: section.name })).json()).toMatchObject({ changed: section.places - section.stats.seats.taken });
    expect((await sections(id)).stats.all.seats.hidden).toBe(section.places - section.stats.seats.taken);
    await hide(id, { action: 'unhide', section: section.name });
    expect((await sections(id)).stats.all.seats.hidden).toBe(0);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_seats WHERE event_id = $1', [id]);
    expect(rows[0].n).toBe(0); // nothing left to say per seat: the rows are gone
  });
});

describe('POST api/events/{id}/prices and hide-seats — seats named twice, seats sold or reserved', () => {
  it('when one seat is named twice with two price lists, then 422 names it and nothing changes; twice with the same list, it is priced once', async () => {
    const id = await eventId('Jazz at the Lion');
    const before = await sections(id);
    const twice = await prices(id, { seats: [
      { section: 'Parkett', row: 'J', seat: '1', prices: { Standard: 600 } },
      { section: 'Parkett', row: 'J', seat: '2', prices: { Standard: 450 } },
      { section: 'Parkett', row: 'J', seat: '1', prices: { Standard: 700 } },
    ] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error).toEqual({ code: 'invalid_prices', message: 'Parkett, row J, seat 1 is listed twice with different prices: send each seat once.' });
    expect((await sections(id)).stats).toEqual(before.stats);
    const same = await prices(id, { seats: [1, 1].map(() => ({ section: 'Parkett', row: 'J', seat: '1', prices: { Standard: 600 } })) });
    expect(same.json()).toEqual({ message: 'Prices saved', changed: 1 });
  });

  it('when a sold or reserved seat is released or hidden on its own, then 422 names it and nothing changes; pricing and unhiding it stay possible', async () => {
    const id = await eventId('Nordic Lights Live');
    const { rows } = await t.db.query<{ section: string; row: string; seat: string; section_id: number }>(
      `SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat, s.id::int AS section_id
         FROM event_taken_seats x JOIN map_seats ms ON ms.id = x.seat_id JOIN map_sections s ON s.id = ms.section_id
        WHERE x.event_id = $1 ORDER BY s.position, ms.id LIMIT 2`, [id]);
    expect(rows).toHaveLength(2);
    const [taken, second] = rows.map((r) => ({ section: r.section, row: r.row, seat: r.seat }));
    const free = (await t.db.query<{ row: string; seat: string }>(
      `SELECT ms.row_label AS row, ms.seat_label AS seat FROM map_seats ms
        WHERE ms.section_id = $2 AND NOT EXISTS (SELECT 1 FROM event_taken_seats x WHERE x.event_id = $1 AND x.seat_id = ms.id) ORDER BY ms.id LIMIT 1`,
      [id, rows[0].section_id])).rows.map((r) => ({ section: taken.section, ...r }))[0];
    const where = `${taken.section}, row ${taken.row}, seat ${taken.seat}`;
    const before = await sections(id);

    const release = await prices(id, { seats: [{ ...taken, prices: {} }] });
    expect(release.statusCode).toBe(422);
    expect(release.json().error).toEqual({ code: 'seat_taken', message: `${where} is sold or reserved: it cannot be released. Move or refund its ticket first.` });
    const released = await prices(id, { seats: [{ ...free, prices: { Standard: 100 } }, { ...taken, prices: {} }, { ...second, prices: {} }] });
    expect(released.statusCode).toBe(422);
    expect(released.json().error.message).toBe(`2 of the seats are sold or reserved (first: ${where}): they cannot be released. Leave them out, or move or refund their tickets first.`);
    const hidden = await hide(id, { action: 'hide', seats: [free, taken] });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().error.message).toBe(`${where} is sold or reserved: it cannot be hidden. Move or refund its ticket first.`);
    expect((await sections(id)).stats).toEqual(before.stats);

    expect((await hide(id, { action: 'unhide', seats: [taken] })).statusCode).toBe(200);
    expect((await prices(id, { seats: [{ ...free, prices: { Standard: 100 } }, { ...taken, prices: { Standard: 100 } }] })).json()).toEqual({ message: 'Prices saved', changed: 2 });
  });
});

describe('who may price', () => {
  it('when another promoter prices the event, then 404; a corporate user 403', async () => {
    const id = await eventId('Jazz at the Lion');
    expect((await prices(id, { section: 'Parkett', prices: {} }, await t.tokenFor('promoter2'))).statusCode).toBe(404);
    expect((await prices(id, { section: 'Parkett', prices: {} }, await t.tokenFor('corporate'))).statusCode).toBe(403);
  });

  it('when the event has no ticket types, then "You need to add ticket types first."', async () => {
    const id = await eventId('Handball EM: Sweden – Denmark');
    await t.db.query('DELETE FROM ticket_types WHERE event_id = $1', [id]);
    const res = await prices(id, { section: 'Section 101', prices: { Adult: 100 } }, await t.tokenFor('promoter2'));
    expect(res.json().error.message).toBe('You need to add ticket types first.');
  });

  it('when two saves race on the same seats, then both finish and the seats end in one consistent state', async () => {
    const id = await eventId('Jazz at the Lion');
    const seats = (p: number) => ({ seats: [1, 2, 3, 4].map((n) => ({ section: 'Parkett', row: 'H', seat: String(n), prices: { Standard: p } })) });
    const [a, b] = await Promise.all([prices(id, seats(111)), prices(id, seats(222))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const row = await rowOf(id, 'Parkett', 'H');
    const first4 = row.filter((s) => ['1', '2', '3', '4'].includes(s.name)).map((s) => JSON.stringify(s.prices));
    expect(new Set(first4).size).toBe(1);
  });
});

describe('"Hide all" and "Release" on a section with sold or reserved seats (docs/places.md "Hidden and taken")', () => {
  interface Seat { section: string; row: string; seat: string }
  const later = '2099-12-31 23:00:00';
  /** A guest reservation of the event holding `n` free seats of its first seated section; answers the section and the seats. */
  async function reserveSeats(id: number, n: number): Promise<{ section: string; seats: Seat[] }> {
    const { rows } = await t.db.query<Seat>(
      `SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM events e JOIN map_sections s ON s.map_id = e.map_id AND NOT s.general_admission JOIN map_seats ms ON ms.section_id = s.id
        WHERE e.id = $1 AND s.position = (SELECT min(position) FROM map_sections WHERE map_id = e.map_id AND NOT general_admission)
          AND NOT EXISTS (SELECT 1 FROM event_taken_seats x WHERE x.event_id = $1 AND x.seat_id = ms.id)
        ORDER BY ms.id LIMIT $2`, [id, n]);
    const guest = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: id, title: `Guests ${Date.now()}`, type: 'guest', reserved_until: later } });
    expect(guest.statusCode, guest.body).toBe(201);
    const res = await t.call({ method: 'PUT', url: `/api/reservations/${guest.json().id}`, token: promoter, payload: { tickets: rows.map((r) => ({ ...r, event: id })) } });
    expect(res.statusCode, res.body).toBe(200);
    return { section: rows[0].section, seats: rows };
  }
  const sectionOf = async (id: number, name: string) => (await sections(id)).sections.find((s: { name: string }) => s.name === name);
  const detailOf = async (id: number, name: string) => (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(name)}`, token: promoter })).json()
    .rows.flatMap((r: { seats: { reserved: boolean; hidden: boolean; prices: unknown[] }[] }) => r.seats) as { reserved: boolean; hidden: boolean; prices: unknown[] }[];

  it('when a section with reserved seats is hidden whole, then its free seats close and the reserved ones stay open, counted once, as taken', async () => {
    const id = await eventId('Comedy Gala');
    const { section } = await reserveSeats(id, 3);
    const before = await sections(id);
    const s = before.sections.find((x: { name: string }) => x.name === section);
    expect(s.stats.seats.taken).toBe(3);

    const res = await hide(id, { action: 'hide', section });
    expect(res.json()).toEqual({ message: 'Seats hidden', changed: s.places - 3, kept: 3 });
    const after = await sections(id);
    const hidden = after.sections.find((x: { name: string }) => x.name === section);
    // The section offers its 3 reserved seats (taken) and nothing else; the venue's seats for sale drop by the seats closed.
    expect(hidden.stats.seats).toMatchObject({ count: 3, hidden: s.places - 3, taken: 3, priced: 3, has_default_price: 3 });
    expect(after.stats.all.seats).toMatchObject({ count: before.stats.all.seats.count - (s.places - 3), hidden: s.places - 3, taken: 3 });
    const seats = await detailOf(id, section);
    expect(seats.filter((x) => x.reserved).every((x) => !x.hidden)).toBe(true);
    expect(seats.filter((x) => !x.reserved).every((x) => x.hidden)).toBe(true);

    // Unhide all opens every seat again, and says how many it opened: those it had closed.
    expect((await hide(id, { action: 'unhide', section })).json()).toEqual({ message: 'Seats unhidden', changed: s.places - 3 });
    expect((await sectionOf(id, section)).stats.seats).toMatchObject({ count: s.places, hidden: 0, taken: 3 });
  });

  it('when such a section is released whole, then its free seats lose their prices and the reserved ones keep theirs; pricing it whole prices every seat', async () => {
    const id = await eventId('Comedy Gala');
    const { section } = await reserveSeats(id, 2);
    const s = await sectionOf(id, section);
    const taken = s.stats.seats.taken;
    const res = await prices(id, { section, prices: {} });
    expect(res.json()).toEqual({ message: 'Prices released', changed: s.places - taken, kept: taken });
    expect((await sectionOf(id, section)).stats.seats).toMatchObject({ count: s.places, priced: taken, has_default_price: taken, taken });
    const seats = await detailOf(id, section);
    expect(seats.filter((x) => x.reserved).every((x) => x.prices.length > 0)).toBe(true);
    expect(seats.filter((x) => !x.reserved).every((x) => x.prices.length === 0)).toBe(true);

    expect((await prices(id, { section, prices: { Standard: 300 } })).json()).toEqual({ message: 'Prices saved', changed: s.places });
    expect((await sectionOf(id, section)).stats.seats).toMatchObject({ count: s.places, priced: s.places, has_default_price: s.places });
  });

  it('when a ticket comes onto a hidden seat past the reserve\'s check (the race a hide won), then the database refuses it; the reserve says the seat is not for sale', async () => {
    const id = await eventId('Comedy Gala');
    const { section, seats } = await reserveSeats(id, 1);
    expect((await hide(id, { action: 'hide', section })).json().kept).toBeGreaterThanOrEqual(1);
    const guest = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: id, title: 'Late guests', type: 'guest', reserved_until: later } });
    const { rows } = await t.db.query<Seat>(
      `SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat FROM event_seats st
         JOIN map_seats ms ON ms.id = st.seat_id JOIN map_sections s ON s.id = ms.section_id
        WHERE st.event_id = $1 AND st.hidden AND s.name = $2 ORDER BY ms.id LIMIT 1`, [id, section]);
    const closed = rows[0];
    // What a reserve whose look-up ran before the hide committed would write next.
    const write = t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', 'guest', ms.section_id, ms.id, 0, 0, 6
         FROM orders o JOIN events e ON e.id = o.event_id JOIN map_sections s ON s.map_id = e.map_id AND s.name = $2
         JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = $3 AND ms.seat_label = $4 WHERE o.id = $1`,
      [guest.json().id, closed.section, closed.row, closed.seat]);
    await expect(write).rejects.toMatchObject({ code: 'SH001', message: `${closed.section}, row ${closed.row}, seat ${closed.seat} is hidden: it is not for sale. Choose another seat.` });
    const refused = await t.call({ method: 'PUT', url: `/api/reservations/${guest.json().id}`, token: promoter, payload: { tickets: [{ ...closed, event: id }] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('not_reservable');
    // The seat reserved before the hide is still the guest's, and open.
    const open = (await detailOf(id, section)).filter((x) => x.reserved);
    expect(open.length).toBeGreaterThanOrEqual(seats.length);
    expect(open.every((x) => !x.hidden)).toBe(true);
  });

  it('when a "Hide all" and a ticket on one of its seats meet, then the one that waits sees the other: the seat ends hidden or sold, never both', async () => {
    const id = await eventId('Comedy Gala');
    const { rows: [free] } = await t.db.query<Seat & { section_id: number; map_id: number }>(
      `SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat, s.id::int AS section_id, e.map_id::int AS map_id
         FROM events e JOIN map_sections s ON s.map_id = e.map_id AND NOT s.general_admission JOIN map_seats ms ON ms.section_id = s.id
        WHERE e.id = $1 AND NOT EXISTS (SELECT 1 FROM event_taken_seats x WHERE x.event_id = $1 AND x.seat_id = ms.id)
        ORDER BY s.position DESC, ms.id LIMIT 1`, [id]);
    await hide(id, { action: 'unhide', section: free.section });
    const takenBefore = (await sectionOf(id, free.section)).stats.seats.taken as number;
    const guest = (await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: id, title: 'Racing guests', type: 'guest', reserved_until: later } })).json().id;
    const ticket = () => t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', 'guest', ms.section_id, ms.id, 0, 0, 6
         FROM orders o JOIN map_seats ms ON ms.section_id = $2 AND ms.row_label = $3 AND ms.seat_label = $4 WHERE o.id = $1`,
      [guest, free.section_id, free.row, free.seat]);
    // "Hide all" in another process's transaction, held open after its writes; the ticket is written meanwhile.
    const hiding = await heldOpen(t, (tx) => hideSeats(tx, id, free.map_id, 'hide', { section: free.section }));
    const late = ticket();
    late.catch(() => undefined);
    // On PostgreSQL the ticket's guard waits for the hide's lock (PGlite is one session: the write waits for the
    // transaction anyway); then the hide commits, and the ticket, seeing the seat hidden, is refused.
    await someoneWaits(t, hiding.shared);
    hiding.commit();
    expect((await hiding.result).kept).toBe(takenBefore);
    await expect(late).rejects.toMatchObject({ code: 'SH001' });
    await hiding.close();
    const count = async () => (await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id
        WHERE i.order_id = $1 AND i.valid AND ms.section_id = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [guest, free.section_id, free.row, free.seat])).rows[0].n;
    expect(await count()).toBe(0);

    // The other way round: the ticket first, held open; the hide waits for it, then leaves the seat open.
    await hide(id, { action: 'unhide', section: free.section });
    const selling = await heldOpen(t, (tx) => tx.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', 'guest', ms.section_id, ms.id, 0, 0, 6
         FROM orders o JOIN map_seats ms ON ms.section_id = $2 AND ms.row_label = $3 AND ms.seat_label = $4 WHERE o.id = $1`,
      [guest, free.section_id, free.row, free.seat]));
    const hideLate = hide(id, { action: 'hide', section: free.section });
    await someoneWaits(t, selling.shared);
    selling.commit();
    await selling.result;
    expect((await hideLate).json().kept).toBe(takenBefore + 1);
    await selling.close();
    expect(await count()).toBe(1);
    const seat = (await rowOf(id, free.section, free.row)).find((x) => x.name === free.seat)!;
    expect(seat.hidden).toBe(false);
  });

  it('when seats of a section hidden whole are unhidden, then those seats open and the rest of the section stays hidden', async () => {
    const id = await eventId('Jazz at the Lion');
    const section = (await sections(id)).sections.find((s: { general_admission: boolean }) => !s.general_admission);
    expect((await hide(id, { action: 'hide', section: section.name })).json()).toMatchObject({ changed: section.places });
    const rowName = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(section.name)}`, token: promoter })).json().rows[0].name as string;
    const two = (await rowOf(id, section.name, rowName)).slice(0, 2).map((s) => ({ section: section.name, row: rowName, seat: s.name }));
    expect((await hide(id, { action: 'unhide', seats: two })).json()).toEqual({ message: 'Seats unhidden', changed: 2 });
    expect((await sectionOf(id, section.name)).stats.seats).toMatchObject({ count: 2, hidden: section.places - 2 });
    const after = await rowOf(id, section.name, two[0].row);
    expect(after.filter((s) => !s.hidden).map((s) => s.name)).toEqual(two.map((s) => s.seat));
    await hide(id, { action: 'unhide', section: section.name });
  });

  it('when a standing area with sold places is hidden whole, then it offers nothing more and its sold places count once, as taken', async () => {
    const id = await eventId('Nordic Lights Live');
    const before = await sections(id);
    const area = before.sections.find((s: { general_admission: boolean; stats: { seats: { taken: number } } }) => s.general_admission && s.stats.seats.taken > 0);
    const taken = area.stats.seats.taken;
    expect((await hide(id, { action: 'hide', section: area.name })).statusCode).toBe(200);
    const after = await sections(id);
    expect(after.sections.find((s: { name: string }) => s.name === area.name).stats.seats).toMatchObject({ count: taken, hidden: area.places - taken, taken });
    expect(after.stats.all.seats.count).toBe(before.stats.all.seats.count - (area.stats.seats.count - taken));
    await hide(id, { action: 'unhide', section: area.name });
    expect((await sections(id)).stats.all.seats).toEqual(before.stats.all.seats);
  });

  it('when an old database has sold seats hidden (the section\'s flag, or their own), then they are counted once, as taken, not as hidden', async () => {
    const id = await eventId('Nordic Lights Live');
    const { rows } = await t.db.query<{ section: string; section_id: number; taken: number }>(
      `SELECT s.name AS section, s.id::int AS section_id, count(*)::int AS taken
         FROM event_taken_seats x JOIN map_seats ms ON ms.id = x.seat_id JOIN map_sections s ON s.id = ms.section_id
        WHERE x.event_id = $1 GROUP BY s.id, s.name, s.position ORDER BY s.position LIMIT 2`, [id]);
    const [whole, single] = rows;
    const before = await sections(id);
    const places = (await sectionOf(id, whole.section)).places;
    // The section hidden by its flag with its sold seats in it, as "Hide all" did before; one sold seat hidden on its own.
    await asOldDatabase(t, async (tx) => {
      await tx.query(
        `INSERT INTO event_sections (event_id, section_id, hidden) VALUES ($1, $2, true)
         ON CONFLICT (event_id, section_id) DO UPDATE SET hidden = true`, [id, whole.section_id]);
      await tx.query(
        `INSERT INTO event_seats (event_id, seat_id, hidden)
         SELECT $1, x.seat_id, true FROM event_taken_seats x JOIN map_seats ms ON ms.id = x.seat_id WHERE x.event_id = $1 AND ms.section_id = $2 LIMIT 1
         ON CONFLICT (event_id, seat_id) DO UPDATE SET hidden = true`, [id, single.section_id]);
    });
    const after = await sections(id);
    expect((await sectionOf(id, whole.section)).stats.seats).toMatchObject({ count: whole.taken, hidden: places - whole.taken, taken: whole.taken });
    expect((await sectionOf(id, single.section)).stats.seats).toMatchObject({ hidden: 0, taken: single.taken });
    // Only the free seats of the hidden section leave the seats for sale.
    expect(after.stats.all.seats.count).toBe(before.stats.all.seats.count - (places - whole.taken));
    expect(after.stats.all.seats.hidden).toBe(places - whole.taken);
  });
});
