import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSessionUser, type SessionUser } from '../../server/plugins/auth';
import { reserveGroup, SeatsError, type ReserveAsk } from '../../server/reservations/reserveTickets';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/**
 * The grouped reserve (reserveTickets.ts reserveGroup, grouped by server/db/inGroups.ts): callers reserving together
 * in one transaction get what they would have got one after the other, each all or nothing. The route's own suite
 * (reservations.test.ts) covers every body and message; this one puts callers into one group on purpose.
 */
let t: TestApp;
let stadium: number;
let promoter: SessionUser;
let promoter2: SessionUser;
let seq = 0;

const userOf = async (email: string) => {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return (await loadSessionUser(t.db, Number(rows[0].id)))!;
};
const newReservation = async () => {
  const token = await t.tokenFor('promoter');
  const res = await t.call({ method: 'POST', url: '/api/reservations', token, payload: { event: stadium, title: `Group ${seq++}`, type: 'guest', reserved_until: '2099-12-31 23:00:00' } });
  return Number(res.json().id);
};
const ask = (user: SessionUser, id: number, seats: FreeSeat[]): ReserveAsk => ({ user, id, tickets: seats.map((s) => ({ ...s, event: stadium })) });
const group = (asks: ReserveAsk[]) => t.db.transaction((tx) => reserveGroup(tx, asks));
/** Who holds each seat now (reservation id), from the database. */
async function holders(seats: FreeSeat[]): Promise<(number | null)[]> {
  const { rows } = await t.db.query<{ order_id: number | null }>(
    `SELECT (SELECT i.order_id FROM order_items i WHERE i.event_id = $1 AND i.seat_id = ms.id AND i.valid) AS order_id
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(section, row, seat, ord)
       JOIN events e ON e.id = $1 JOIN map_sections s ON s.map_id = e.map_id AND s.name = x.section
       JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = x.row AND ms.seat_label = x.seat
      ORDER BY x.ord`,
    [stadium, seats.map((s) => s.section), seats.map((s) => s.row), seats.map((s) => s.seat)],
  );
  return rows.map((r) => (r.order_id === null ? null : Number(r.order_id)));
}
const seatsOf = (err: unknown) => (err as SeatsError).seats.map((s) => `${s.row}-${s.seat}`);

beforeAll(async () => {
  t = await createTestApp();
  stadium = await eventId(t, 'Midsummer Stadium Night');
  [promoter, promoter2] = await Promise.all([userOf('promoter@demo.test'), userOf('promoter2@demo.test')]);
});
afterAll(() => t.close());

describe('reserving in groups', () => {
  it('when two callers of a group want the same seat, then the earlier gets it and the later hears 409 naming it, with nothing of its own kept', async () => {
    const [s1, s2, s3, s4] = await freePricedSeats(t, stadium, 4, 0, 'front');
    const [r1, r2, r3] = [await newReservation(), await newReservation(), await newReservation()];
    const out = await group([ask(promoter, r1, [s1, s2]), ask(promoter, r2, [s2, s3]), ask(promoter, r3, [s4])]);
    expect(out[0]).toMatchObject({ id: r1 });
    expect(out[1]).toBeInstanceOf(SeatsError);
    expect((out[1] as SeatsError).statusCode).toBe(409);
    expect(seatsOf(out[1])).toEqual([`${s2.row}-${s2.seat}`]);
    expect(out[2]).toMatchObject({ id: r3 });
    expect(await holders([s1, s2, s3, s4])).toEqual([r1, r1, null, r3]);
  });

  it('when a caller fails on a seat taken before the group, then a later caller gets the other seat it had won', async () => {
    const [taken, x] = await freePricedSeats(t, stadium, 2, 0, 'front');
    const [r0, r1, r2] = [await newReservation(), await newReservation(), await newReservation()];
    expect(await group([ask(promoter, r0, [taken])])).toMatchObject([{ id: r0 }]);
    const out = await group([ask(promoter, r1, [x, taken]), ask(promoter, r2, [x])]);
    expect(seatsOf(out[0])).toEqual([`${taken.row}-${taken.seat}`]);
    expect(out[1]).toMatchObject({ id: r2 });
    expect(await holders([taken, x])).toEqual([r0, r2]);
  });

  it('when two callers of a group reserve the same seat into one reservation, then it is reserved once', async () => {
    const [s] = await freePricedSeats(t, stadium, 1, 0, 'front');
    const r = await newReservation();
    const out = await group([ask(promoter, r, [s]), ask(promoter, r, [s])]);
    expect(out[0]).toMatchObject({ id: r });
    expect((out[1] as SeatsError).statusCode).toBe(409);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND valid', [r]);
    expect(rows[0].n).toBe(1);
  });

  it('when one caller of a group may not touch the reservation or names a seat twice, then only that caller is refused', async () => {
    const [a, b, c] = await freePricedSeats(t, stadium, 3, 0, 'front');
    const r = await newReservation();
    const out = await group([ask(promoter2, r, [a]), ask(promoter, r, [b, b]), ask(promoter, r, [c])]);
    expect((out[0] as SeatsError).statusCode).toBe(404);
    expect((out[1] as SeatsError).statusCode).toBe(422);
    expect(out[2]).toMatchObject({ id: r });
    expect(await holders([a, b, c])).toEqual([null, null, r]);
  });

  it('when a group reserves, then the seat-state version moves once and lists every seat reserved', async () => {
    const [a, b] = await freePricedSeats(t, stadium, 2, 0, 'front');
    const [r1, r2] = [await newReservation(), await newReservation()];
    const before = Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0]?.version ?? 0);
    await group([ask(promoter, r1, [a]), ask(promoter, r2, [b])]);
    const { rows } = await t.db.query<{ version: number; n: number }>(
      'SELECT version, cardinality(seat_ids) AS n FROM seat_state_changes WHERE event_id = $1 AND version > $2', [stadium, before]);
    expect(rows).toEqual([{ version: before + 1, n: 2 }]);
  });

  it('when callers of a group want seats an expired hold has, then the hold gives them up and each goes to the earliest caller wanting it', async () => {
    const [e1, e2, f] = await freePricedSeats(t, stadium, 3, 0, 'front');
    const [r0, r1, r2, r3] = [await newReservation(), await newReservation(), await newReservation(), await newReservation()];
    expect(await group([ask(promoter, r0, [e1, e2])])).toMatchObject([{ id: r0 }]);
    await t.db.query(`UPDATE orders SET reserved_until = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 minute' WHERE id = $1`, [r0]);
    const before = Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0].version);
    const out = await group([ask(promoter, r1, [f, e1]), ask(promoter, r2, [e1]), ask(promoter, r3, [e2])]);
    expect(out[0]).toMatchObject({ id: r1 });
    expect(seatsOf(out[1])).toEqual([`${e1.row}-${e1.seat}`]);
    expect(out[2]).toMatchObject({ id: r3 });
    expect(await holders([e1, e2, f])).toEqual([r1, r3, r1]);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [r0]);
    expect(rows[0].status).toBe('expired');
    // Open maps hear of every seat that changed hands, the expired hold's included, in one version.
    const changed = await t.db.query<{ version: number; n: number }>(
      'SELECT version, cardinality(array(SELECT DISTINCT unnest(seat_ids))) AS n FROM seat_state_changes WHERE event_id = $1 AND version > $2', [stadium, before]);
    expect(changed.rows).toEqual([{ version: before + 1, n: 3 }]);
  });
});
