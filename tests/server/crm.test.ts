import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmFiltersToQuery, type CrmFilters } from '../../src/domain/crmFilter';
import { deliverOutbox } from '../../server/outbox/deliverOutbox';
import type { OutgoingMessage, Transport, Transports } from '../../server/outbox/transports';
import { createTestApp, type TestApp } from './setup/testApp';

/** CRM (002 §2 CRM, §5, §7, §8, §9): segment count, send, download; one query behind all three. */
let t: TestApp;
let promoter: string;
let promoter2: string;
let admin: string;
let promoterId: number;
let half: string;
let first: string;

beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2'), t.tokenFor('admin')]);
  promoterId = Number((await t.db.query<{ p: number }>(`SELECT promoter_id AS p FROM users WHERE email = 'promoter@demo.test'`)).rows[0].p);
  const span = await t.db.query<{ first: string; half: string }>(
    `SELECT min(sold_at)::date::text AS first,
            (min(sold_at) + (max(sold_at) - min(sold_at)) / 2)::date::text AS half
       FROM order_items WHERE promoter_id = $1 AND sold_at IS NOT NULL`,
    [promoterId],
  );
  ({ first, half } = span.rows[0]);
});
afterAll(() => t.close());

const qs = (filters: CrmFilters) => new URLSearchParams(crmFiltersToQuery(filters)).toString();
const count = (filters: CrmFilters, token = promoter) => t.call({ method: 'GET', url: `/api/attendees?${qs(filters)}`, token });
const csv = (filters: CrmFilters, token = promoter) => t.call({ method: 'GET', url: `/api/attendees?${qs(filters)}`, token, headers: { accept: 'text/csv' } });
const send = (filters: CrmFilters, content = { en: 'Hello from Nordic Live', sv: 'Hej från Nordic Live' }, token = promoter) =>
  t.call({ method: 'POST', url: '/api/events/send-notification', token, payload: { content, filters } });
/** Data rows of a CSV body (BOM, header and the last line end cut off). */
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n').slice(1).filter(Boolean);

/** Two metrics: more than 2 adult tickets in the first half of the sales, and more than 500 SEK spent on tickets ever. */
const twoMetrics = (): CrmFilters => ({
  metrics: {
    adult_tickets: { operator: 'more', value: 2, date_from: first, date_to: half },
    ticket_spend: { operator: 'more', value: 500 },
  },
});

