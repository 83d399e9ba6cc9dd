import { randomBytes } from 'node:crypto';
import type { Affiliate, AffiliateCreateBody, StaffListQuery } from '../../../src/contracts/staff';
import { AFFILIATE_DEFAULT_COLOR, validateAffiliateBranding, validateAffiliateForm } from '../../../src/domain/backOfficeForms';
import type { Queryable } from '../../db/database';
import { notFound, throwIfInvalid } from '../../httpErrors';
import { scopedPromoterId, type SessionUser } from '../../plugins/auth';
import type { AffiliateUpdate } from './affiliateRequest';

export const AFFILIATE_MESSAGES = {
  shortNameTaken: 'The link short name has already been taken.',
  shortNameShape: 'Use 1 to 50 letters, digits or dashes, starting with a letter or digit.',
  noPromoter: 'The selected promoter does not exist.',
  status: 'Status must be active or inactive.',
  nameLength: 'Use at most 200 characters.',
  /** 002 §6: can_apply_own_branding is the promoter's permission; without it the affiliates keep the default look. */
  brandingNotAllowed: 'Your promoter may not apply its own branding. An administrator can allow it in the promoter\'s settings.',
} as const;

const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,49}$/;
const clean = (v: unknown) => (v === undefined || v === null ? '' : String(v)).replaceAll('\u0000', '').trim();

interface Row {
  id: number; name: string; promoter_id: number; promoter_name: string; link_short_name: string; primary_color: string;
  logo_id: number | null; logo_key: string | null; status: string; own_branding: boolean;
}

const SELECT = `SELECT a.id, a.name, a.promoter_id, p.name AS promoter_name, a.link_short_name, a.primary_color, a.status,
       m.id AS logo_id, m.public_key AS logo_key, p.can_apply_own_branding AS own_branding
  FROM affiliates a JOIN promoters p ON p.id = a.promoter_id LEFT JOIN media m ON m.id = a.logo_medium_id`;

/** An admin may brand any affiliate; a promoter's staff only when their promoter has can_apply_own_branding. */
const mayBrand = (user: SessionUser, r: Row) => user.type === 'admin' || r.own_branding === true;

const toAffiliate = (user: SessionUser) => (r: Row): Affiliate => ({
  id: Number(r.id), name: r.name, promoter: { id: Number(r.promoter_id), name: r.promoter_name }, link_short_name: r.link_short_name,
  primary_color: r.primary_color, logo: r.logo_id === null ? null : `/api/media/${Number(r.logo_id)}/${r.logo_key}`, status: r.status,
  can_apply_branding: mayBrand(user, r),
});

