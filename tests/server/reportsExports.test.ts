import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingRow } from '../../src/contracts/reports';
import { accountingCsvBytes, chunkStarts, exclSql, sek } from '../../server/routes/reports/accountingCopy';
import { accountingPage, type AccountingRowOre } from '../../server/routes/reports/accountingQuery';
import { exclFromIncl } from '../../src/domain/vat';
import { buildAccountingCsv, type AccountingColumns } from '../../workers/reports/buildCsv';
import { createTestApp, type TestApp } from './setup/testApp';

/** A page of rows as the reports worker's CSV core takes them (the writer the COPY file is compared with) (money stays öre; a missing id becomes an empty field). */
function accountingColumns(rows: AccountingRowOre[]): AccountingColumns {
  const text = (f: (r: AccountingRowOre) => string | null) => rows.map((r) => f(r) ?? '');
  const num = (f: (r: AccountingRowOre) => number | null) => Float64Array.from(rows, (r) => f(r) ?? Number.NaN);
  return {
    transactionDate: text((r) => r.transactionDate),
    transactionType: text((r) => r.transactionType),
    reservationId: num((r) => r.reservationId),
    providerOrderId: text((r) => r.providerOrderId),
    paymentId: num((r) => r.paymentId),
    customerName: text((r) => r.customerName),
    phone: text((r) => r.phone),
    email: text((r) => r.email),
    event: text((r) => r.event),
    itemId: num((r) => r.itemId),
    itemName: text((r) => r.itemName),
    itemType: text((r) => r.itemType),
    priceOre: num((r) => r.priceOre),
    quantity: num((r) => r.quantity),
    vatPercent: num((r) => r.vatPercent),
    vatPerItemOre: num((r) => r.vatPerItemOre),
    totalInclOre: num((r) => r.totalInclOre),
    totalExclOre: num((r) => r.totalExclOre),
  };
}

/** Accounting (JSON pages and the streamed CSV), the sales overview, customers and scanning, checked on raw rows. */
let t: TestApp;
let admin: string;
let promoter: string;
let from: string;
let to: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter')]);
  const span = (await t.db.query<{ first: string; last: string }>(
    `SELECT min(sold_at)::date::text AS first, max(sold_at)::date::text AS last FROM order_items`)).rows[0]!;
  [from, to] = [span.first, span.last];
});
afterAll(() => t.close());

const get = (url: string, token = admin, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, token, headers });
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0]!;

/** The smallest event with sales and refunds: small enough to page through completely. */
async function smallEvent(): Promise<{ id: number; items: number; refunds: number }> {
  const r = await one<{ id: number; items: number; refunds: number }>(
    `SELECT i.event_id AS id, count(*)::int AS items,
            (SELECT count(*)::int FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id WHERE r.event_id = i.event_id) AS refunds
       FROM order_items i WHERE i.sold_at IS NOT NULL GROUP BY i.event_id
     HAVING (SELECT count(*) FROM refunds r WHERE r.event_id = i.event_id) > 0
      ORDER BY count(*) LIMIT 1`);
  return { id: Number(r.id), items: r.items, refunds: r.refunds };
}

