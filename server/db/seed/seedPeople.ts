import { hashPassword } from '../../auth/passwords';
import type { Queryable } from '../database';

/** A third promoter with its own four-band fee scheme (öre), so the promoters list and its fee form have variety. */
const THIRD_PROMOTER = {
  name: 'Scandinavian Stage AB', organization_number: '559012-3456', address: 'Stortorget 4', city: 'Malmö', postcode: '211 22',
  phone: '+4640123456', email: 'info@scandinavianstage.demo',
  user: { first_name: 'Sofia', last_name: 'Lindqvist', email: 'promoter3@demo.test', password: 'promoter-demo-3' },
  bands: [[0, 15000, 1000], [15000, 40000, 2000], [40000, 80000, 3500], [80000, null, 5000]] as [number, number | null, number][],
};

/**
 * People (002 §2): a third promoter with a fee scheme and a small blacklist for the two demo promoters: customers
 * who owned one of their orders, most in force, one expired. Runs after the sales (it picks real customers).
 */
export async function seedPeople(db: Queryable, promoterIds: number[]): Promise<void> {
  const p = THIRD_PROMOTER;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO promoters (name, organization_number, address, city, postcode, country, phone, email, can_apply_own_branding)
     VALUES ($1, $2, $3, $4, $5, 'SE', $6, $7, true) RETURNING id`,
    [p.name, p.organization_number, p.address, p.city, p.postcode, p.phone, p.email],
  );
  const promoterId = Number(rows[0].id);
  await db.query(
    `INSERT INTO users (type, email, name, first_name, last_name, phone, promoter_id, password_hash, country)
     VALUES ('promoter', $1, $2, $3, $4, $5, $6, $7, 'SE')`,
    [p.user.email, p.name, p.user.first_name, p.user.last_name, '+46705550303', promoterId, await hashPassword(p.user.password)],
  );
  await db.query(
    `INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[])`,
    [promoterId, p.bands.map((b) => b[0]), p.bands.map((b) => b[1]), p.bands.map((b) => b[2])],
  );
  // Per demo promoter: its first customers by id, every 97th, with expiry dates spread from last week to next year.
  await db.query(
    `INSERT INTO blacklist_entries (promoter_id, user_id, expire_date, created_at)
     SELECT c.promoter_id, c.user_id,
            (now() AT TIME ZONE 'Europe/Stockholm')::date + (ARRAY[-7, 30, 90, 180, 365])[c.n],
            now() - make_interval(days => 10 * c.n)
       FROM (SELECT promoter_id, user_id, row_number() OVER (PARTITION BY promoter_id ORDER BY user_id)::int AS n
               FROM (SELECT DISTINCT o.promoter_id, o.owner_id AS user_id
                       FROM orders o JOIN users u ON u.id = o.owner_id AND u.type = 'attendee' AND u.status = 'active'
                      WHERE o.promoter_id = ANY($1::bigint[]) AND o.owner_id % 97 = 0) d) c
      WHERE c.n <= CASE WHEN c.promoter_id = $2 THEN 5 ELSE 3 END`,
    [promoterIds, promoterIds[0]],
  );
}
