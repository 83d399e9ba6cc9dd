import type { Queryable } from '../database';

/**
 * CRM sums (crm_customer_days, migration 095) of the seeded sales. The sales bulk load runs with triggers off
 * (seedSales.ts), so the sums the triggers would have kept are made here in one pass: the same sum as the
 * migration's backfill and the insert trigger. Call it after every seed step that loads order items.
 */
export async function seedCrm(db: Queryable): Promise<string> {
  const started = Date.now();
  // Deleting the days also takes their months away (the months trigger of migration 095); the insert adds them back.
  await db.query('DELETE FROM crm_customer_days');
  const { rowCount } = await db.query(
    `INSERT INTO crm_customer_days (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
     SELECT i.promoter_id, o.owner_id, i.event_id, i.sold_at::date,
            sum(CASE WHEN i.type = 'ticket' AND NOT i.is_child THEN i.quantity ELSE 0 END),
            sum(CASE WHEN i.type = 'ticket' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
            sum(CASE WHEN i.type = 'merchandise' THEN i.price_ore::bigint * i.quantity ELSE 0 END),
            count(i.discount_id)
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.sold_at IS NOT NULL AND i.type IN ('ticket', 'merchandise') AND o.owner_id IS NOT NULL
      GROUP BY 1, 2, 3, 4`,
  );
  // Statistics for the segment's join: without them (PGlite runs no autovacuum) the planner takes the 5,000
  // attendees for 9 and loops over them once per customer, 30 s instead of 50 ms.
  for (const table of ['crm_customer_days', 'crm_customer_months', 'users']) await db.query(`ANALYZE ${table}`);
  // 002 §6: can_download_emails is granted per promoter. The second demo promoter has not been granted it, so the
  // demo shows the refusal of the customer export as well as the export.
  await db.query(`UPDATE promoters SET can_download_emails = false WHERE name = 'Arena Sport Events AB'`);
  return `CRM: ${rowCount} customer-event-day sums (${Date.now() - started} ms)`;
}
