import type { FastifyInstance } from 'fastify';
import { IdParams, MessageResponse } from '../../../src/contracts/common';
import {
  DefaultServiceFee, DefaultServiceFeeBody, DefaultServiceFeeList, FaqBody, FaqItem, FaqList, FaqQuery, FORGET_DELAY_DAYS, ForgetCandidateList,
  ForgetSchedule, UserIdParams, VatCategory, VatCategoryBody, VatCategoryList,
} from '../../../src/contracts/platformSettings';
import { PersonSearchQuery } from '../../../src/contracts/promos';
import { FORM_MESSAGES } from '../../../src/domain/forms';
import { formatAmount, oreFromSek, sekFromOre } from '../../../src/domain/money';
import { isRichTextBlank, sanitizeRichText } from '../../../src/domain/richText';
import type { Db, Queryable } from '../../db/database';
import { notFound, ValidationError } from '../../httpErrors';
import { ADMIN_ONLY, sessionUser } from '../../plugins/auth';
import { searchAttendees } from '../../people/linkedPeople';

const admin = { access: ADMIN_ONLY };
const ts = (col: string, as: string) => `to_char(${col} AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS') AS ${as}`;

type FeeRow = { id: number; price_min_ore: number; price_max_ore: number | null; fixed_ore: number };
const feeOut = (r: FeeRow): DefaultServiceFee => ({
  id: Number(r.id), ticketPriceMin: sekFromOre(r.price_min_ore), ticketPriceMax: r.price_max_ore === null ? null : sekFromOre(r.price_max_ore), fee: sekFromOre(r.fixed_ore),
});

function feeIn(body: DefaultServiceFeeBody) {
  const min = oreFromSek(body.ticketPriceMin);
  const max = body.ticketPriceMax === null || body.ticketPriceMax === undefined ? null : oreFromSek(body.ticketPriceMax);
  if (max !== null && max <= min) throw new ValidationError({ ticketPriceMax: ['Must be more than the minimum price'] });
  return [min, max, oreFromSek(body.fee)];
}

/** One writer of the default bands at a time (two admins adding overlapping bands at once would both pass the check). */
const DEFAULT_FEE_BANDS_LOCK = 0xfee5;

/**
 * A default band may not overlap another (every ticket price has one fee, as a promoter's scheme: serviceFeeScheme.ts);
 * the rows are saved one at a time, so a gap between them is allowed meanwhile. Checked under the lock, in the
 * transaction that writes.
 */
async function refuseOverlap(tx: Queryable, id: number | null, [min, max]: (number | null)[]) {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [DEFAULT_FEE_BANDS_LOCK]);
  const { rows } = await tx.query<FeeRow>(
    `SELECT id, price_min_ore, price_max_ore, fixed_ore FROM service_fees
      WHERE promoter_id IS NULL AND ($1::bigint IS NULL OR id <> $1) AND int8range(price_min_ore, price_max_ore) && int8range($2, $3)
      ORDER BY price_min_ore, id LIMIT 1`,
    [id, min, max],
  );
  const other = rows[0];
  if (!other) return;
  const sek = (ore: number) => `${formatAmount(ore)} SEK`;
  const band = `${sek(other.price_min_ore)} to ${other.price_max_ore === null ? 'no maximum' : sek(other.price_max_ore)}`;
  throw new ValidationError({ ticketPriceMin: [`Overlaps the band from ${band}: a ticket price may have one fee only. Change that band first.`] });
}

async function readFaq(db: Queryable, id: number | null): Promise<FaqItem[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT f.id, f.platform, f.position, ${ts('f.created_at', 'created_at')}, ${ts('f.updated_at', 'updated_at')},
            coalesce((SELECT json_agg(json_build_object('language', t.language, 'title', t.title, 'description', t.description) ORDER BY t.language)
                        FROM faq_translations t WHERE t.faq_id = f.id), '[]'::json) AS translations
       FROM faq_items f WHERE ($1::bigint IS NULL OR f.id = $1) ORDER BY f.platform, f.position, f.id`,
    [id],
  );
  return rows.map((r) => ({ ...(r as FaqItem), id: Number(r.id), position: Number(r.position) }));
}

/** FAQ (002 §5): English and Swedish title and answer, all required ('Required'); answers cleaned to the rich-text subset. */
function checkFaq(body: FaqBody) {
  const errors: Record<string, string[]> = {};
  const out = (['en', 'sv'] as const).map((language) => {
    const t = body.translations.find((x) => x.language === language);
    const title = (t?.title ?? '').replaceAll('\u0000', '').trim();
    const description = sanitizeRichText(t?.description ?? '');
    if (!title) errors[`translations.${language}.title`] = [FORM_MESSAGES.required];
    if (isRichTextBlank(description)) errors[`translations.${language}.description`] = [FORM_MESSAGES.required];
    return { language, title, description };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

async function writeTranslations(tx: Queryable, id: number, translations: ReturnType<typeof checkFaq>) {
  await tx.query(
    `INSERT INTO faq_translations (faq_id, language, title, description)
     SELECT $1, l, t, d FROM unnest($2::text[], $3::text[], $4::text[]) AS x(l, t, d)
     ON CONFLICT (faq_id, language) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
    [id, translations.map((t) => t.language), translations.map((t) => t.title), translations.map((t) => t.description)],
  );
}