export async function listAffiliates(db: Queryable, user: SessionUser, q: StaffListQuery) {
  const promoter = scopedPromoterId(user, q.promoter ?? null);
  const perPage = q.per_page ?? 10;
  const where = `($1::bigint IS NULL OR a.promoter_id = $1) AND ($2::text IS NULL OR a.status = $2)`;
  const [{ rows }, count] = await Promise.all([
    db.query<Row>(`${SELECT} WHERE ${where} ORDER BY lower(a.name), a.id LIMIT $3 OFFSET $4`, [promoter, q.status ?? null, perPage, ((q.page ?? 1) - 1) * perPage]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM affiliates a WHERE ${where}`, [promoter, q.status ?? null]),
  ]);
  return { collection: rows.map(toAffiliate(user)), count: count.rows[0].n };
}

export async function readAffiliate(db: Queryable, user: SessionUser, id: number, lock = false): Promise<Affiliate> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE a.id = $1 AND ($2::bigint IS NULL OR a.promoter_id = $2)${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, scopedPromoterId(user)],
  );
  if (!rows[0]) throw notFound('Affiliate');
  return toAffiliate(user)(rows[0]);
}

function shortNameError(value: string): string | undefined {
  return value && !SHORT_NAME.test(value) ? AFFILIATE_MESSAGES.shortNameShape : undefined;
}

async function shortNameFree(tx: Queryable, value: string, exceptId: number | null) {
  const { rows } = await tx.query('SELECT 1 FROM affiliates WHERE lower(link_short_name) = lower($1) AND ($2::bigint IS NULL OR id <> $2)', [value, exceptId]);
  if (rows[0]) throwIfInvalid({ link_short_name: AFFILIATE_MESSAGES.shortNameTaken });
}

/** POST api/affiliates (002 §7): promoter (admin only), name, link short name, colour (default #C00000). */
export async function createAffiliate(tx: Queryable, user: SessionUser, body: AffiliateCreateBody): Promise<Affiliate> {
  const isAdmin = user.type === 'admin';
  const v = { name: clean(body.name), link_short_name: clean(body.link_short_name), promoter: isAdmin ? body.promoter ?? null : user.promoterId };
  const color = clean(body.primary_color) || AFFILIATE_DEFAULT_COLOR;
  const errors: Record<string, string | undefined> = {
    ...validateAffiliateForm(v, { isAdmin }),
    primary_color: validateAffiliateBranding({ primary_color: color }).primary_color,
  };
  errors.link_short_name ??= shortNameError(v.link_short_name);
  if (!errors.promoter && isAdmin) {
    const { rows } = await tx.query('SELECT 1 FROM promoters WHERE id = $1', [v.promoter]);
    if (!rows[0]) errors.promoter = AFFILIATE_MESSAGES.noPromoter;
  }
  if (!errors.primary_color && !isAdmin && color.toUpperCase() !== AFFILIATE_DEFAULT_COLOR.toUpperCase()) {
    const { rows } = await tx.query<{ own: boolean }>('SELECT can_apply_own_branding AS own FROM promoters WHERE id = $1', [v.promoter]);
    if (!rows[0]?.own) errors.primary_color = AFFILIATE_MESSAGES.brandingNotAllowed;
  }
  throwIfInvalid(errors);
  await shortNameFree(tx, v.link_short_name, null);
  // The unique index settles two creates racing for one short name.
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO affiliates (promoter_id, name, link_short_name, primary_color) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [v.promoter, v.name, v.link_short_name, color],
  );
  if (!rows[0]) throwIfInvalid({ link_short_name: AFFILIATE_MESSAGES.shortNameTaken });
  return readAffiliate(tx, user, Number(rows[0].id));
}

/**
 * The update (002 §7): any of status, primary_color, name, link_short_name, and a new logo, which replaces the old
 * one (the old medium is deleted in the same transaction).
 */
export async function updateAffiliate(tx: Queryable, user: SessionUser, id: number, input: AffiliateUpdate): Promise<Affiliate> {
  const current = await readAffiliate(tx, user, id, true);
  const f = input.fields;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(f, k);
  const v = {
    name: has('name') ? clean(f.name) : current.name,
    link_short_name: has('link_short_name') ? clean(f.link_short_name) : current.link_short_name,
    primary_color: has('primary_color') ? clean(f.primary_color) : current.primary_color,
    status: has('status') ? clean(f.status) : current.status,
  };
  const errors: Record<string, string | undefined> = {
    ...validateAffiliateForm(v, { isAdmin: false }),
    primary_color: validateAffiliateBranding({ primary_color: v.primary_color }).primary_color,
    status: v.status === 'active' || v.status === 'inactive' ? undefined : AFFILIATE_MESSAGES.status,
  };
  errors.link_short_name ??= shortNameError(v.link_short_name);
  if (v.name.length > 200) errors.name ??= AFFILIATE_MESSAGES.nameLength;
  // Without the promoter's permission the colour and logo stay as they are (the other fields may still change).
  if (!current.can_apply_branding) {
    if (v.primary_color !== current.primary_color) errors.primary_color ??= AFFILIATE_MESSAGES.brandingNotAllowed;
    if (input.logo) errors.logo = AFFILIATE_MESSAGES.brandingNotAllowed;
  }
  throwIfInvalid(errors);
  await shortNameFree(tx, v.link_short_name, id);
  let logoId: number | null = null;
  if (input.logo) {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO media (content_type, file_name, bytes, public_key) VALUES ($1, $2, $3, $4) RETURNING id',
      [input.logo.contentType, input.logo.fileName, input.logo.bytes, randomBytes(24).toString('hex')],
    );
    logoId = Number(rows[0].id);
  }
  const { rows: old } = await tx.query<{ logo_medium_id: number | null }>('SELECT logo_medium_id FROM affiliates WHERE id = $1', [id]);
  await tx.query(
    `UPDATE affiliates SET name = $2, link_short_name = $3, primary_color = $4, status = $5, logo_medium_id = coalesce($6, logo_medium_id) WHERE id = $1`,
    [id, v.name, v.link_short_name, v.primary_color, v.status, logoId],
  );
  if (logoId !== null && old[0]?.logo_medium_id != null) await tx.query('DELETE FROM media WHERE id = $1', [old[0].logo_medium_id]);
  return readAffiliate(tx, user, id);
}

export async function deleteAffiliate(tx: Queryable, user: SessionUser, id: number): Promise<void> {
  await readAffiliate(tx, user, id, true);
  const { rows } = await tx.query<{ logo_medium_id: number | null }>('DELETE FROM affiliates WHERE id = $1 RETURNING logo_medium_id', [id]);
  if (rows[0]?.logo_medium_id != null) await tx.query('DELETE FROM media WHERE id = $1', [rows[0].logo_medium_id]);
}