/** The same segment counted straight from the order items, without crm_customer_days or the builder. */
async function countFromItems(pid: number): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT o.owner_id FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.promoter_id = $1 AND i.sold_at IS NOT NULL AND i.type IN ('ticket', 'merchandise')
        GROUP BY o.owner_id
       HAVING coalesce(sum(i.quantity) FILTER (WHERE i.type = 'ticket' AND NOT i.is_child AND i.sold_at >= $2::date AND i.sold_at < $3::date + 1), 0) > 2
          AND coalesce(sum(i.price_ore::bigint * i.quantity) FILTER (WHERE i.type = 'ticket'), 0) > 50000) s
     JOIN users u ON u.id = s.owner_id AND u.type = 'attendee' AND u.status <> 'deleted' AND (u.email IS NOT NULL OR u.phone IS NOT NULL)
     -- Blacklisted people of this promoter are no one's audience (002 §2).
     WHERE NOT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.user_id = u.id AND b.promoter_id = $1
                         AND b.expire_date >= (now() AT TIME ZONE 'Europe/Stockholm')::date)`,
    [pid, first, half],
  );
  return rows[0].n;
}

describe('segment count (GET api/attendees)', () => {
  it('when a promoter filters by two metrics, then the count is what their order items say', async () => {
    const res = await count(twoMetrics());
    expect(res.statusCode).toBe(200);
    const expected = await countFromItems(promoterId);
    expect(expected).toBeGreaterThan(0);
    expect(res.json()).toEqual({ count: expected });
  });

  it('when gender, age and events narrow it, then the count shrinks accordingly', async () => {
    const all = (await count({})).json().count;
    const women = (await count({ gender: 'female' })).json().count;
    const men = (await count({ gender: 'male' })).json().count;
    expect(women + men).toBeLessThanOrEqual(all);
    expect(women).toBeGreaterThan(0);
    const aged = (await count({ age_from: 30, age_to: 40 })).json().count;
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(DISTINCT d.customer_id)::int AS n FROM crm_customer_days d JOIN users u ON u.id = d.customer_id
        WHERE d.promoter_id = $1 AND u.type = 'attendee' AND date_part('year', age(current_date, u.birth_date)) BETWEEN 30 AND 40`,
      [promoterId],
    );
    expect(aged).toBe(rows[0].n);
    const event = (await t.db.query<{ id: number }>('SELECT event_id AS id FROM crm_customer_days WHERE promoter_id = $1 LIMIT 1', [promoterId])).rows[0].id;
    const one = (await count({ events: [Number(event)] })).json().count;
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThanOrEqual(all);
  });

  it('when each operator and period is used, then "equal", "less than" and a period all answer', async () => {
    const none = await count({ metrics: { discount_usage: { operator: 'less', value: 0 } } });
    expect(none.json()).toEqual({ count: 0 });
    const zeroThisMonth = (await count({ metrics: { merchandise_spend: { operator: 'equal', value: 0, date_from: '2000-01-01', date_to: '2000-01-31' } } })).json().count;
    expect(zeroThisMonth).toBe((await count({})).json().count);
  });

  it('when a promoter names another promoter\'s events, then none of those buyers are theirs to count', async () => {
    const foreign = (await t.db.query<{ id: number }>('SELECT event_id AS id FROM crm_customer_days WHERE promoter_id <> $1 LIMIT 1', [promoterId])).rows[0].id;
    expect((await count({ events: [Number(foreign)] })).json()).toEqual({ count: 0 });
    expect((await count({ events: [Number(foreign)] }, promoter2)).json().count).toBeGreaterThan(0);
  });

  it('when the admin counts, then every promoter\'s buyers are in scope', async () => {
    const mine = (await count({})).json().count;
    expect((await count({}, admin)).json().count).toBeGreaterThanOrEqual(mine);
  });

  it('when the input is bad, then 4xx with the field\'s message, never 5xx', async () => {
    const backwards = await count({ metrics: { ticket_spend: { operator: 'more', value: 1, date_from: '2026-05-01', date_to: '2026-04-01' } } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().validation_errors['ticket_spend.date_to']).toEqual(['The to date may not be before the from date.']);
    expect((await count({ metrics: { ticket_spend: { operator: 'more', value: 1, date_from: '2026-02-31' } } })).statusCode).toBe(422);
    expect((await count({ age_from: 50, age_to: 20 })).statusCode).toBe(422);
    for (const q of ['filters[age_from]=-1', 'filters[gender]=other', 'filters[events]=1;DROP', 'filters[ticket_spend][value]=1e99', 'filters[ticket_spend][operator]=x', 'filters[events]=99999999999999']) {
      const res = await t.call({ method: 'GET', url: `/api/attendees?${q}`, token: promoter });
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
  });

  it('when the caller is signed out or not back office, then refused', async () => {
    expect((await t.call({ method: 'GET', url: '/api/attendees' })).statusCode).toBe(401);
    const corporate = await t.tokenFor('corporate');
    expect((await count({}, corporate)).statusCode).toBe(403);
  });
});