/**
 * Schedules the erasure of an attendee FORGET_DELAY_DAYS from now (002 §2 "Forget user", §4: requested, then
 * scheduled at execute_date) and answers the schedule. A second request keeps the first date (the person was
 * promised that one); an erased person's schedule is answered as it is; anyone else is 404.
 */
async function scheduleForget(tx: Queryable, userId: number, requestedBy: number): Promise<ForgetSchedule> {
  const found = await tx.query<{ status: string }>(`SELECT status FROM users WHERE id = $1 AND type = 'attendee' FOR UPDATE`, [userId]);
  if (!found.rows[0]) throw notFound('User');
  if (found.rows[0].status !== 'deleted') {
    await tx.query(
      `INSERT INTO forget_requests (user_id, requested_by, execute_date) VALUES ($1, $2, now() + make_interval(days => $3))
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, requestedBy, FORGET_DELAY_DAYS],
    );
  }
  const { rows } = await tx.query<{ execute_date: string; executed: boolean }>(
    `SELECT to_char(execute_date AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS') AS execute_date, executed_at IS NOT NULL AS executed
       FROM forget_requests WHERE user_id = $1`,
    [userId],
  );
  if (!rows[0]) throw notFound('User');
  const schedule = { user_id: userId, execute_date: rows[0].execute_date };
  return { ...schedule, executed: rows[0].executed, params: schedule };
}

/** Platform Settings (admin only, 002 §2 "Settings", §6, §7): default service fees, VAT, forget user, FAQ. */
export async function platformSettingsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // Default service-fee bands: service_fees rows without a promoter (migration 026).
  app.get('/api/default-service-fees', { config: admin, schema: { response: { 200: DefaultServiceFeeList } } }, async () => {
    const { rows } = await db.query<FeeRow>('SELECT id, price_min_ore, price_max_ore, fixed_ore FROM service_fees WHERE promoter_id IS NULL ORDER BY price_min_ore, id');
    return { collection: rows.map(feeOut), count: rows.length };
  });
  app.post('/api/default-service-fees', { config: admin, schema: { body: DefaultServiceFeeBody, response: { 200: DefaultServiceFee } } }, async (request) => {
    const band = feeIn(request.body as DefaultServiceFeeBody);
    const { rows } = await db.transaction(async (tx) => {
      await refuseOverlap(tx, null, band);
      return tx.query<FeeRow>(
        'INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore) VALUES (NULL, $1, $2, $3) RETURNING id, price_min_ore, price_max_ore, fixed_ore',
        band,
      );
    });
    return feeOut(rows[0]);
  });
  app.put('/api/default-service-fees/:id', { config: admin, schema: { params: IdParams, body: DefaultServiceFeeBody, response: { 200: DefaultServiceFee } } }, async (request) => {
    const id = (request.params as { id: number }).id;
    const band = feeIn(request.body as DefaultServiceFeeBody);
    const { rows } = await db.transaction(async (tx) => {
      const found = await tx.query('SELECT 1 FROM service_fees WHERE id = $1 AND promoter_id IS NULL', [id]);
      if (!found.rows[0]) throw notFound('Service fee');
      await refuseOverlap(tx, id, band);
      return tx.query<FeeRow>(
        `UPDATE service_fees SET price_min_ore = $2, price_max_ore = $3, fixed_ore = $4 WHERE id = $1 AND promoter_id IS NULL
         RETURNING id, price_min_ore, price_max_ore, fixed_ore`,
        [id, ...band],
      );
    });
    if (!rows[0]) throw notFound('Service fee');
    return feeOut(rows[0]);
  });
  app.delete('/api/default-service-fees/:id', { config: admin, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const { rowCount } = await db.query('DELETE FROM service_fees WHERE id = $1 AND promoter_id IS NULL', [(request.params as { id: number }).id]);
    if (!rowCount) throw notFound('Service fee');
    return { message: 'Service fee removed' };
  });

  // VAT categories: the rows every VAT dropdown offers (GET api/vats reads the same table).
  const vatSelect = 'SELECT id, name, category, item_type, vat::float8 AS vat FROM vats';
  const vatOut = (r: VatCategory) => ({ ...r, id: Number(r.id), vat: Number(r.vat) });
  app.get('/api/settings/vats', { config: admin, schema: { response: { 200: VatCategoryList } } }, async () => {
    const { rows } = await db.query<VatCategory>(`${vatSelect} ORDER BY array_position(ARRAY['ticket','merchandise','fee'], item_type), vat, id`);
    return { collection: rows.map(vatOut), count: rows.length };
  });
  app.put('/api/settings/vats/:id', { config: admin, schema: { params: IdParams, body: VatCategoryBody, response: { 200: VatCategory } } }, async (request) => {
    const { id } = request.params as { id: number };
    const vat = Math.round((request.body as VatCategoryBody).vat * 100) / 100;
    try {
      const { rows } = await db.query<VatCategory>(
        `UPDATE vats SET vat = $2, name = trim(trailing '.' FROM trim(trailing '0' FROM $2::numeric(5, 2)::text)) || '%', updated_at = now()
          WHERE id = $1 RETURNING id, name, category, item_type, vat::float8 AS vat`,
        [id, vat],
      );
      if (!rows[0]) throw notFound('VAT category');
      return vatOut(rows[0]);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ValidationError({ vat: ['Another category of this kind already has this rate'] });
      throw err;
    }
  });

  // Forget user (002 §2, §7): find the attendee, schedule the erasure, read the schedule.
  // Each person found says whether an erasure is pending, and for when: the row then offers Cancel, not Forget again.
  app.get('/api/forget-me/users', { config: admin, schema: { querystring: PersonSearchQuery, response: { 200: ForgetCandidateList } } }, async (request) => {
    const found = await searchAttendees(db, (request.query as { search: string }).search, null); // admin only: everyone
    const { rows } = await db.query<{ user_id: number; execute_date: string }>(
      `SELECT user_id::int, to_char(execute_date AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS') AS execute_date
         FROM forget_requests WHERE user_id = ANY($1::bigint[]) AND executed_at IS NULL`,
      [found.collection.map((p) => p.id)],
    );
    const pending = new Map(rows.map((r) => [Number(r.user_id), r.execute_date]));
    return { ...found, collection: found.collection.map((p) => ({ ...p, erasure_date: pending.get(p.id) ?? null })) };
  });
  // Cancels an erasure not yet carried out (issue 38: "scheduled for the date, with a way to cancel before it").
  app.delete('/api/forget-me/user/:userId', { config: admin, schema: { params: UserIdParams, response: { 200: MessageResponse } } }, async (request) => {
    const { userId } = request.params as { userId: number };
    const { rowCount } = await db.query('DELETE FROM forget_requests WHERE user_id = $1 AND executed_at IS NULL', [userId]);
    if (!rowCount) throw notFound('Pending erasure');
    return { message: 'The erasure is cancelled.' };
  });
  // 002 §7: the GET itself schedules the erasure and answers execute_date and user_id, so a client that follows the
  // spec schedules it; the POST (the console's call) does the same. Both keep the first date of a second request.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method, url: '/api/forget-me/user/:userId', config: admin, schema: { params: UserIdParams, response: { 200: ForgetSchedule } },
      handler: async (request) => {
        const { userId } = request.params as { userId: number };
        return db.transaction((tx) => scheduleForget(tx, userId, sessionUser(request).id));
      },
    });
  }

  // FAQ (002 §2, §3, §7).
  app.get('/api/faq', { config: admin, schema: { querystring: FaqQuery, response: { 200: FaqList } } }, async (request) => {
    const platform = (request.query as { platform?: string }).platform ?? null;
    const items = (await readFaq(db, null)).filter((f) => platform === null || f.platform === platform);
    return { collection: items, count: items.length };
  });
  app.get('/api/faq/:id', { config: admin, schema: { params: IdParams, response: { 200: FaqItem } } }, async (request) => {
    const [item] = await readFaq(db, (request.params as { id: number }).id);
    if (!item) throw notFound('FAQ item');
    return item;
  });
  app.post('/api/faq', { config: admin, schema: { body: FaqBody, response: { 200: FaqItem } } }, async (request) => {
    const body = request.body as FaqBody;
    const translations = checkFaq(body);
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO faq_items (platform, position)
         VALUES ($1, coalesce($2, (SELECT coalesce(max(position), 0) + 1 FROM faq_items WHERE platform = $1))) RETURNING id`,
        [body.platform, body.position ?? null],
      );
      const id = Number(rows[0].id);
      await writeTranslations(tx, id, translations);
      return (await readFaq(tx, id))[0];
    });
  });
  app.patch('/api/faq/:id', { config: admin, schema: { params: IdParams, body: FaqBody, response: { 200: FaqItem } } }, async (request) => {
    const { id } = request.params as { id: number };
    const body = request.body as FaqBody;
    const translations = checkFaq(body);
    return db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        'UPDATE faq_items SET platform = $2, position = coalesce($3, position), updated_at = now() WHERE id = $1',
        [id, body.platform, body.position ?? null],
      );
      if (!rowCount) throw notFound('FAQ item');
      await writeTranslations(tx, id, translations);
      return (await readFaq(tx, id))[0];
    });
  });
  app.delete('/api/faq/:id', { config: admin, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const { rowCount } = await db.query('DELETE FROM faq_items WHERE id = $1', [(request.params as { id: number }).id]);
    if (!rowCount) throw notFound('FAQ item');
    return { message: 'FAQ item deleted' };
  });
}
