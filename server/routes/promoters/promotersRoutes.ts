import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import {
  Promoter, PromoterBody, PromoterList, PromoterListQuery, PromoterStatusBody, ServiceFeeList, ServiceFeesBatchBody, ServiceFeesQuery,
} from '../../../src/contracts/people';
import { FORM_MESSAGES, toValidationErrors } from '../../../src/domain/forms';
import { serviceFeeBandToOre } from '../../../src/domain/serviceFees';
import { serviceFeeSchemeProblems } from '../../../src/domain/serviceFeeScheme';
import { validatePromoterForm, validateServiceFeeRow } from '../../../src/domain/userForms';
import { hashPassword } from '../../auth/passwords';
import type { Db, Queryable } from '../../db/database';
import { ValidationError, throwIfInvalid } from '../../httpErrors';
import { ADMIN_ONLY, BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { getPromoter, listPromoters, promoterFees } from './promoterQueries';

const admin = { access: ADMIN_ONLY };
const INT4_MAX = 2147483647;
const trimOrNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The promoter form's messages (002 §5) plus the password confirmation; throws a 422 with all of them. */
function validateBody(body: PromoterBody) {
  const { fees: _fees, ...errors } = validatePromoterForm({ ...body, fees: [] });
  throwIfInvalid({
    ...errors,
    password_confirmation: body.password && body.password_confirmation !== body.password ? FORM_MESSAGES.passwordsMustMatch : undefined,
  });
}

/** Creates or updates the promoter's own sign-in account; an email another account uses is refused on the field. */
async function saveMainUser(tx: Queryable, promoterId: number, userId: number | null, body: PromoterBody) {
  const hash = body.password ? await hashPassword(body.password) : null;
  const values = [trimOrNull(body.name), trimOrNull(body.first_name), trimOrNull(body.last_name), trimOrNull(body.email), trimOrNull(body.phone), hash];
  const { rows } = userId === null
    ? await tx.query<{ id: number }>(
      `INSERT INTO users (type, name, first_name, last_name, email, phone, password_hash, promoter_id, country)
       VALUES ('promoter', $1, $2, $3, $4, $5, $6, $7, 'SE')
       ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING RETURNING id`,
      [...values, promoterId],
    )
    : await tx.query<{ id: number }>(
      `UPDATE users SET name = $1, first_name = $2, last_name = $3, email = $4, phone = $5,
              password_hash = coalesce($6, password_hash), token_version = token_version + CASE WHEN $6::text IS NULL THEN 0 ELSE 1 END
        WHERE id = $7 AND NOT EXISTS (SELECT 1 FROM users o WHERE lower(o.email) = lower($4) AND o.id <> $7)
        RETURNING id`,
      [...values, userId],
    );
  if (!rows[0]) throwIfInvalid({ email: 'This email is already in use by another account' });
}

async function savePromoter(tx: Queryable, id: number | null, body: PromoterBody): Promise<number> {
  const values = [
    trimOrNull(body.name), trimOrNull(body.organization_number), trimOrNull(body.address), trimOrNull(body.city),
    trimOrNull(body.postcode), trimOrNull(body.country), trimOrNull(body.phone), trimOrNull(body.email),
    body.can_download_emails ?? null, body.can_apply_own_branding ?? null,
  ];
  if (id === null) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO promoters (name, organization_number, address, city, postcode, country, phone, email, can_download_emails, can_apply_own_branding)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, false), coalesce($10, false)) RETURNING id`,
      values,
    );
    const created = Number(rows[0].id);
    await saveMainUser(tx, created, null, body);
    return created;
  }
  const current = await getPromoter(tx, id, true);
  await tx.query(
    `UPDATE promoters SET name = $1, organization_number = $2, address = $3, city = $4, postcode = $5, country = $6,
            phone = $7, email = $8, can_download_emails = coalesce($9, can_download_emails),
            can_apply_own_branding = coalesce($10, can_apply_own_branding)
      WHERE id = $11`,
    [...values, id],
  );
  await saveMainUser(tx, id, current.user?.id ?? null, body);
  return id;
}

/** Field errors of a fee scheme, keyed `fees.{row}.{field}` as the form shows them; the rows in öre when valid. */
function feeBands(fees: ServiceFeesBatchBody['fees']) {
  const rowErrors = fees.map((row) => {
    const errors: Record<string, string | undefined> = validateServiceFeeRow(row);
    const band = serviceFeeBandToOre({ price_min: row.price_min ?? null, price_max: row.price_max ?? null, fixed: row.fixed ?? null });
    for (const field of ['price_min', 'price_max', 'fixed'] as const) {
      const ore = band[field];
      if (!errors[field] && ore !== null && ore !== undefined && ore > INT4_MAX) errors[field] = 'Must be at most 21474836,47';
    }
    return Object.values(errors).some(Boolean) ? errors : undefined;
  });
  let fields = toValidationErrors({ fees: rowErrors });
  if (Object.keys(fields).length === 0) {
    const problems = serviceFeeSchemeProblems(fees.map((f) => ({ price_min: f.price_min ?? null, price_max: f.price_max ?? null, fixed: f.fixed ?? null })));
    fields = Object.fromEntries(problems.map((p) => [`fees.${p.row}.${p.field}`, [p.message]]));
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return fees.map((f) => serviceFeeBandToOre({ price_min: f.price_min ?? null, price_max: f.price_max ?? null, fixed: f.fixed ?? null }));
}

/**
 * Promoters and their service-fee schemes (002 §2 Promoters, §5, §7): admin only, except reading a scheme, which a
 * promoter may do for their own. Deactivating a promoter ends the sign-ins of every account of that promoter at once
 * (docs/people.md).
 */
export async function promotersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/promoters', { config: admin, schema: { querystring: PromoterListQuery, response: { 200: PromoterList } } }, async (request) => {
    const q = request.query as PromoterListQuery;
    return listPromoters(db, { page: q.page ?? 1, perPage: q.per_page ?? 10, search: (q.search ?? '').trim(), status: q.status ?? null });
  });

  app.get('/api/promoters/:id', { config: admin, schema: { params: IdParams, response: { 200: Promoter } } }, async (request) => {
    return getPromoter(db, (request.params as { id: number }).id);
  });

  app.post('/api/promoters', { config: admin, schema: { body: PromoterBody, response: { 201: Promoter } } }, async (request, reply) => {
    const body = request.body as PromoterBody;
    validateBody(body);
    const promoter = await db.transaction(async (tx) => getPromoter(tx, await savePromoter(tx, null, body)));
    return reply.status(201).send(promoter);
  });

  app.put('/api/promoters/:id', { config: admin, schema: { params: IdParams, body: PromoterBody, response: { 200: Promoter } } }, async (request) => {
    const body = request.body as PromoterBody;
    validateBody(body);
    const { id } = request.params as { id: number };
    return db.transaction(async (tx) => getPromoter(tx, await savePromoter(tx, id, body)));
  });

  // Deactivation refuses the sign-ins of all the promoter's accounts (the auth hook reads the promoter's status) and
  // bumps their token versions, so sessions do not come back when the promoter is activated again.
  app.put('/api/promoters/:id/status', { config: admin, schema: { params: IdParams, body: PromoterStatusBody, response: { 200: Promoter } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { status } = request.body as PromoterStatusBody;
    return db.transaction(async (tx) => {
      await getPromoter(tx, id, true);
      await tx.query('UPDATE promoters SET status = $2 WHERE id = $1', [id, status]);
      if (status === 'inactive') await tx.query('UPDATE users SET token_version = token_version + 1 WHERE promoter_id = $1', [id]);
      return getPromoter(tx, id);
    });
  });

  app.get('/api/service-fees', { config: { access: BACK_OFFICE }, schema: { querystring: ServiceFeesQuery, response: { 200: ServiceFeeList } } }, async (request) => {
    const promoter = scopedPromoterId(sessionUser(request), (request.query as ServiceFeesQuery).promoter ?? null);
    if (promoter !== null) await getPromoter(db, promoter);
    return promoterFees(db, promoter);
  });

  // The whole scheme is replaced in one transaction: valid rows that together cover 0 up to the highest band.
  app.post('/api/promoters/:id/service-fees/batch', { config: admin, schema: { params: IdParams, body: ServiceFeesBatchBody, response: { 200: ServiceFeeList } } }, async (request) => {
    const { id } = request.params as { id: number };
    const bands = feeBands((request.body as ServiceFeesBatchBody).fees);
    return db.transaction(async (tx) => {
      await getPromoter(tx, id, true);
      await tx.query('DELETE FROM service_fees WHERE promoter_id = $1', [id]);
      await tx.query(
        `INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[])`,
        [id, bands.map((b) => b.price_min), bands.map((b) => b.price_max ?? null), bands.map((b) => b.fixed)],
      );
      return promoterFees(tx, id);
    });
  });
}
