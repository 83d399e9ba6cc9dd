import { validateBoxOfficeUserForm, validateScannerForm } from '../../../src/domain/userForms';
import { isBlank } from '../../../src/domain/forms';
import { isValidPhone } from '../../../src/domain/phone';
import type { StaffListQuery, StaffUser, StaffUserBody } from '../../../src/contracts/staff';
import { hashPassword } from '../../auth/passwords';
import type { Queryable } from '../../db/database';
import { notFound, throwIfInvalid } from '../../httpErrors';
import { scopedPromoterId, type SessionUser } from '../../plugins/auth';

/** The two staff types this module creates and edits (002 §2): scan-app users and box-office users. */
export type StaffType = 'scanner' | 'boxoffice';

export const STAFF_MESSAGES = {
  emailTaken: 'The email has already been taken.',
  phoneInvalid: 'Enter a valid phone number, e.g. +46701234567.',
  noPromoter: 'The selected promoter does not exist.',
} as const;

const noNul = (v: string | null | undefined) => (v ?? '').replaceAll('\u0000', '').trim();

interface Row {
  id: number; type: StaffType; name: string; first_name: string | null; last_name: string | null; email: string | null;
  phone: string | null; status: string; promoter_id: number; promoter_name: string;
}

const SELECT = `SELECT u.id, u.type, u.name, u.first_name, u.last_name, u.email, u.phone, u.status, u.promoter_id, p.name AS promoter_name
  FROM users u JOIN promoters p ON p.id = u.promoter_id`;

const toStaffUser = (r: Row): StaffUser => ({
  id: Number(r.id), type: r.type, name: r.name, first_name: r.first_name, last_name: r.last_name, email: r.email,
  phone: r.phone, status: r.status, promoter: { id: Number(r.promoter_id), name: r.promoter_name },
});

/** One page of a promoter's (or, for an admin without a promoter, every promoter's) staff of one type. */
export async function listStaff(db: Queryable, user: SessionUser, type: StaffType, q: StaffListQuery) {
  const promoter = scopedPromoterId(user, q.promoter ?? null);
  const perPage = q.per_page ?? 10;
  const where = `u.type = $1 AND u.status IN ('active', 'inactive') AND ($2::bigint IS NULL OR u.promoter_id = $2) AND ($3::text IS NULL OR u.status = $3)`;
  const params = [type, promoter, q.status ?? null];
  const [{ rows }, count] = await Promise.all([
    db.query<Row>(`${SELECT} WHERE ${where} ORDER BY lower(u.name), u.id LIMIT $4 OFFSET $5`, [...params, perPage, ((q.page ?? 1) - 1) * perPage]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params),
  ]);
  return { collection: rows.map(toStaffUser), count: count.rows[0].n };
}

/** The list's filters as CSV, every page (beyond the spec). */
export function staffCsvQuery(user: SessionUser, type: StaffType, q: StaffListQuery) {
  const sql = `SELECT u.id, u.name, u.first_name, u.last_name, u.phone, u.email, u.status, p.name AS promoter_name
     FROM users u JOIN promoters p ON p.id = u.promoter_id
    WHERE u.id > $1 AND u.type = $3 AND u.status IN ('active', 'inactive') AND ($4::bigint IS NULL OR u.promoter_id = $4) AND ($5::text IS NULL OR u.status = $5)
    ORDER BY u.id LIMIT $2`;
  return { sql, params: [type, scopedPromoterId(user, q.promoter ?? null), q.status ?? null] };
}