describe('accounting', () => {
  it('when an admin pages through an event, then every paid item and refund comes once, in time order, with its VAT', async () => {
    const ev = await smallEvent();
    const rows: AccountingRow[] = [];
    let after = '';
    let count = -1;
    for (let page = 0; page < 500; page++) {
      const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}&event_id=${ev.id}&per_page=997${after}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      count = body.count;
      rows.push(...body.data);
      if (!body.next) break;
      after = `&after=${encodeURIComponent(body.next)}`;
    }
    expect(count).toBe(ev.items + ev.refunds);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => `${r.transaction_type}:${r.item_id}`)).size).toBe(rows.length - 0);
    const sorted = [...rows].sort((a, b) => a.transaction_date.localeCompare(b.transaction_date));
    expect(rows.map((r) => r.transaction_date)).toEqual(sorted.map((r) => r.transaction_date));
    const refunds = rows.filter((r) => r.transaction_type === 'refund');
    expect(refunds).toHaveLength(ev.refunds);
    expect(refunds.every((r) => r.total_incl_vat < 0)).toBe(true);
    const money = (f: (r: AccountingRow) => number, rs = rows) => rs.reduce((s, r) => s + Math.round(f(r) * 100), 0);
    const raw = await one<{ sold: number; refunded: number }>(
      `SELECT (SELECT sum(price_ore * quantity) FROM order_items WHERE event_id = $1 AND sold_at IS NOT NULL)::bigint AS sold,
              (SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id WHERE r.event_id = $1)::bigint AS refunded`, [ev.id]);
    expect(money((r) => r.total_incl_vat)).toBe(Number(raw.sold) - Number(raw.refunded));
    for (const r of rows.filter((x) => x.transaction_type !== 'refund')) {
      expect(Math.round(r.total_incl_vat * 100)).toBe(Math.round(r.price * 100) * r.quantity);
      expect(r.total_excl_vat).toBeLessThanOrEqual(r.total_incl_vat);
    }
    expect(rows.find((r) => r.item_type === 'ticket')).toMatchObject({ provider_order_id: expect.any(String), payment_id: expect.any(Number) });
  });

  it('when the CSV is asked for, then AccountingReport.csv streams every row with the 18 columns', async () => {
    const ev = await smallEvent();
    const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}&event_id=${ev.id}`, admin, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('AccountingReport.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Transaction date,Type,Reservation ID,Payment provider order ID,Payment ID,Customer name,Phone,Email,Event,Item ID,Name,Item type,Price,Quantity,VAT %,VAT per item,Total incl VAT,Total excl VAT');
    expect(lines.filter((l) => l.startsWith('Transaction date'))).toHaveLength(1);
    expect(lines).toHaveLength(1 + ev.items + ev.refunds);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},(sale|resale|corporate|refund),\d+,/);
  });

  it('when the accounting CSV spans more than one page, then the pages join without repeated headers', async () => {
    const big = await one<{ id: number; n: number }>(
      `SELECT event_id AS id, count(*)::int AS n FROM order_items WHERE sold_at IS NOT NULL GROUP BY event_id HAVING count(*) > 5000 ORDER BY count(*) LIMIT 1`);
    const refunds = await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id WHERE r.event_id = $1', [big.id]);
    const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}&event_id=${big.id}`, admin, { accept: 'text/csv' });
    const text = res.rawPayload.toString('utf8');
    expect(text.match(/Transaction date,/g)).toHaveLength(1);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + big.n + refunds.n);
  });
});

