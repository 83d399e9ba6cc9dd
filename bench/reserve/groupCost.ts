/**
 * `node --import tsx bench/reserve/groupCost.ts DATA_DIR [N]`: where a group of N reserves spends its time, statement
 * by statement, without HTTP. It opens a *copy* of a seeded PGlite database (stop the server first and copy its
 * DATA_DIR: this script writes to it), makes 50 guest reservations on Midsummer Stadium Night and runs the real
 * `reserveGroup` (server/reservations/reserveTickets.ts) 40 times for N callers of one random free seat each,
 * as bench:reserve's spread race does. Prints the median time of each statement per group and per reserve.
 * `REPLICA=1` runs it with triggers off (session_replication_role = replica: foreign-key checks and the reporting
 * triggers), to see their share. The evidence for docs/reservations.md "Reserving in groups".
 *
 * Measured 26 Nov 2026, groups of 50, ms per group: insert 9.7 (4.1 with REPLICA=1: the key checks are most of it),
 * seat lookup 5.5, reservation rows locked 2.2, expired holds 1.3, seat-state note 0.5, version 0.5; the
 * transaction 22.3, 0.45 per reserve. Before this round: lookup 8.9 (prices looked up per seat), note 3.5-6.3 (a row
 * and three key checks per seat).
 */
import { openPglite } from '../../server/db/pgliteDb';
import type { Named, Queryable } from '../../server/db/database';
import { reserveGroup } from '../../server/reservations/reserveTickets';

const dir = process.argv[2];
const N = Number(process.argv[3] ?? 20);
if (!dir) throw new Error('Usage: groupCost.ts DATA_DIR [N] (a copy of a seeded database: it is written to)');
const db = await openPglite(dir);
if (process.env.REPLICA) await db.query('SET session_replication_role = replica');
const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const event = await one<{ id: number; promoter_id: number; map_id: number }>(
  `SELECT e.id, e.promoter_id, e.map_id FROM events e JOIN event_translations t ON t.event_id = e.id AND t.language = 'en' WHERE t.name = 'Midsummer Stadium Night'`);
const promoter = await one<{ id: number }>(`SELECT id FROM users WHERE type = 'promoter' AND promoter_id = $1 ORDER BY id LIMIT 1`, [event.promoter_id]);
const user = { id: Number(promoter.id), type: 'promoter' as const, promoterId: Number(event.promoter_id), tokenVersion: 0 };
const { rows: free } = await db.query<{ section: string; row: string; seat: string }>(
  `SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat
     FROM map_seats ms JOIN map_sections s ON s.id = ms.section_id
     JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id AND es.price_set_id IS NOT NULL AND NOT es.hidden
    WHERE s.map_id = $2 AND NOT s.general_admission
      AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = $1 AND i.seat_id = ms.id AND i.valid)
      AND NOT EXISTS (SELECT 1 FROM event_seats ev WHERE ev.event_id = $1 AND ev.seat_id = ms.id AND (ev.hidden OR ev.price_overridden))
    ORDER BY random() LIMIT $3`, [event.id, event.map_id, N * 40]);
const { rows: reservations } = await db.query<{ id: number }>(
  `INSERT INTO orders (event_id, promoter_id, type, status, title, description, reserved_until)
   SELECT $1, $2, 'guest', 'new', 'Group cost ' || g, '', '2099-01-01' FROM generate_series(1, 50) g RETURNING id`, [event.id, event.promoter_id]);

const spent = new Map<string, number[]>();
const timed = (tx: Queryable): Queryable => ({
  async query<Row>(sql: string | Named, params?: unknown[]) {
    const started = performance.now();
    try {
      return await tx.query<Row>(sql, params);
    } finally {
      const name = typeof sql === 'string' ? sql.replace(/\s+/g, ' ').trim().slice(0, 40) : sql.name;
      const list = spent.get(name) ?? [];
      list.push(performance.now() - started);
      spent.set(name, list);
    }
  },
});
const groups: number[] = [];
for (let g = 0; g < 40; g++) {
  const asks = free.slice(g * N, g * N + N).map((seat, i) => ({ user, id: Number(reservations[i % 50]!.id), tickets: [{ ...seat, event: event.id }] }));
  const started = performance.now();
  const out = await db.transaction((tx) => reserveGroup(timed(tx), asks));
  groups.push(performance.now() - started);
  const failed = out.filter((o) => o instanceof Error);
  if (failed.length) throw new Error(`${failed.length} of the group failed: ${(failed[0] as Error).message}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`groups of ${N} reserves (one seat each), 40 groups; median ms`);
for (const [name, xs] of [...spent.entries()].sort((a, b) => median(b[1]) - median(a[1]))) {
  console.log(`  ${name.padEnd(42)} ${median(xs).toFixed(2).padStart(6)} per group  ${(median(xs) / N).toFixed(3)} per reserve  (${xs.length}×)`);
}
console.log(`  ${'the whole transaction'.padEnd(42)} ${median(groups).toFixed(2).padStart(6)} per group  ${(median(groups) / N).toFixed(3)} per reserve`);
await db.close();
