import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import {
  Corporate, CorporateBody, CorporateList, CorporateListQuery, CorporateReservationList, ReservationListQuery,
} from '../../../src/contracts/corporates';
import { validateCorporateForm } from '../../../src/domain/userForms';
import { hashPassword } from '../../auth/passwords';
import type { Db, Queryable } from '../../db/database';
import { notFound, throwIfInvalid, ValidationError } from '../../httpErrors';
import { BACK_OFFICE, scopedPromoterId, sessionUser, type SessionUser } from '../../plugins/auth';
import { CORPORATE_SELECT, corporateReservations, toCorporate, type CorporateRow } from '../../corporates/corporateQueries';

const back = { access: BACK_OFFICE };
const ownsCorporate = { access: BACK_OFFICE, owns: { id: 'corporate' } };
const EMAIL_TAKEN = 'This email is already in use';

/** A corporate the caller may manage: an admin any, a promoter only their own (another promoter's is unknown: 404). */
async function corporateOf(db: Queryable, user: SessionUser, id: number, lock = false): Promise<CorporateRow> {
  const promoter = scopedPromoterId(user);
  const { rows } = await db.query<CorporateRow>(
    `${CORPORATE_SELECT} WHERE u.id = $1 AND u.type = 'corporate' AND u.status <> 'deleted' AND ($2::bigint IS NULL OR u.promoter_id = $2)
     ${lock ? 'FOR UPDATE OF u' : ''}`,
    [id, promoter],
  );
  if (!rows[0]) throw notFound('Corporate');
  return rows[0];
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/** Checks the form (002 §5) with the console's own rule and returns the row's values. */
function corporateValues(user: SessionUser, body: CorporateBody) {
  const isAdmin = user.type === 'admin';
  throwIfInvalid(validateCorporateForm(body, { isAdmin }));
  return {
    promoterId: isAdmin ? Number(body.promoter) : (scopedPromoterId(user) as number),
    corporateName: clean(body.corporate_name),
    firstName: clean(body.first_name),
    lastName: clean(body.last_name),
    phone: clean(body.phone),
    email: clean(body.email),
    password: body.password ? body.password : null,
  };
}

/** Unique email and a known promoter are the database's rules: their violations become the form's field messages. */
async function asFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505') throw new ValidationError({ email: [EMAIL_TAKEN] });
    if (code === '23503') throw new ValidationError({ promoter: ['Choose a promoter from the list'] });
    throw err;
  }
}

/** Corporates (002 §2 "Corporates", §7): list, read, create, update, and a corporate's reservations. */
export async function corporatesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/corporate', { config: back, schema: { querystring: CorporateListQuery, response: { 200: CorporateList } } }, async (request) => {
    const q = request.query as CorporateListQuery;
    const promoter = scopedPromoterId(sessionUser(request), q.promoter ?? null);
    const perPage = q.perPage ?? 10;
    const where = `u.type = 'corporate' AND u.status <> 'deleted' AND ($1::bigint IS NULL OR u.promoter_id = $1)`;
    const { rows } = await db.query<CorporateRow>(
      `${CORPORATE_SELECT} WHERE ${where} ORDER BY lower(coalesce(u.corporate_name, u.name)), u.id LIMIT $2 OFFSET $3`,
      [promoter, perPage, ((q.page ?? 1) - 1) * perPage],
    );
    const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, [promoter]);
    return { data: { items: rows.map(toCorporate), total: total.rows[0].n } };
  });

  app.get('/api/corporate/:id', { config: ownsCorporate, schema: { params: IdParams, response: { 200: Corporate } } }, async (request) => {
    const { id } = request.params as { id: number };
    return toCorporate(await corporateOf(db, sessionUser(request), id));
  });

  app.post('/api/corporate', { config: back, schema: { body: CorporateBody, response: { 200: Corporate } } }, async (request) => {
    const user = sessionUser(request);
    const v = corporateValues(user, request.body as CorporateBody);
    const hash = v.password ? await hashPassword(v.password) : null;
    const id = await asFieldErrors(() =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO users (type, status, email, name, corporate_name, first_name, last_name, phone, promoter_id, password_hash, country)
           VALUES ('corporate', 'active', $1, $2, $2, $3, $4, $5, $6, $7, 'SE') RETURNING id`,
          [v.email, v.corporateName, v.firstName, v.lastName, v.phone, v.promoterId, hash],
        );
        return Number(rows[0].id);
      }),
    );
    return toCorporate(await corporateOf(db, user, id));
  });

  app.put('/api/corporate/:id', { config: ownsCorporate, schema: { params: IdParams, body: CorporateBody, response: { 200: Corporate } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    const v = corporateValues(user, request.body as CorporateBody);
    const hash = v.password ? await hashPassword(v.password) : null;
    await asFieldErrors(() =>
      db.transaction(async (tx) => {
        await corporateOf(tx, user, id, true);
        // A new password ends the sessions signed in with the old one (token_version).
        await tx.query(
          `UPDATE users SET email = $2, name = $3, corporate_name = $3, first_name = $4, last_name = $5, phone = $6, promoter_id = $7,
                  password_hash = coalesce($8, password_hash), token_version = token_version + CASE WHEN $8::text IS NULL THEN 0 ELSE 1 END
            WHERE id = $1`,
          [id, v.email, v.corporateName, v.firstName, v.lastName, v.phone, v.promoterId, hash],
        );
      }),
    );
    return toCorporate(await corporateOf(db, user, id));
  });

  app.get('/api/corporate/:id/reservations', {
    config: ownsCorporate,
    schema: { params: IdParams, querystring: ReservationListQuery, response: { 200: CorporateReservationList } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const q = request.query as ReservationListQuery;
    await corporateOf(db, sessionUser(request), id);
    return corporateReservations(db, id, q.page ?? 1, q.per_page ?? 10);
  });
}
