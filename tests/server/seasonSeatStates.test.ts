import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, type FreeSeat, freeSeatsInSeasonFamily } from './support/eventFixtures';

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

interface Change { section_id: number; seat_index: number | null; taken: number; season?: boolean }
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

describe('pushed to an open map of an included event (GET api/events/{id}/seat-stream)', () => {
  it('when the season reserves a seat, then the stream of an included event\'s open map carries it, taken for the season', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const abort = new AbortController();
    const res = await fetch(`${base}/api/events/${child}/seat-stream`, { headers: { platform: 'admin', authorization: `Bearer ${promoter}` }, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const messages: States[] = [];
    let buffer = '';
    /** Reads the stream until a message satisfies `test`. */
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
    try {
      await until(() => true); // the first message: the version now
      const [seat] = await freeInFamily(1);
      await reserve(await reservation(season), season, [seat]);
      const heard = await until((s) => changeOf(s, seat.index) !== undefined);
      expect(changeOf(heard, seat.index)).toMatchObject({ taken: 1, season: true });
    } finally {
      abort.abort();
    }
  });
});