describe('the count, the send list and the CSV never disagree', () => {
  it('when one segment is counted, sent to and downloaded, then the three hold the same people', async () => {
    const filters = twoMetrics();
    const n = (await count(filters)).json().count;
    const sent = await send(filters);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: `Queued ${n.toLocaleString('en-US')} messages.`, recipients: n, campaign_id: expect.any(Number) });
    const file = await csv(filters);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('UserExport.csv');
    const rows = csvRows(file.body);
    expect(rows).toHaveLength(n);
    expect(file.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('ID,First name,Last name,Email,Phone,Country');

    const ids = rows.map((r) => Number(r.split(',')[0])).sort((a, b) => a - b);
    const queued = await t.db.query<{ id: number }>(
      `SELECT m.recipient_id AS id FROM outbox_messages m JOIN crm_campaigns c ON c.id = m.campaign_id
        WHERE c.id = (SELECT max(id) FROM crm_campaigns) ORDER BY 1`,
    );
    expect(queued.rows.map((r) => Number(r.id))).toEqual(ids);
    // Every one of them bought at the promoter's own events.
    const foreign = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM unnest($1::bigint[]) AS p(id)
        WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.owner_id = p.id AND o.promoter_id = $2)`,
      [ids, promoterId],
    );
    expect(foreign.rows[0].n).toBe(0);
  });

  it('when a segment is larger than one CSV page, then the stream holds every row once', async () => {
    const n = (await count({}, admin)).json().count;
    const rows = csvRows((await csv({}, admin)).body);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(n);
  });
});

describe('send messages (POST api/events/send-notification)', () => {
  it('when either language is blank, then Required on that field and nothing is queued', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages')).rows[0].n;
    const res = await send({}, { en: '  ', sv: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ 'content.en': ['Required'], 'content.sv': ['Required'] });
    expect((await send({}, { en: 'x\u0000', sv: 'y' })).statusCode).toBe(422);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages')).rows[0].n).toBe(before);
  });

  it('when the filter is bad, then 422 and nothing is sent', async () => {
    const res = await send({ metrics: { adult_tickets: { operator: 'more', value: 1, date_from: '2026-05-02', date_to: '2026-05-01' } } });
    expect(res.statusCode).toBe(422);
    const noSv = await t.call({ method: 'POST', url: '/api/events/send-notification', token: promoter, payload: { content: { en: 'a' } } });
    expect(noSv.statusCode).toBeGreaterThanOrEqual(400);
    expect(noSv.statusCode).toBeLessThan(500);
  });

  it('when a delivery adapter is plugged in, then the pending messages go out once, in the recipient\'s language', async () => {
    await send({ events: [Number((await t.db.query<{ id: number }>('SELECT event_id AS id FROM crm_customer_days WHERE promoter_id = $1 LIMIT 1', [promoterId])).rows[0].id)] }, { en: 'English text', sv: 'Svensk text' });
    const delivered: OutgoingMessage[] = [];
    const all = (t: Transport): Transports => ({ email: t, sms: t, social: t });
    const run = await deliverOutbox(t.db, all({ name: 'test', deliver: async (m) => (delivered.push(m), null) }), { batch: 50 });
    expect(run.sent).toBe(50);
    const swedes = await t.db.query<{ id: number }>(`SELECT id FROM outbox_messages WHERE language = 'sv' AND id = ANY($1::bigint[])`, [delivered.map((m) => m.id)]);
    const sv = new Set(swedes.rows.map((r) => Number(r.id)));
    expect(delivered.every((m) => (sv.has(m.id) ? /Svensk text|Hej/ : /English text|Hello/).test(m.body))).toBe(true);
    const sent = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_messages WHERE status = 'sent' AND transport = 'test'`);
    expect(sent.rows[0].n).toBe(50);
    const failing = all({ name: 'test', deliver: async () => { throw new Error('mailbox full'); } });
    await deliverOutbox(t.db, failing, { batch: 1, maxAttempts: 1 });
    expect((await t.db.query<{ e: string }>(`SELECT last_error AS e FROM outbox_messages WHERE status = 'failed'`)).rows[0].e).toBe('mailbox full');
  });
});

describe('download (Accept: text/csv)', () => {
  it('when the second demo promoter (seeded without the permission) downloads, then 403; the admin may always', async () => {
    const res = await csv({}, promoter2);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permissions to access this content. Contact your administrator for more information');
    expect((await csv({ gender: 'male' }, admin)).statusCode).toBe(200);
  });

  it('when the promoter lacks can_download_emails, then 403 with the spec\'s permission message', async () => {
    await t.db.query('UPDATE promoters SET can_download_emails = false WHERE id = $1', [promoterId]);
    try {
      const res = await csv(twoMetrics());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('You do not have permissions to access this content. Contact your administrator for more information');
      expect((await count(twoMetrics())).statusCode).toBe(200);
    } finally {
      await t.db.query('UPDATE promoters SET can_download_emails = true WHERE id = $1', [promoterId]);
    }
  });
});

