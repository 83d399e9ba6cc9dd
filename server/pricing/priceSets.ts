import type { Queryable } from '../db/database';

/** Canonical text of a price set: "ticketTypeId:öre" pairs sorted by ticket type, so equal price lists share a set. */
export function priceSetKey(prices: ReadonlyMap<number, number>): string {
  return [...prices.entries()].sort((a, b) => a[0] - b[0]).map(([tt, ore]) => `${tt}:${ore}`).join(',');
}

/** The id of the event's set with exactly these prices, created when new (idempotent under concurrent calls). */
export async function ensurePriceSet(tx: Queryable, eventId: number, prices: ReadonlyMap<number, number>): Promise<number> {
  const key = priceSetKey(prices);
  const { rows } = await tx.query<{ id: number }>(
    `WITH ins AS (
       INSERT INTO price_sets (event_id, key) VALUES ($1, $2) ON CONFLICT (event_id, key) DO NOTHING RETURNING id
     )
     SELECT id FROM ins UNION ALL SELECT id FROM price_sets WHERE event_id = $1 AND key = $2 LIMIT 1`,
    [eventId, key],
  );
  const id = Number(rows[0].id);
  await tx.query(
    `INSERT INTO price_set_items (price_set_id, ticket_type_id, price_ore)
     SELECT $1, tt, ore FROM unnest($2::bigint[], $3::int[]) AS t(tt, ore)
     ON CONFLICT DO NOTHING`,
    [id, [...prices.keys()], [...prices.values()]],
  );
  return id;
}