/** A staff user the caller may manage; another promoter's is unknown (404). */
export async function readStaff(db: Queryable, user: SessionUser, type: StaffType, id: number, lock = false): Promise<StaffUser> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE u.id = $1 AND u.type = $2 AND ($3::bigint IS NULL OR u.promoter_id = $3)${lock ? ' FOR UPDATE OF u' : ''}`,
    [id, type, scopedPromoterId(user)],
  );
  if (!rows[0]) throw notFound(type === 'scanner' ? 'Scanner user' : 'Box-office user');
  return toStaffUser(rows[0]);
}

/**
 * The spec's form rules (002 §5), run on the body as the console runs them, plus what only the server knows: the
 * phone's shape and the promoter's existence. A scanner's name is its first and last name; a box office has its own.
 */
async function validated(tx: Queryable, user: SessionUser, type: StaffType, body: StaffUserBody, mode: 'create' | 'edit', current?: StaffUser) {
  const isAdmin = user.type === 'admin';
  const requested = body.promoter ?? body.promoter_id ?? null;
  const v = {
    promoter: isAdmin ? (requested ?? (mode === 'edit' ? current?.promoter.id : null)) : user.promoterId,
    name: noNul(body.name), first_name: noNul(body.first_name), last_name: noNul(body.last_name),
    phone: noNul(body.phone), email: noNul(body.email), password: body.password ?? '',
  };
  const errors: Record<string, string | undefined> = type === 'scanner'
    ? { ...validateScannerForm({ ...v, password_confirm: body.password_confirmation ?? '' }, { isAdmin, mode }) }
    : { ...validateBoxOfficeUserForm(v, { isAdmin }) };
  if (errors.password_confirm) errors.password_confirmation = errors.password_confirm;
  delete errors.password_confirm;
  if (!errors.phone && !isValidPhone(v.phone)) errors.phone = STAFF_MESSAGES.phoneInvalid;
  if (!errors.promoter && isAdmin && v.promoter) {
    const { rows } = await tx.query('SELECT 1 FROM promoters WHERE id = $1', [v.promoter]);
    if (!rows[0]) errors.promoter = STAFF_MESSAGES.noPromoter;
  }
  throwIfInvalid(errors);
  const name = type === 'scanner' ? `${v.first_name} ${v.last_name}` : v.name;
  return { ...v, promoter: Number(v.promoter), name, passwordHash: isBlank(v.password) ? null : await hashPassword(v.password) };
}

/** The email is unique on the platform (a partial unique index): a clash is the email field's message, not a 500. */
async function emailFree(tx: Queryable, email: string, exceptId: number | null) {
  const { rows } = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::bigint IS NULL OR id <> $2)', [email, exceptId]);
  if (rows[0]) throwIfInvalid({ email: STAFF_MESSAGES.emailTaken });
}

export async function createStaff(tx: Queryable, user: SessionUser, type: StaffType, body: StaffUserBody): Promise<StaffUser> {
  const v = await validated(tx, user, type, body, 'create');
  // The unique index decides between two creates with the same email; the check only words the usual case.
  await emailFree(tx, v.email, null);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (type, status, name, first_name, last_name, phone, email, promoter_id, password_hash)
     VALUES ($1, 'active', $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
    [type, v.name, v.first_name, v.last_name, v.phone, v.email, v.promoter, v.passwordHash],
  );
  if (!rows[0]) throwIfInvalid({ email: STAFF_MESSAGES.emailTaken });
  return readStaff(tx, user, type, Number(rows[0].id));
}

/** Updates the fields; an empty password keeps the old one, a new one signs the user's sessions out (token version). */
export async function updateStaff(tx: Queryable, user: SessionUser, type: StaffType, id: number, body: StaffUserBody): Promise<StaffUser> {
  const current = await readStaff(tx, user, type, id, true);
  const v = await validated(tx, user, type, body, 'edit', current);
  await emailFree(tx, v.email, id);
  await tx.query(
    `UPDATE users SET name = $2, first_name = $3, last_name = $4, phone = $5, email = $6, promoter_id = $7,
            password_hash = coalesce($8, password_hash), token_version = token_version + CASE WHEN $8::text IS NULL THEN 0 ELSE 1 END
      WHERE id = $1`,
    [id, v.name, v.first_name, v.last_name, v.phone, v.email, v.promoter, v.passwordHash],
  );
  return readStaff(tx, user, type, id);
}