describe('crm_customer_days follows the sales', () => {
  it('when an item is paid, changed and its order moves to another owner, then the segment follows', async () => {
    const filters: CrmFilters = { metrics: { merchandise_spend: { operator: 'more', value: 100000 } } };
    const before = (await count(filters)).json().count;
    const order = (await t.db.query<{ id: number; owner: number; event: number }>(
      `SELECT o.id, o.owner_id AS owner, o.event_id AS event FROM orders o JOIN users u ON u.id = o.owner_id
        WHERE o.promoter_id = $1 AND u.type = 'attendee' AND o.status = 'completed' ORDER BY o.id LIMIT 1`,
      [promoterId],
    )).rows[0];
    const merch = (await t.db.query<{ id: number }>('SELECT id FROM merchandises WHERE promoter_id = $1 LIMIT 1', [promoterId])).rows[0];
    const item = await t.db.query<{ id: number }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, merchandise_id, quantity, original_price_ore, price_ore, vat_percent, sold_at)
       VALUES ($1, $2, $3, 'merchandise', 'sale', $4, 1, 20000000, 20000000, 25, now()) RETURNING id`,
      [order.id, order.event, promoterId, merch.id],
    );
    expect((await count(filters)).json().count).toBe(before + 1);
    await t.db.query('UPDATE order_items SET price_ore = 0, original_price_ore = 0 WHERE id = $1', [item.rows[0].id]);
    expect((await count(filters)).json().count).toBe(before);
    await t.db.query('UPDATE order_items SET price_ore = 20000000, original_price_ore = 20000000 WHERE id = $1', [item.rows[0].id]);
    const other = (await t.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.type = 'attendee' AND u.email IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.owner_id = u.id) ORDER BY u.id LIMIT 1`,
    )).rows[0];
    if (other) {
      await t.db.query('UPDATE orders SET owner_id = $2 WHERE id = $1', [order.id, other.id]);
      const movedTo = await t.db.query<{ n: number }>('SELECT sum(merchandise_ore)::bigint AS n FROM crm_customer_days WHERE customer_id = $1', [other.id]);
      expect(Number(movedTo.rows[0].n)).toBeGreaterThanOrEqual(20000000);
      await t.db.query('UPDATE orders SET owner_id = $2 WHERE id = $1', [order.id, order.owner]);
    }
    await t.db.query('DELETE FROM order_items WHERE id = $1', [item.rows[0].id]);
    expect((await count(filters)).json().count).toBe(before);
    expect(await countFromItems(promoterId)).toBe((await count(twoMetrics())).json().count);
    // The month sums are the day sums, month by month, after every change above.
    const drift = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT promoter_id, customer_id, date_trunc('month', day)::date AS month, sum(adult_tickets) AS a, sum(ticket_ore) AS t,
                sum(merchandise_ore) AS mo, sum(discount_uses) AS du
           FROM crm_customer_days GROUP BY 1, 2, 3) d
       FULL JOIN crm_customer_months m USING (promoter_id, customer_id, month)
      WHERE (d.a, d.t, d.mo, d.du) IS DISTINCT FROM (m.adult_tickets, m.ticket_ore, m.merchandise_ore, m.discount_uses)`,
    );
    expect(drift.rows[0].n).toBe(0);
  });

  it('when whole months of all events are asked, then the month sums answer what the day sums answer', async () => {
    const events = (await t.db.query<{ id: number }>('SELECT DISTINCT event_id AS id FROM crm_customer_days WHERE promoter_id = $1', [promoterId])).rows.map((r) => Number(r.id));
    const month = half.slice(0, 7);
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    const filters: CrmFilters = {
      metrics: {
        adult_tickets: { operator: 'more', value: 0, date_from: `${month}-01`, date_to: `${month}-${lastDay}` },
        merchandise_spend: { operator: 'less', value: 300 },
        discount_usage: { operator: 'equal', value: 0, date_from: `${month.slice(0, 4)}-01-01`, date_to: `${month.slice(0, 4)}-12-31` },
      },
    };
    const byMonths = (await count(filters)).json().count;
    expect(byMonths).toBeGreaterThan(0);
    expect((await count({ ...filters, events })).json().count).toBe(byMonths);
  });
});
