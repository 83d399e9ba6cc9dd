import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * The demo data (server/db/seed) read as a user reads it: people with real phone numbers, created before what they
 * did, scanners assigned to the events they scanned, and the box office's orders sold by a box-office user.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows;
const eventId = async (name: string) =>
  Number((await rows<{ id: number }>(`SELECT event_id AS id FROM event_translations WHERE language = 'en' AND name = $1`, [name]))[0]!.id);

describe('phones', () => {
  it('when the demo people are read, then every phone is a Swedish mobile: +46 7, then eight digits', async () => {
    const accounts = await rows<{ email: string; phone: string }>(`SELECT email, phone FROM users WHERE email = ANY($1::text[])`, [DEMO_ACCOUNTS.map((a) => a.email)]);
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
    for (const a of accounts) expect(a.phone, a.email).toMatch(/^\+467\d{8}$/);
    expect(await rows(`SELECT email, phone FROM users WHERE phone IS NOT NULL AND phone !~ '^\\+467[0-9]{8}$'`)).toEqual([]);
  });
});

describe('created dates', () => {
  it('when a person acted in the demo (an order, a send, a scan, a refund, a shift, a blacklisting), then they were created before', async () => {
    const late = await rows<{ type: string; n: number }>(
      `WITH acts (user_id, at) AS (
         SELECT owner_id, created_at FROM orders UNION ALL SELECT reserver_id, created_at FROM orders
         UNION ALL SELECT corporate_id, created_at FROM orders UNION ALL SELECT holder_id, sent_at FROM ticket_sends
         UNION ALL SELECT sent_by, sent_at FROM ticket_sends UNION ALL SELECT scanner_id, scanned_at FROM scans
         UNION ALL SELECT refunded_by, created_at FROM refunds
         UNION ALL SELECT user_id, opened_at AT TIME ZONE 'Europe/Stockholm' FROM counter_shift_closes
         UNION ALL SELECT user_id, created_at AT TIME ZONE 'Europe/Stockholm' FROM event_scanners
         UNION ALL SELECT user_id, created_at AT TIME ZONE 'Europe/Stockholm' FROM blacklist_entries)
       SELECT u.type, count(DISTINCT u.id)::int AS n FROM acts a JOIN users u ON u.id = a.user_id
        WHERE u.created_at AT TIME ZONE 'Europe/Stockholm' > a.at GROUP BY u.type`,
    );
    expect(late).toEqual([]);
  });

  it('when a corporate with months of sales is opened, then its "Created on" comes before its first order', async () => {
    const corporate = (await rows<{ id: number; first: string }>(
      `SELECT u.id, to_char(min(o.created_at), 'YYYY-MM-DD') AS first FROM users u JOIN orders o ON o.corporate_id = u.id
        WHERE u.email = 'corporate@demo.test' GROUP BY u.id`,
    ))[0]!;
    const today = (await rows<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS d`))[0]!.d;
    expect(corporate.first < today).toBe(true);
    const res = await t.call({ method: 'GET', url: `/api/corporate/${corporate.id}`, token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(200);
    const created = (res.json() as { createdAt: { date: string } }).createdAt.date.slice(0, 10);
    expect(created < corporate.first).toBe(true);
  });

  it('when promoters, events, venues, maps, merchandise and promo codes were used, then each was created before', async () => {
    const local = (column: string) => `${column} AT TIME ZONE 'Europe/Stockholm'`;
    const late = (await rows<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM promoters p JOIN events e ON e.promoter_id = p.id WHERE p.created_at > e.created_at) AS promoters_after_events,
              (SELECT count(*)::int FROM promoters p JOIN users u ON u.promoter_id = p.id WHERE p.created_at > u.created_at) AS promoters_after_people,
              (SELECT count(*)::int FROM events e JOIN orders o ON o.event_id = e.id WHERE ${local('e.created_at')} > o.created_at) AS events_after_orders,
              (SELECT count(*)::int FROM events e WHERE ${local('e.created_at')} > e.tickets_release_date AND e.tickets_release_date < now() AT TIME ZONE 'Europe/Stockholm') AS events_after_release,
              (SELECT count(*)::int FROM events e JOIN venues v ON v.id = e.venue_id WHERE v.created_at > e.created_at) AS venues_after_events,
              (SELECT count(*)::int FROM events e JOIN venue_maps m ON m.id = e.map_id WHERE m.created_at > e.created_at) AS maps_after_events,
              (SELECT count(*)::int FROM events e JOIN event_scanners s ON s.event_id = e.id JOIN scans x ON x.event_id = e.id AND x.scanner_id = s.user_id
                WHERE ${local('s.created_at')} > x.scanned_at) AS assignments_after_scans,
              (SELECT count(*)::int FROM (SELECT merchandise_id, discount_id, min(sold_at) AS at FROM order_items WHERE sold_at IS NOT NULL GROUP BY 1, 2) i
                 LEFT JOIN merchandises m ON m.id = i.merchandise_id LEFT JOIN discounts d ON d.id = i.discount_id
                WHERE ${local('m.created_at')} > i.at OR ${local('d.created_at')} > i.at) AS products_after_sales`,
    ))[0]!;
    expect(late).toEqual({
      promoters_after_events: 0, promoters_after_people: 0, events_after_orders: 0, events_after_release: 0, venues_after_events: 0,
      maps_after_events: 0, assignments_after_scans: 0, products_after_sales: 0,
    });
  });
});

