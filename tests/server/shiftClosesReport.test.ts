import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIFT_CLOSES_PER_PAGE, SHIFT_CLOSES_PER_PAGE_MAX, type ShiftClosesResponse } from '../../src/contracts/reports';
import { addIsoDays } from '../../src/domain/dates';
import { venueDateTime, venueIsoToday } from '../../src/domain/venueClock';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats } from './support/eventFixtures';

/**
 * The shift closes report (docs/boxoffice.md "Shift closes report"): every counter's closes of a period of venue days,
 * for admins only, with the sales by tender, the cash expected, counted and the difference, and their totals; the
 * same as ShiftCloses.csv.
 */
let t: TestApp;
let admin: string;
let box: string;
let boxUser: number;
let closeId: number;
const report = async (query = '', token = admin) => t.call({ method: 'GET', url: `/api/reports/shift-closes${query}`, token });

beforeAll(async () => {
  t = await createTestApp();
  const promoter = await t.tokenFor('promoter');
  [admin, box] = await Promise.all([t.tokenFor('admin'), t.tokenFor('boxoffice')]);
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0]!.id);
  const stadium = await eventId(t, 'Midsummer Stadium Night');
  const res = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: '2099-12-31 23:00:00', description: '{"extra_fee": "10"}' } });
  expect(res.statusCode, res.body).toBe(201);
  const seats = await freePricedSeats(t, stadium, 2, 6200, 'lastSections');
  const sale = await t.call({ method: 'PUT', url: `/api/reservations/${res.json().id}`, token: box, payload: { tickets: seats.map((s) => ({ event: stadium, ...s })), tender: { method: 'cash' } } });
  expect(sale.statusCode, sale.body).toBe(200);
  // The operator counts 50 kr less than the drawer should hold.
  const shift = (await t.call({ method: 'GET', url: '/api/boxoffice/summary', token: box })).json().shift;
  const close = await t.call({ method: 'POST', url: '/api/boxoffice/shift/close', token: box, payload: { counted_cash_ore: shift.expected_cash_ore - 5000 } });
  expect(close.statusCode, close.body).toBe(201);
  closeId = close.json().id;
}, 120_000);
afterAll(() => t.close());

describe('the shift closes report', () => {
  it('when an admin asks without a period, then today\'s close is listed with its operator, tenders, cash expected, counted and the difference, and the totals add the rows up', async () => {
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ShiftClosesResponse;
    const row = body.data.find((r) => r.id === closeId)!;
    const stored = (await t.db.query<{ expected_cash_ore: number; counted_cash_ore: number; card_ore: number }>('SELECT * FROM counter_shift_closes WHERE id = $1', [closeId])).rows[0]!;
    expect(row).toMatchObject({
      operator_id: boxUser, cash_expected: stored.expected_cash_ore / 100, cash_counted: stored.counted_cash_ore / 100, cash_difference: -50,
      card: stored.card_ore / 100,
    });
    expect(row.cash_expected).toBeGreaterThan(0);
    expect(row.total).toBeCloseTo(row.cash_expected + row.card + row.other, 2);
    expect(body.operators.map((o) => o.id)).toContain(boxUser);
    const all = (await report(`?per_page=${SHIFT_CLOSES_PER_PAGE_MAX}`)).json() as ShiftClosesResponse;
    const sum = (k: 'cash_expected' | 'cash_counted' | 'cash_difference' | 'card' | 'other' | 'total') => Math.round(all.data.reduce((s, r) => s + r[k] * 100, 0));
    expect(all.totals.closes).toBe(all.data.length);
    expect(all.totals.short).toBe(all.data.filter((r) => r.cash_difference < 0).length);
    for (const k of ['cash_expected', 'cash_counted', 'cash_difference', 'card', 'other', 'total'] as const) expect(Math.round(all.totals[k] * 100)).toBe(sum(k));
  });

  it('when the closes are read page by page, then each close is on exactly one page, newest first, every page has the same totals as the whole period, and the CSV holds them all', async () => {
    const from = addIsoDays(venueIsoToday(Date.now()), -40);
    const whole = (await report(`?from_date=${from}&per_page=${SHIFT_CLOSES_PER_PAGE_MAX}`)).json() as ShiftClosesResponse;
    expect(whole.totals.closes).toBeGreaterThan(25);
    const first = (await report(`?from_date=${from}`)).json() as ShiftClosesResponse;
    expect(first).toMatchObject({ page: 1, per_page: SHIFT_CLOSES_PER_PAGE });
    expect(first.data).toHaveLength(Math.min(SHIFT_CLOSES_PER_PAGE, whole.totals.closes));
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(whole.totals.closes / 10); page++) {
      const body = (await report(`?from_date=${from}&page=${page}&per_page=10`)).json() as ShiftClosesResponse;
      expect(body.totals).toEqual(whole.totals);
      seen.push(...body.data.map((r) => r.id));
    }
    expect(seen).toEqual(whole.data.map((r) => r.id));
    const past = (await report(`?from_date=${from}&page=${Math.ceil(whole.totals.closes / 10) + 1}&per_page=10`)).json() as ShiftClosesResponse;
    expect(past.data).toEqual([]);
    expect((await report(`?per_page=${SHIFT_CLOSES_PER_PAGE_MAX + 1}`)).statusCode).toBe(422);
    expect((await report('?page=0')).statusCode).toBe(422);
    const csv = await t.call({ method: 'GET', url: `/api/reports/shift-closes?from_date=${from}&page=2&per_page=10`, token: admin, headers: { accept: 'text/csv' } });
    expect(csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).length - 1).toBe(whole.totals.closes);
  });

  it('when the period or the operator leaves the close out, then it is not listed; a period ending before it starts is refused', async () => {
    const today = venueIsoToday(Date.now());
    const yesterday = addIsoDays(today, -1);
    const before = (await report(`?from_date=${addIsoDays(today, -40)}&to_date=${yesterday}`)).json() as ShiftClosesResponse;
    expect(before.data.some((r) => r.id === closeId)).toBe(false);
    // The demo's four weeks of closes end yesterday, on the venue's days.
    expect(before.data.length).toBeGreaterThan(0);
    expect(before.data.every((r) => venueDateTime(r.closed_at).slice(0, 10) !== venueDateTime(new Date().toISOString()).slice(0, 10))).toBe(true);
    const other = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice2@demo.test'`)).rows[0]!.id);
    const theirs = (await report(`?from_date=${addIsoDays(today, -40)}&user_id=${other}`)).json() as ShiftClosesResponse;
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.operator_id === other)).toBe(true);
    expect((await report(`?from_date=${today}&to_date=${yesterday}`)).statusCode).toBe(422);
  });

  it('when a promoter or a box-office user asks, then 403: the drawers are the venue\'s cash', async () => {
    expect((await report('', await t.tokenFor('promoter'))).statusCode).toBe(403);
    expect((await report('', box)).statusCode).toBe(403);
  });

  it('when the CSV is asked for, then ShiftCloses.csv lists the same closes with the venue\'s dd.MM.yyyy HH:mm', async () => {
    const res = await t.call({ method: 'GET', url: '/api/reports/shift-closes', token: admin, headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ShiftCloses.csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^"?Closed"?[;,]"?Opened"?[;,]"?Operator"?/);
    const json = (await report()).json() as ShiftClosesResponse;
    expect(lines.length - 1).toBe(json.totals.closes);
    expect(lines[1]).toContain(venueDateTime(json.data[0]!.closed_at));
  });
});