describe('accounting CSV written by COPY', () => {
  const csvOf = async (eventId: number) => {
    const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}&event_id=${eventId}`, admin, { accept: 'text/csv' });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  /** The file the reports worker's CSV core writes from the JSON pages' rows of one event. */
  const coreCsvOf = async (eventId: number) => {
    const rows: AccountingRowOre[] = [];
    let after: string | undefined;
    do {
      const page = await accountingPage(t.db, { from, to, until: nextDay(to), promoterId: null, eventId }, 5000, after);
      rows.push(...page.rows);
      after = page.next ?? undefined;
    } while (after);
    return Buffer.concat((await buildAccountingCsv(accountingColumns(rows))).parts).toString('utf8');
  };

  it('when the CSV is streamed, then it is byte for byte the file the CSV core writes from the same rows', async () => {
    const ev = await smallEvent();
    const copied = await csvOf(ev.id);
    expect(Buffer.from(copied).toString('utf8')).toBe(await coreCsvOf(ev.id));
  });

  it('when excl VAT and SEK are worked out in the COPY, then they are exclFromIncl\'s figure and the CSV core\'s text for every amount and rate', async () => {
    // The seeded rows carry few rates and amounts: this walks every amount from -25 to 25 SEK (the half-öre cases and
    // refunds' negative amounts among them) and big ones, at the dropdown's rates and 2-decimal ones.
    const rates = [0, 6, 12, 25, 12.5, 7.25, 0.01, 99.99];
    const { rows } = await t.db.query<{ incl: number; rate: number; excl: number; sek: string }>(
      `SELECT p.x AS incl, p.rate::float8 AS rate, ${exclSql('p.x')} AS excl, (${sek('p.x')})::text AS sek
         FROM (SELECT x::bigint AS x, r AS rate, (r * 100)::int AS vat_h
                 FROM (SELECT generate_series(-2500, 2500) AS x UNION ALL SELECT unnest(ARRAY[123456789, -987654321, 99999999999])) xs,
                      unnest($1::numeric[]) r) p`,
      [rates],
    );
    expect(rows).toHaveLength(5004 * rates.length);
    const sekText = (ore: number) => `${ore < 0 ? '-' : ''}${Math.trunc(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, '0')}`;
    const wrong = rows.filter((r) => Number(r.excl) !== exclFromIncl(Number(r.incl), Number(r.rate)) || r.sek !== sekText(Number(r.incl)));
    expect(wrong).toEqual([]);
  });

  it('when the period is copied in many chunks of days, then no row is lost or repeated where two chunks meet', async () => {
    // The smallest event that sold on several days; a chunk of one row is one day (chunks are whole days), so its
    // rows go in several COPYs, each started before the one before it is sent.
    const ev = await one<{ id: number }>(
      `SELECT event_id AS id FROM order_items WHERE sold_at IS NOT NULL GROUP BY event_id
       HAVING count(DISTINCT sold_at::date) > 2 ORDER BY count(*) LIMIT 1`);
    const scope = { from, to, until: nextDay(to), promoterId: null, eventId: Number(ev.id) };
    expect((await chunkStarts(t.db, scope, 1)).length).toBeGreaterThan(2);
    const parts: Uint8Array[] = [];
    for await (const part of accountingCsvBytes(t.db, scope, 1)) parts.push(part);
    expect(Buffer.concat(parts).toString('utf8')).toBe(await coreCsvOf(Number(ev.id)));
  });

  it('when sales were paid at fractions of a second, then the date cell is the moment cut to the second, as the CSV core writes it', async () => {
    // The COPY writes date_trunc('second', …) through the timestamp's own output; the JSON pages cut the text.
    const ev = await smallEvent();
    const moved = "sold_at + interval '0.987654 second'";
    await t.db.query(`UPDATE order_items SET sold_at = ${moved} WHERE event_id = $1 AND sold_at IS NOT NULL AND id % 2 = 0`, [ev.id]);
    try {
      const text = Buffer.from(await csvOf(ev.id)).toString('utf8');
      expect(text).not.toMatch(/\d:\d{2}\.\d/);
      expect(text).toBe(await coreCsvOf(ev.id));
    } finally {
      await t.db.query(`UPDATE order_items SET sold_at = sold_at - interval '0.987654 second' WHERE event_id = $1 AND sold_at IS NOT NULL AND id % 2 = 0`, [ev.id]);
    }
  });

  it('when names start like a formula or are empty, then the COPY writes them as the CSV core does', async () => {
    // The COPY makes the names of customers, events, ticket types and products formula-safe once per row of their
    // own tables and builds the item's name from those parts: this renames each kind so both branches are taken.
    const ev = await one<{ id: number }>(
      `SELECT event_id AS id FROM order_items WHERE sold_at IS NOT NULL GROUP BY event_id
       HAVING count(*) FILTER (WHERE type = 'merchandise') > 0 AND count(*) FILTER (WHERE type = 'ticket') > 0 ORDER BY count(*) LIMIT 1`);
    const eventId = Number(ev.id);
    const saved = await t.db.query<{ sql: string; params: unknown[] }>(
      `SELECT 'UPDATE event_translations SET name = $2 WHERE event_id = $1 AND language = ''en''' AS sql, json_build_array(event_id, name) AS params
         FROM event_translations WHERE event_id = $1 AND language = 'en'
       UNION ALL SELECT 'UPDATE ticket_types SET name = $2 WHERE id = $1', json_build_array(id, name) FROM ticket_types WHERE event_id = $1
       UNION ALL SELECT 'UPDATE merchandise_translations SET name = $2 WHERE merchandise_id = $1 AND language = ''en''', json_build_array(merchandise_id, name)
         FROM merchandise_translations WHERE language = 'en' AND merchandise_id IN (SELECT merchandise_id FROM order_items WHERE event_id = $1)
       UNION ALL SELECT 'UPDATE users SET name = $2 WHERE id = $1', json_build_array(id, name)
         FROM users WHERE id IN (SELECT owner_id FROM orders WHERE event_id = $1)`, [eventId]);
    try {
      await t.db.query(`UPDATE event_translations SET name = '=HYPERLINK("x")' WHERE event_id = $1 AND language = 'en'`, [eventId]);
      await t.db.query(`UPDATE ticket_types SET name = CASE WHEN id % 2 = 0 THEN '-' || id ELSE '@' || name END WHERE event_id = $1`, [eventId]);
      await t.db.query(
        `UPDATE merchandise_translations SET name = CASE WHEN merchandise_id % 2 = 0 THEN '' ELSE '+' || name END
          WHERE language = 'en' AND merchandise_id IN (SELECT merchandise_id FROM order_items WHERE event_id = $1)`, [eventId]);
      await t.db.query(`UPDATE users SET name = chr(9) || name WHERE id IN (SELECT owner_id FROM orders WHERE event_id = $1)`, [eventId]);
      const text = Buffer.from(await csvOf(eventId)).toString('utf8');
      expect(text).toContain(`,"'=HYPERLINK(""x"")",`);
      expect(text).toMatch(/,'[-@+][^,]*,/);
      expect(text).toBe(await coreCsvOf(eventId));
      await t.db.query(`UPDATE event_translations SET name = '' WHERE event_id = $1 AND language = 'en'`, [eventId]);
      expect(Buffer.from(await csvOf(eventId)).toString('utf8')).toBe(await coreCsvOf(eventId));
    } finally {
      for (const r of saved.rows) await t.db.query(r.sql, r.params);
    }
  });

  it('when a customer phone is a plain international number, then it has no apostrophe; a phone that could be a formula has one', async () => {
    const ev = await smallEvent();
    const owners = (await t.db.query<{ id: number }>(
      `SELECT DISTINCT o.owner_id AS id FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE i.event_id = $1 AND i.sold_at IS NOT NULL AND o.owner_id IS NOT NULL ORDER BY 1 LIMIT 4`, [ev.id])).rows.map((r) => Number(r.id));
    const phones = ['+46 70 123 45 67', '+46=1+cmd', '-1+1', '@SUM(A1)'];
    const before = (await t.db.query<{ id: number; phone: string | null }>('SELECT id, phone FROM users WHERE id = ANY($1::bigint[])', [owners])).rows;
    try {
      for (const [k, id] of owners.entries()) await t.db.query('UPDATE users SET phone = $2 WHERE id = $1', [id, phones[k]]);
      const text = Buffer.from(await csvOf(ev.id)).toString('utf8');
      expect(text).toContain(',+46 70 123 45 67,');
      expect(text).not.toContain(",'+46 70 123 45 67,");
      expect(text).toContain(",'+46=1+cmd,");
      expect(text).toContain(",'-1+1,");
      expect(text).toContain(",'@SUM(A1),");
    } finally {
      for (const r of before) await t.db.query('UPDATE users SET phone = $2 WHERE id = $1', [r.id, r.phone]);
    }
  });

  it('when the client accepts gzip, then the CSV comes compressed and unpacks to the same file', async () => {
    const ev = await smallEvent();
    const plain = await csvOf(ev.id);
    const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}&event_id=${ev.id}`, admin, { accept: 'text/csv', 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(gunzipSync(res.rawPayload).equals(plain)).toBe(true);
  });

  it('when a promoter asks for the accounting CSV, then it is refused (admin only)', async () => {
    const res = await get(`/api/reports/accounting?from_date=${from}&to_date=${to}`, promoter, { accept: 'text/csv' });
    expect(res.statusCode).toBe(403);
  });
});

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 864e5).toISOString().slice(0, 10);
}