describe('scanners', () => {
  it('when a scanner scanned an event in the demo, then it is assigned that event, as publishing connects the promoter\'s scanners', async () => {
    expect(await rows(
      `SELECT DISTINCT s.scanner_id, s.event_id FROM scans s
        WHERE NOT EXISTS (SELECT 1 FROM event_scanners x WHERE x.user_id = s.scanner_id AND x.event_id = s.event_id)`,
    )).toEqual([]);
    // Gate A of Nordic Live, over the API: its published events, among them the passed one whose gates it scanned.
    const promoter = await t.tokenFor('promoter');
    const gateA = Number((await rows<{ id: number }>(`SELECT id FROM users WHERE email = 'scanner@demo.test'`))[0]!.id);
    const assigned = (await t.call({ method: 'GET', url: `/api/users/${gateA}/events`, token: promoter })).json() as { collection: { id: number }[] };
    const published = await rows<{ id: number }>(
      `SELECT e.id FROM events e JOIN users u ON u.promoter_id = e.promoter_id AND u.id = $1
        WHERE e.status = 'active' AND e.entity_type = 'ordinary' ORDER BY e.id`, [gateA]);
    expect(assigned.collection.map((e) => Number(e.id)).sort((a, b) => a - b)).toEqual(published.map((e) => Number(e.id)));
    expect(assigned.collection.map((e) => Number(e.id))).toContain(await eventId('Spring Tour 2026'));
  });
});

describe('the box office\'s orders', () => {
  it('when the Box Office list of an event with counter sales is opened, then every order in it was sold by a box-office user the form offers', async () => {
    const promoter = await t.tokenFor('promoter');
    const event = await eventId('Spring Tour 2026');
    const list = (await t.call({ method: 'GET', url: `/api/reservations?event=${event}&type=boxoffice&per_page=500`, token: promoter })).json() as {
      collection: { id: number; title: string; owner: { id: number; name: string } | null }[];
    };
    expect(list.collection.length).toBeGreaterThan(0);
    const promoterId = (await rows<{ id: number }>(`SELECT promoter_id AS id FROM users WHERE email = 'promoter@demo.test'`))[0]!.id;
    const picker = (await t.call({ method: 'GET', url: `/api/users?type=boxoffice&promoter_id=${promoterId}&status=active&per_page=500`, token: promoter })).json() as {
      collection: { id: number; name: string }[];
    };
    const offered = new Map(picker.collection.map((u) => [Number(u.id), u.name]));
    for (const r of list.collection) expect(offered.get(Number(r.owner?.id)), `order ${r.id}`).toBe(r.owner?.name);
    // Both of Nordic Live's counters sold there, and one order opened names its seller.
    expect(new Set(list.collection.map((r) => r.owner?.name))).toEqual(new Set(['Globen Box Office', 'Cirkus Box Office']));
    const one = (await t.call({ method: 'GET', url: `/api/reservations/${list.collection[0]!.id}`, token: promoter })).json() as { owner: { id: number } };
    expect(offered.has(Number(one.owner.id))).toBe(true);
  });

  it('when the demo sold at the counter, then in the counter\'s evening hours before today, on a reservation closed at the sale, with no holder and no web fees', async () => {
    const wrong = (await rows<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM orders o LEFT JOIN users u ON u.id = o.owner_id AND u.type = 'boxoffice'
                 JOIN events e ON e.id = o.event_id WHERE o.type = 'boxoffice' AND (u.id IS NULL OR u.promoter_id <> e.promoter_id)) AS not_a_counter,
              (SELECT count(*)::int FROM orders WHERE type = 'boxoffice' AND title = 'Box office sale'
                  AND (created_at >= date_trunc('day', now() AT TIME ZONE 'Europe/Stockholm') OR validity_date IS NULL OR validity_date < created_at
                       OR created_at::time NOT BETWEEN '16:00' AND '22:00')) AS open_today_or_closed_hours,
              (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id AND o.type = 'boxoffice'
                WHERE i.holder_id IS NOT NULL OR i.type = 'merchandise' OR i.fee_type = 'ticket_admin_fee') AS web_items`,
    ))[0]!;
    expect(wrong).toEqual({ not_a_counter: 0, open_today_or_closed_hours: 0, web_items: 0 });
    // The counter's own list is its open reservations, not the demo's closed sales.
    const assigned = (await t.call({ method: 'GET', url: '/api/boxoffice/assigned', token: await t.tokenFor('boxoffice') })).json() as { collection: { title: string }[] };
    expect(assigned.collection.length).toBeGreaterThan(0);
    expect(assigned.collection.map((r) => r.title)).not.toContain('Box office sale');
  });
});
