import type { Promoter } from '../../../src/contracts/people';
import type { Queryable } from '../../db/database';
import { notFound } from '../../httpErrors';

type PromoterRow = Omit<Promoter, 'id' | 'created_at' | 'user'> & {
  id: number; created_at: Date; user_id: number | null; first_name: string | null; last_name: string | null; user_email: string | null;
};

/**
 * The promoter's own sign-in account: its first promoter-type user that is not removed. Its first and last name are
 * the promoter form's (002 §5); the promoter row keeps the organisation's details.
 */
const MAIN_USER = `LEFT JOIN LATERAL (
    SELECT id, first_name, last_name, email FROM users
     WHERE promoter_id = p.id AND type = 'promoter' AND status <> 'deleted' ORDER BY id LIMIT 1) mu ON true`;

const COLUMNS = `p.id, p.name, p.organization_number, p.address, p.city, p.postcode, p.country, p.phone, p.email,
  p.can_download_emails, p.can_apply_own_branding, p.status, p.created_at,
  mu.id AS user_id, mu.first_name, mu.last_name, mu.email AS user_email`;

export function promoterFromRow(r: PromoterRow): Promoter {
  return {
    id: Number(r.id), name: r.name, organization_number: r.organization_number, address: r.address, city: r.city,
    postcode: r.postcode, country: r.country, phone: r.phone, email: r.email,
    can_download_emails: r.can_download_emails, can_apply_own_branding: r.can_apply_own_branding, status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    user: r.user_id === null ? null : { id: Number(r.user_id), first_name: r.first_name, last_name: r.last_name, email: r.user_email },
  };
}

export async function listPromoters(db: Queryable, q: { page: number; perPage: number; search: string; status: string | null }) {
  const params = [q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null, q.status];
  const where = `($1::text IS NULL OR p.name ILIKE $1 OR p.email ILIKE $1 OR p.organization_number ILIKE $1) AND ($2::text IS NULL OR p.status = $2)`;
  const { rows } = await db.query<PromoterRow>(
    `SELECT ${COLUMNS} FROM promoters p ${MAIN_USER} WHERE ${where} ORDER BY p.name, p.id LIMIT $3 OFFSET $4`,
    [...params, q.perPage, (q.page - 1) * q.perPage],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM promoters p WHERE ${where}`, params);
  return { collection: rows.map(promoterFromRow), count: count.rows[0].n };
}

export async function getPromoter(db: Queryable, id: number, lock = false): Promise<Promoter> {
  const { rows } = await db.query<PromoterRow>(
    `SELECT ${COLUMNS} FROM promoters p ${MAIN_USER} WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
  if (!rows[0]) throw notFound('Promoter');
  return promoterFromRow(rows[0]);
}

export async function promoterFees(db: Queryable, promoterId: number | null) {
  const { rows } = await db.query<{ id: number; price_min_ore: number; price_max_ore: number | null; fixed_ore: number }>(
    `SELECT id, price_min_ore, price_max_ore, fixed_ore FROM service_fees
      WHERE promoter_id IS NOT DISTINCT FROM $1 ORDER BY price_min_ore, id`,
    [promoterId],
  );
  const collection = rows.map((r) => ({
    id: Number(r.id), price_min: r.price_min_ore / 100, price_max: r.price_max_ore === null ? null : r.price_max_ore / 100, fixed: r.fixed_ore / 100,
  }));
  return { collection, count: collection.length };
}
