import type { Queryable } from '../database';
import { CATALOG_STATEMENTS } from './salesCatalog';
import { HASH_FUNCTION, PLAN_STATEMENTS } from './salesPlan';
import { FINISH_STATEMENTS, ITEM_STATEMENTS, ROLLUP_STATEMENT, LINE_STATEMENTS, ORDER_STATEMENTS, REFUND_STATEMENTS, RESALE_STATEMENTS, SCAN_STATEMENTS } from './salesWrite';

/** Order items the demo has at scale 1 (measured on the demo events; the log line says the exact count). */
export const DEFAULT_SALES_ITEMS = 1_100_000;

/**
 * How many order items to aim for: SEED_SALES_ITEMS (e.g. a smaller number for quick test databases), else the
 * default. The volume scales the share of each event that is sold, so the shape of the year stays the same.
 */
export function salesScale(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.SEED_SALES_ITEMS ?? DEFAULT_SALES_ITEMS);
  if (!Number.isFinite(wanted) || wanted < 0) throw new Error(`SEED_SALES_ITEMS must be a number of order items, not ${env.SEED_SALES_ITEMS}.`);
  return wanted / DEFAULT_SALES_ITEMS;
}

/**
 * A year of sales on the seeded events (docs/reports.md "The demo sales"): orders, payments, items of every type,
 * promo codes, resales, refunds and scans, all set-based SQL (no row-by-row round trips, no random()).
 * Returns the line seedDemo logs.
 */
export async function seedSales(tx: Queryable, scale = salesScale()): Promise<string> {
  const started = Date.now();
  // Memory for the joins and sorts of a million rows, and room for the plan's temporary tables (only for this
  // transaction; temp_buffers can only be set before the session's first temporary table, hence the check).
  await tx.query(`SET LOCAL work_mem = '256MB'`);
  // The secondary indexes are made again after the load: each sorts up to a million entries, which spilled to disk
  // at the default 64 MB.
  await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  const { rows: session } = await tx.query<{ temp_used: boolean; superuser: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE oid = pg_my_temp_schema()) AS temp_used, current_setting('is_superuser') = 'on' AS superuser`,
  );
  if (!session[0].temp_used) await tx.query(`SET LOCAL temp_buffers = '256MB'`);
  // A bulk load skips the foreign-key triggers where the role may (what pg_restore --disable-triggers does): checked
  // row by row they cost more than the inserts themselves. The generated keys are consistent by construction, and
  // tests/server/salesSeed.test.ts checks every reference of the seeded data. Unique and check constraints,
  // among them the no-double-sale index, are enforced as always.
  if (session[0].superuser) await tx.query(`SET LOCAL session_replication_role = replica`);
  await tx.query(HASH_FUNCTION);
  const indexes = await dropSecondaryIndexes(tx);
  const statements = [...PLAN_STATEMENTS, ...CATALOG_STATEMENTS, ...LINE_STATEMENTS, ...ORDER_STATEMENTS, ...ITEM_STATEMENTS,
    ...RESALE_STATEMENTS, ...REFUND_STATEMENTS, ...SCAN_STATEMENTS];
  for (const sql of statements) {
    await tx.query(sql, sql.includes('$1') ? [scale] : []);
    // Temporary tables get no statistics by themselves: without them the planner takes the small ones (a row per
    // event) for big ones and loops over them per row. Of the big ones only the join keys need statistics.
    const temp = /^\s*CREATE TEMP TABLE (\w+)/.exec(sql)?.[1];
    if (temp) await tx.query(`ANALYZE ${temp}${ANALYZE_COLUMNS[temp] ?? ''}`);
  }
  await tx.query(ROLLUP_STATEMENT);
  const { rows } = await tx.query<{ orders: number; items: number; refunds: number; scans: number }>(
    `SELECT (SELECT count(*) FROM gen_orders)::int + (SELECT count(*) FROM gen_resales)::int AS orders,
            (SELECT count(*) FROM order_items WHERE id > (SELECT item_base FROM seed_ctx))::int AS items,
            (SELECT count(*) FROM gen_refunds)::int AS refunds,
            (SELECT count(*) FROM scans)::int AS scans`,
  );
  if (session[0].superuser) await tx.query(`SET LOCAL session_replication_role = origin`);
  // Built once from sorted data instead of entry by entry: the no-double-sale index is checked as it is rebuilt.
  for (const definition of indexes) await tx.query(definition);
  for (const sql of FINISH_STATEMENTS) await tx.query(sql);
  for (const table of ['gen_totals', 'gen_refunds', 'gen_resales', 'gen_merch', 'gen_tickets', 'gen_codes', 'gen_catalog', 'seed_products', 'gen_orders', 'gen_places', 'sale_events', 'seed_ctx']) {
    await tx.query(`DROP TABLE IF EXISTS ${table}`);
  }
  const r = rows[0];
  return `sales: ${r.orders} orders, ${r.items} order items, ${r.refunds} refunds, ${r.scans} scans (${Date.now() - started} ms)`;
}

const ANALYZE_COLUMNS: Record<string, string> = {
  gen_places: ' (event_id, block, sub, type_position, price_set_id)',
  gen_orders: ' (n, event_id, block, sub, promoter_id)',
  gen_tickets: ' (n, promoter_id)',
  gen_merch: ' (n, promoter_id)',
  gen_totals: ' (n)',
  gen_resales: ' (m)',
  gen_refunds: ' (refund_id)',
};

const BULK_TABLES = ['orders', 'payments', 'order_items', 'refunds', 'refund_items', 'scans'];

/**
 * Drops the indexes of the sales tables that no constraint owns and returns their definitions (as the migrations
 * made them, read from the catalogue) to create them again after the load.
 */
async function dropSecondaryIndexes(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  for (const r of rows) await tx.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.definition);
}