describe('sales overview', () => {
  it('when the overview is asked for, then each day is the raw sales of that day and accumulated is their running sum', async () => {
    const res = await get(`/api/reports/sales-overview/tickets?from_date=${from}&to_date=${to}`);
    const { isolated, accumulated } = res.json().data as { isolated: [string[], ...[string, number][]]; accumulated: [string[], ...[string, number][]] };
    expect(isolated[0]).toEqual(['Date', 'Tickets sold']);
    const days = isolated.slice(1) as [string, number][];
    expect(days.every(([d]) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    const raw = new Map((await t.db.query<{ d: string; n: number }>(
      `SELECT sold_at::date::text AS d, count(*)::int AS n FROM order_items WHERE sold_at IS NOT NULL AND type = 'ticket' GROUP BY 1`)).rows.map((r) => [r.d, r.n]));
    expect(new Map(days.filter(([, n]) => n > 0))).toEqual(raw);
    let running = 0;
    (accumulated.slice(1) as [string, number][]).forEach(([d, n], i) => {
      running += days[i]![1];
      expect([d, n]).toEqual([days[i]![0], running]);
    });
  });

  it('when the money overview is asked for, then its total column is every paid item of the period', async () => {
    const overview = (await get(`/api/reports/sales-overview?from_date=${from}&to_date=${to}`)).json().data.isolated as [string[], ...[string, number, number, number, number][]];
    expect(overview[0]).toEqual(['Date', 'Total', 'Tickets', 'Merchandise', 'Fees']);
    const sum = (overview.slice(1) as [string, number][]).reduce((s, r) => s + Math.round(r[1] * 100), 0);
    const raw = await one<{ ore: number }>(`SELECT sum(price_ore * quantity)::bigint AS ore FROM order_items WHERE sold_at IS NOT NULL`);
    expect(sum).toBe(Number(raw.ore));
  });

  it('when a promoter asks for merchandise sold and tickets refunded, then each day is their own raw items and refunds', async () => {
    const own = await one<{ id: number }>(`SELECT promoter_id AS id FROM users WHERE email = 'promoter@demo.test'`);
    // Refunds may come after the last sale: the period runs to the last refund too.
    const last = await one<{ d: string }>(`SELECT greatest((SELECT max(sold_at) FROM order_items), (SELECT max(created_at) FROM refunds))::date::text AS d`);
    const days = async (report: string) => {
      const res = await get(`/api/reports/sales-overview/${report}?from_date=${from}&to_date=${last.d}`, promoter);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().data.isolated.slice(1) as [string, number][]).filter(([, n]) => n > 0));
    };
    const raw = async (sql: string) => new Map((await t.db.query<{ d: string; n: number }>(sql, [Number(own.id)])).rows.map((r) => [r.d, r.n]));
    expect(await days('merchandises')).toEqual(await raw(
      `SELECT sold_at::date::text AS d, sum(quantity)::int AS n FROM order_items
        WHERE sold_at IS NOT NULL AND type = 'merchandise' AND promoter_id = $1 GROUP BY 1`));
    const refunded = await raw(
      `SELECT r.created_at::date::text AS d, sum(ri.quantity)::int AS n
         FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id JOIN order_items i ON i.id = ri.order_item_id
        WHERE i.type = 'ticket' AND i.promoter_id = $1 GROUP BY 1`);
    expect(refunded.size).toBeGreaterThan(0);
    expect(await days('tickets-refunded')).toEqual(refunded);
  });

  it('when refund lines are written, then each carries its order item\'s type, whatever the writer says (155_refund_item_type.sql)', async () => {
    // The seeded year (loaded with triggers off, so the seed writes the type itself) agrees with the items.
    const wrong = await one<{ n: number; all: number }>(
      `SELECT count(*) FILTER (WHERE ri.item_type IS DISTINCT FROM i.type)::int AS n, count(*)::int AS all
         FROM refund_items ri JOIN order_items i ON i.id = ri.order_item_id`);
    expect(wrong.all).toBeGreaterThan(0);
    expect(wrong.n).toBe(0);
    // A new line takes its item's type from the database, even when the writer names another; so does a moved one.
    const items = await t.db.query<{ id: number; type: string; order_id: number; payment_id: number; event_id: number; promoter_id: number }>(
      `SELECT DISTINCT ON (i.type) i.id::int, i.type, i.order_id::int, i.payment_id::int, i.event_id::int, i.promoter_id::int FROM order_items i
        WHERE i.type IN ('ticket', 'merchandise') AND i.payment_id IS NOT NULL AND i.price_ore > 0
          AND NOT EXISTS (SELECT 1 FROM refund_items ri WHERE ri.order_item_id = i.id) ORDER BY i.type, i.id`);
    const [merch, ticket] = items.rows;
    expect([merch!.type, ticket!.type]).toEqual(['merchandise', 'ticket']);
    // In a transaction rolled back at the end: the shared data stays as seeded.
    await expect(t.db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(`INSERT INTO refunds (order_id, payment_id, event_id, promoter_id) VALUES ($1, $2, $3, $4) RETURNING id::int`,
        [ticket!.order_id, ticket!.payment_id, ticket!.event_id, ticket!.promoter_id]);
      const line = await tx.query<{ id: number; item_type: string }>(
        `INSERT INTO refund_items (refund_id, order_item_id, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore, item_type)
         VALUES ($1, $2, 1, 0, 0, 'merchandise') RETURNING id::int, item_type`, [r.rows[0]!.id, ticket!.id]);
      expect(line.rows[0]!.item_type).toBe('ticket');
      const moved = await tx.query<{ item_type: string }>(`UPDATE refund_items SET order_item_id = $1 WHERE id = $2 RETURNING item_type`, [merch!.id, line.rows[0]!.id]);
      expect(moved.rows[0]!.item_type).toBe('merchandise');
      throw new Error('undo');
    })).rejects.toThrow('undo');
  });
});

