import type { Queryable } from '../../../server/db/database';

/**
 * For each kind of record a route's `owns` option names (server/plugins/auth.ts), one record of a given promoter.
 * The generated authorisation test calls every promoter-scoped route as one promoter with the other promoter's
 * record and expects a refusal. A route naming a kind missing here fails that test: add the kind with its route.
 */
export const OWNED_RECORDS: Record<string, (db: Queryable, promoterId: number) => Promise<number | null>> = {
  event: (db, p) => first(db, `SELECT id FROM events WHERE promoter_id = $1 AND entity_type = 'ordinary' ORDER BY id LIMIT 1`, [p]),
  blacklist_entry: (db, p) => first(db, 'SELECT id FROM blacklist_entries WHERE promoter_id = $1 ORDER BY id LIMIT 1', [p]),
  staff_user: (db, p) => first(db, `SELECT id FROM users WHERE promoter_id = $1 AND type = 'scanner' AND status = 'active' ORDER BY id LIMIT 1`, [p]),
  corporate: (db, p) => first(db, `SELECT id FROM users WHERE promoter_id = $1 AND type = 'corporate' ORDER BY id LIMIT 1`, [p]),
  corporateReservation: (db, p) => first(db, `SELECT id FROM orders WHERE promoter_id = $1 AND type = 'corporate' AND corporate_id IS NOT NULL ORDER BY id LIMIT 1`, [p]),
  merchandise: (db, p) => first(db, `SELECT id FROM merchandises WHERE promoter_id = $1 ORDER BY event_id NULLS FIRST, id LIMIT 1`, [p]),
  season: (db, p) => first(db, `SELECT id FROM events WHERE promoter_id = $1 AND entity_type = 'seasonal' ORDER BY id LIMIT 1`, [p]),
  reservation: (db, p) => first(db, `SELECT id FROM orders WHERE promoter_id = $1 AND type IN ('guest', 'corporate', 'handicapped', 'known_person', 'vip', 'boxoffice') AND status <> 'void' ORDER BY id LIMIT 1`, [p]),
  discount: (db, p) => first(db, `SELECT id FROM discounts WHERE promoter_id = $1 ORDER BY id LIMIT 1`, [p]),
  ombud: (db, p) => first(db, `SELECT id FROM ombuds WHERE promoter_id = $1 ORDER BY id LIMIT 1`, [p]),
  scanner: (db, p) => first(db, `SELECT id FROM users WHERE promoter_id = $1 AND type = 'scanner' ORDER BY id LIMIT 1`, [p]),
  boxoffice_user: (db, p) => first(db, `SELECT id FROM users WHERE promoter_id = $1 AND type = 'boxoffice' ORDER BY id LIMIT 1`, [p]),
  affiliate: (db, p) => first(db, `SELECT id FROM affiliates WHERE promoter_id = $1 ORDER BY id LIMIT 1`, [p]),
};

async function first(db: Queryable, sql: string, params: unknown[]): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(sql, params);
  return rows[0] ? Number(rows[0].id) : null;
}
