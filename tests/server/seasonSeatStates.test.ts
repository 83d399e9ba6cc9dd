import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceEndedLeases } from '../../server/seat-leases/leaseExpiry';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, type FreeSeat, freeSeatsInSeasonFamily, seatHidden } from './support/eventFixtures';

/**
 * A seat the season family holds is drawn taken on every event map of the family, live (issue 34;
 * server/reservations/seasonSeats.ts, docs/live-seat-states.md): in an included event a seat the season's ticket holds,
 * in the season a seat an included event has taken. The sections answer lists it in `taken` and `season_taken`; a
 * change of it bumps the version of every event that shares the seat, so `seat-states?since=` and the seat stream of
 * each of them carry it, `season: true` while the family holds it.
 */
let t: TestApp;
let promoter: string;
let admin: string;
let season: number;
let child: number;
let sibling: number;
let outside: number;
const later = '2099-12-31 23:00:00';

interface Change { section_id: number; seat_index: number | null; taken: number; season?: boolean; leased?: { lease_id: number; reservation_id: number; counter: string; ends_at: string } }
interface States { version: number; changed: Change[]; reload: boolean }
interface Sections { taken: number[]; season_taken?: number[]; stats: { all: { seats: { taken: number } } } }

const version = async (event: number) => Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [event])).rows[0]?.version ?? 0);
const statesSince = async (event: number, since: number): Promise<States> => {
  const res = await t.call({ method: 'GET', url: `/api/events/${event}/seat-states?since=${since}`, token: promoter });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sections = async (event: number): Promise<Sections> => {
  const res = await t.call({ method: 'GET', url: `/api/events/${event}/sections`, token: promoter });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** What the delta after `since` says of the seat: its change, or undefined when it did not change. */
const changeOf = (s: States, index: number) => s.changed.find((c) => c.seat_index === index);

/** Seats free in the season and every included event, priced in all, a different place each call, with their index. */
let offset = 0;
async function freeInFamily(n: number): Promise<(FreeSeat & { index: number })[]> {
  const rows = await freeSeatsInSeasonFamily(t, season, n, offset, 'lastSections');
  offset += n;
  expect(rows).toHaveLength(n);
  return rows;
}

async function reservation(event: number): Promise<number> {
  const res = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event, title: 'Season map', type: 'guest', reserved_until: later } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function reserve(id: number, event: number, seats: FreeSeat[]): Promise<void> {
  const res = await t.call({ method: 'PUT', url: `/api/reservations/${id}`, token: promoter, payload: { tickets: seats.map((s) => ({ section: s.section, row: s.row, seat: s.seat, event })) } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin')]);
  season = await eventId(t, 'Göta Lejon Season 2027');
  child = await eventId(t, 'Les Misérables (premiere)');
  const others = await t.db.query<{ id: number }>('SELECT id FROM events WHERE seasonal_event_id = $1 AND id <> $2 ORDER BY id LIMIT 1', [season, child]);
  sibling = Number(others.rows[0]!.id);
  // An event of the promoter outside any season: no version of it moves with the family's.
  const alone = await t.db.query<{ id: number }>(
    `SELECT e.id FROM events e JOIN events s ON s.id = $1 WHERE e.promoter_id = s.promoter_id AND e.id <> s.id
        AND e.seasonal_event_id IS NULL AND e.entity_type <> 'seasonal' ORDER BY e.id LIMIT 1`, [season]);
  outside = Number(alone.rows[0]!.id);
}, 180_000);
afterAll(async () => t.close());

describe('a seat the season holds, on the maps of its included events', () => {
  it('when the season reserves a seat, then every included event\'s version moves and its delta and sections say it is taken for the season; deleting the reservation frees it there', async () => {
    const [seat] = await freeInFamily(1);
    const before = { season: await version(season), child: await version(child), sibling: await version(sibling), outside: await version(outside) };
    const id = await reservation(season);
    await reserve(id, season, [seat]);

    for (const event of [child, sibling]) {
      const after = await statesSince(event, before[event === child ? 'child' : 'sibling']);
      expect(after.reload).toBe(false);
      expect(changeOf(after, seat.index)).toMatchObject({ taken: 1, season: true });
      const map = await sections(event);
      expect(map.taken).toContain(seat.index);
      expect(map.season_taken).toContain(seat.index);
    }
    // The season's own map: taken by its own item, not "for the season".
    const own = changeOf(await statesSince(season, before.season), seat.index);
    expect(own).toMatchObject({ taken: 1 });
    expect(own?.season).toBeUndefined();
    const seasonMap = await sections(season);
    expect(seasonMap.taken).toContain(seat.index);
    expect(seasonMap.season_taken).not.toContain(seat.index);
    expect(await version(outside)).toBe(before.outside);

    const held = await version(child);
    expect((await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: promoter })).statusCode).toBe(200);
    const freed = changeOf(await statesSince(child, held), seat.index);
    expect(freed).toMatchObject({ taken: 0 });
    expect(freed?.season).toBeUndefined();
    const map = await sections(child);
    expect(map.taken).not.toContain(seat.index);
    expect(map.season_taken).not.toContain(seat.index);
  });

  it('when the season\'s order is voided, then its seats come back free on every included event\'s map', async () => {
    const seats = await freeInFamily(2);
    const id = await reservation(season);
    await reserve(id, season, seats);
    const v = { child: await version(child), sibling: await version(sibling) };
    const res = await t.call({ method: 'POST', url: `/api/orders/${id}/void`, token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    for (const [event, since] of [[child, v.child], [sibling, v.sibling]] as const) {
      const after = await statesSince(event, since);
      expect(seats.map((s) => changeOf(after, s.index)?.taken)).toEqual([0, 0]);
      expect((await sections(event)).season_taken).not.toContain(seats[0].index);
    }
  });

  it('the counts of an included event stay its own: a seat the season holds is drawn taken, not counted sold or reserved there', async () => {
    const [seat] = await freeInFamily(1);
    const counted = (await sections(child)).stats.all.seats.taken;
    await reserve(await reservation(season), season, [seat]);
    const map = await sections(child);
    expect(map.season_taken).toContain(seat.index);
    expect(map.stats.all.seats.taken).toBe(counted);
  });
});

describe('a seat an included event has taken, on the season\'s map', () => {
  it('when an included event reserves a seat, then the season\'s map has it taken for the season, and the other included events do not move', async () => {
    const [seat] = await freeInFamily(1);
    const before = { season: await version(season), sibling: await version(sibling) };
    await reserve(await reservation(child), child, [seat]);
    expect(changeOf(await statesSince(season, before.season), seat.index)).toMatchObject({ taken: 1, season: true });
    expect((await sections(season)).season_taken).toContain(seat.index);
    // Two included events are two evenings: the seat is still free in the other one.
    expect(await version(sibling)).toBe(before.sibling);
    expect((await sections(sibling)).taken).not.toContain(seat.index);
  });
});

/** The seat stream of an event's open map (GET api/events/{id}/seat-stream): read until a message satisfies a test. */
let listening: Promise<string> | undefined;
async function openStream(event: number) {
  listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
  const abort = new AbortController();
  const res = await fetch(`${await listening}/api/events/${event}/seat-stream`, { headers: { platform: 'admin', authorization: `Bearer ${promoter}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: States[] = [];
  let buffer = '';
  const until = async (test: (s: States) => boolean): Promise<States> => {
    for (;;) {
      const found = messages.find(test);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (data) messages.push(JSON.parse(data[1]));
      }
    }
  };
  return { until, close: () => abort.abort() };
}

describe('pushed to an open map of an included event (GET api/events/{id}/seat-stream)', () => {
  it('when the season reserves a seat, then the stream of an included event\'s open map carries it, taken for the season', async () => {
    const stream = await openStream(child);
    try {
      await stream.until(() => true); // the first message: the version now
      const [seat] = await freeInFamily(1);
      await reserve(await reservation(season), season, [seat]);
      const heard = await stream.until((s) => changeOf(s, seat.index) !== undefined);
      expect(changeOf(heard, seat.index)).toMatchObject({ taken: 1, season: true });
    } finally {
      stream.close();
    }
  });
});

interface Lease { id: number; event_id: number; reservation_id: number; counter: string; seats: { seat_index: number }[]; standing: unknown[] }

/**
 * A seat in a running lease of the season or of an included event is that counter's in the whole family (issue 35,
 * docs/boxoffice.md "Leases and the season"): the other member's map draws it leased (GET seat-leases, the full state),
 * and every change of the lease reaches it in the delta (`leased`) and the stream, as a season seat does.
 */
describe('a counter\'s lease, on the maps of the events sharing its seats', () => {
  let box: string;
  let boxUser: number;
  beforeAll(async () => {
    box = await t.tokenFor('boxoffice');
    boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  });
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  async function counter(event: number): Promise<number> {
    const res = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event, type: 'boxoffice', owner: boxUser, validity_date: later, description: '{"extra_fee": 0}' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const lease = async (id: number, path: string, body: object = {}, status = 200): Promise<Lease> => {
    const res = await t.call({ method: 'POST', url: `/api/boxoffice/reservations/${id}/leases${path}`, token: box, payload: body });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const leasesOf = async (event: number): Promise<Lease[]> => {
    const res = await t.call({ method: 'GET', url: `/api/events/${event}/seat-leases`, token: promoter });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().collection;
  };
  /** The seats the map's lease list draws leased by that lease (none when it is not listed). */
  const drawn = async (event: number, leaseId: number) => ((await leasesOf(event)).find((l) => l.id === leaseId)?.seats ?? []).map((s) => s.seat_index);
  const label = (s: FreeSeat) => ({ section: s.section, row: s.row, seat: s.seat });

  it('when an included event\'s counter takes, widens, shrinks and hands back a lease, then the season\'s map follows each step, and the other included events do not', async () => {
    const [a, b] = await freeInFamily(2);
    const id = await counter(child);
    const v0 = { season: await version(season), sibling: await version(sibling) };
    const taken = await lease(id, '', { ends_at: inHours(2), seats: [label(a)] }, 201);
    const mark = { lease_id: taken.id, reservation_id: id, counter: taken.counter };
    expect(changeOf(await statesSince(season, v0.season), a.index)).toMatchObject({ taken: 0, leased: mark });
    const listed = (await leasesOf(season)).find((l) => l.id === taken.id);
    expect(listed).toMatchObject({ event_id: child, reservation_id: id, standing: [] });
    expect(listed?.seats.map((s) => s.seat_index)).toEqual([a.index]);
    // Two included events are two evenings: the lease is not the sibling's business.
    expect(await version(sibling)).toBe(v0.sibling);
    expect(await drawn(sibling, taken.id)).toEqual([]);

    const v1 = await version(season);
    await lease(id, `/${taken.id}/widen`, { seats: [label(b)] });
    expect(changeOf(await statesSince(season, v1), b.index)).toMatchObject({ leased: mark });
    expect((await drawn(season, taken.id)).sort()).toEqual([a.index, b.index].sort());

    const v2 = await version(season);
    await lease(id, `/${taken.id}/shrink`, { seats: [label(a)] });
    const shrunk = changeOf(await statesSince(season, v2), a.index);
    expect(shrunk).toMatchObject({ taken: 0 });
    expect(shrunk?.leased).toBeUndefined();
    expect(await drawn(season, taken.id)).toEqual([b.index]);

    const v3 = await version(season);
    await lease(id, `/${taken.id}/hand-back`);
    expect(changeOf(await statesSince(season, v3), b.index)?.leased).toBeUndefined();
    expect(await drawn(season, taken.id)).toEqual([]);
  });

  it('when the season\'s counter leases a seat, then every included event\'s map draws it leased until an admin revokes it or its end passes', async () => {
    const [c, d] = await freeInFamily(2);
    const id = await counter(season);
    const v0 = { child: await version(child), sibling: await version(sibling) };
    const first = await lease(id, '', { ends_at: inHours(2), seats: [label(c)] }, 201);
    for (const [event, since] of [[child, v0.child], [sibling, v0.sibling]] as const) {
      expect(changeOf(await statesSince(event, since), c.index)).toMatchObject({ taken: 0, leased: { lease_id: first.id, reservation_id: id } });
      expect(await drawn(event, first.id)).toEqual([c.index]);
    }
    const v1 = await version(child);
    const revoked = await t.call({ method: 'POST', url: `/api/seat-leases/${first.id}/revoke`, token: admin, payload: {} });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(changeOf(await statesSince(child, v1), c.index)?.leased).toBeUndefined();
    expect(await drawn(child, first.id)).toEqual([]);

    // Ended by its time: the expiry job's one look announces it on the included events' maps too.
    const second = await lease(id, '', { ends_at: inHours(2), seats: [label(d)] }, 201);
    expect(await drawn(child, second.id)).toEqual([d.index]);
    await announceEndedLeases(t.db);
    await t.db.query(`UPDATE seat_leases SET ends_at = now() - interval '1 second' WHERE id = $1`, [second.id]);
    await t.db.query(`UPDATE seat_lease_expiry_scan SET scanned_until = now() - interval '2 seconds'`);
    const v2 = await version(child);
    expect(await announceEndedLeases(t.db)).toBeGreaterThan(0);
    expect(changeOf(await statesSince(child, v2), d.index)).toMatchObject({ taken: 0 });
    expect(changeOf(await statesSince(child, v2), d.index)?.leased).toBeUndefined();
    expect(await drawn(child, second.id)).toEqual([]);
  });

  it('when an included event\'s counter takes a lease, then the season\'s open map hears it over the stream, leased', async () => {
    const stream = await openStream(season);
    try {
      await stream.until(() => true);
      const [seat] = await freeInFamily(1);
      const taken = await lease(await counter(child), '', { ends_at: inHours(2), seats: [label(seat)] }, 201);
      const heard = await stream.until((s) => changeOf(s, seat.index) !== undefined);
      expect(changeOf(heard, seat.index)).toMatchObject({ taken: 0, leased: { lease_id: taken.id, counter: taken.counter } });
    } finally {
      stream.close();
    }
  });
});

describe('a promoter hiding a seat the season holds, in an included event (docs/places.md "Hidden and taken")', () => {
  const hide = (event: number, payload: object) => t.call({ method: 'POST', url: `/api/events/${event}/hide-seats`, token: promoter, payload });

  it('when the season holds a seat, then hiding it alone in an included event is refused, and "Hide all" there leaves it open', async () => {
    const [seat] = await freeInFamily(1);
    await reserve(await reservation(season), season, [seat]);

    const alone = await hide(child, { action: 'hide', seats: [seat] });
    expect(alone.statusCode, alone.body).toBe(422);
    expect(alone.json().error.code).toBe('seat_taken');
    const all = await hide(child, { action: 'hide', section: seat.section });
    try {
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().kept).toBeGreaterThanOrEqual(1);
      // The season ticket admits its holder to this event: the seat stays open here, drawn taken for the season.
      expect(await seatHidden(t, child, seat)).toBe(false);
    } finally {
      expect((await hide(child, { action: 'unhide', section: seat.section })).statusCode).toBe(200);
    }
  });
});