describe('customers and scanning', () => {
  it('when the customer report is asked for, then each customer of the period is counted once per breakdown', async () => {
    const res = await get(`/api/reports/customer?from_date=${from}&to_date=${to}`, promoter);
    const data = res.json().data;
    const raw = await one<{ n: number; doc: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE register_type = 'document')::int AS doc FROM users WHERE id IN (
         SELECT owner_id FROM orders o JOIN promoters p ON p.id = o.promoter_id JOIN users u ON u.promoter_id = p.id
          WHERE u.email = 'promoter@demo.test' AND o.status = 'completed') AND type = 'attendee'`);
    const total = (xs: { quantity: number }[]) => xs.reduce((s, x) => s + x.quantity, 0);
    expect(total(data.by_country)).toBe(raw.n);
    expect(total(data.by_registration_type)).toBe(raw.n);
    expect(data.by_age.reduce((s: number, a: { document: number }) => s + a.document, 0)).toBe(raw.doc);
  });

  it('when a passed event is scanned, then scanned + not scanned = total per item, as the raw scans say', async () => {
    const ev = await one<{ id: number }>(`SELECT event_id AS id FROM scans GROUP BY event_id ORDER BY count(*) LIMIT 1`);
    const res = await t.call({ method: 'POST', url: '/api/reports/scanning/aggregated', token: admin, payload: { event_id: Number(ev.id), item_type: 'all' } });
    const rows = res.json().data as { item_type: string; scan_count: number; not_scan_count: number; total_count: number }[];
    for (const r of rows) expect(r.scan_count + r.not_scan_count).toBe(r.total_count);
    const raw = await one<{ scanned: number; total: number }>(
      `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM scans s WHERE s.order_item_id = i.id))::int AS scanned, count(*)::int AS total
         FROM order_items i WHERE i.event_id = $1 AND i.valid AND i.sold_at IS NOT NULL AND i.type <> 'fee'`, [ev.id]);
    expect([rows.reduce((s, r) => s + r.scan_count, 0), rows.reduce((s, r) => s + r.total_count, 0)]).toEqual([raw.scanned, raw.total]);
    const tickets = await t.call({ method: 'POST', url: '/api/reports/scanning/aggregated', token: admin, payload: { event_id: Number(ev.id), item_type: 'ticket' } });
    expect((tickets.json().data as { item_type: string }[]).every((r) => r.item_type === 'ticket')).toBe(true);
  });

  it('when the scanning report is asked for, then a total row adds the rows up and every row says its % scanned', async () => {
    const ev = await one<{ id: number }>(`SELECT event_id AS id FROM scans GROUP BY event_id ORDER BY count(*) LIMIT 1`);
    const res = await t.call({ method: 'POST', url: '/api/reports/scanning/aggregated', token: admin, payload: { event_id: Number(ev.id), item_type: 'all' } });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json() as { data: { scan_count: number; not_scan_count: number; total_count: number; scanned_percent: number }[]; total: Record<string, number> };
    const sum = (f: (r: (typeof data)[number]) => number) => data.reduce((s, r) => s + f(r), 0);
    expect(total).toEqual({
      scan_count: sum((r) => r.scan_count), not_scan_count: sum((r) => r.not_scan_count), total_count: sum((r) => r.total_count),
      scanned_percent: Math.round((sum((r) => r.scan_count) * 1000) / sum((r) => r.total_count)) / 10,
    });
    expect(total.scanned_percent).toBeGreaterThan(0);
    for (const r of data) expect(r.scanned_percent).toBe(Math.round((r.scan_count * 1000) / r.total_count) / 10);
  });

  it('when the customer report is asked for as CSV, then CustomerReport.csv holds the three breakdowns with the same counts', async () => {
    const json = (await get(`/api/reports/customer?from_date=${from}&to_date=${to}`, promoter)).json().data as {
      by_age: { age_group: string; eid: number; document: number }[]; by_country: { user_country: string; quantity: number }[];
      by_registration_type: { user_registration_type: string; quantity: number }[];
    };
    const res = await get(`/api/reports/customer?from_date=${from}&to_date=${to}`, promoter, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('CustomerReport.csv');
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('By age');
    expect(lines[1]).toBe('Age,BankID (eID),Document,Customers');
    expect(lines.slice(2, 2 + json.by_age.length)).toEqual(json.by_age.map((a) => `${a.age_group},${a.eid},${a.document},${a.eid + a.document}`));
    const country = lines.indexOf('By country');
    expect(lines.slice(country + 2, country + 2 + json.by_country.length)).toEqual(json.by_country.map((c) => `${c.user_country},${c.quantity}`));
    const registration = lines.indexOf('By registration type');
    expect(lines[registration + 1]).toBe('Registration type,Customers');
    expect(lines.slice(registration + 2).filter(Boolean).map((l) => Number(l.split(',')[1]))).toEqual(json.by_registration_type.map((r) => r.quantity));
  });

  it('when the detailed scanning CSV is asked for, then ScanningReport.csv lists every counted item once', async () => {
    const ev = await one<{ id: number; n: number }>(
      `SELECT i.event_id AS id, count(*)::int AS n FROM order_items i WHERE i.valid AND i.sold_at IS NOT NULL AND i.type <> 'fee'
          AND i.event_id IN (SELECT event_id FROM scans) GROUP BY 1 ORDER BY 2 LIMIT 1`);
    const res = await t.call({ method: 'POST', url: '/api/reports/scanning/detailed', token: admin, payload: { event_id: Number(ev.id) }, headers: { accept: 'text/csv' } });
    expect(res.headers['content-disposition']).toContain('ScanningReport.csv');
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Item ID,Item name,Item type,Section,Row,Seat,Holder,Phone,Email,Scanned,Scanned at');
    expect(lines).toHaveLength(1 + ev.n);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(ev.n);
  });
});
