import { randomInt } from 'node:crypto';
import type { Promo, PromoBody } from '../../../src/contracts/promos';
import { derivePromoMode, promoPayload, promoExpiryError, readCount, validatePromo, PROMO_MESSAGES, type PromoValues } from '../../../src/domain/promoCodes';
import { parseDecimal } from '../../../src/domain/numericInput';
import { parseIsoDay } from '../../../src/domain/dates';
import { venueToday } from '../../../src/domain/venueClock';
import { toValidationErrors } from '../../../src/domain/forms';
import type { Queryable } from '../../db/database';
import { notFound, ValidationError } from '../../httpErrors';
import { scopedPromoterId, type SessionUser } from '../../plugins/auth';

/** Promo codes (002 §3–§5, §7): reading within the caller's promoter scope, and the form's rules on the server. */

export const INT4_MAX = 2147483647;
/** numeric(12, 2) of discounts.value; no real discount comes near it. */
const VALUE_MAX = 9_999_999;
export const CODE_TAKEN = 'This promo code is already in use';

const eventName = (id: string) => `(SELECT coalesce(nullif(max(t.name) FILTER (WHERE t.language = 'en'), ''), max(t.name) FILTER (WHERE t.language = 'sv'), '')
     FROM event_translations t WHERE t.event_id = ${id})`;

export const PROMO_SELECT = `
  SELECT d.id, d.name, d.promo_code, d.promoter_id, p.name AS promoter_name, d.event_id, ${eventName('d.event_id')} AS event_name,
         d.item_type, d.type, d.value::float8 AS value, d.discount_type, d.min_tickets, d.min_kids, d.data,
         d.max_usages, d.max_person_items, d.person_usages, to_char(d.expire_date, 'YYYY-MM-DD') AS expire_date, d.active,
         (SELECT count(DISTINCT i.order_id) FROM order_items i WHERE i.discount_id = d.id AND i.valid)::int AS usages_count,
         (SELECT count(*) FROM order_items i WHERE i.discount_id = d.id)::int AS usages_count_extended
    FROM discounts d JOIN promoters p ON p.id = d.promoter_id`;

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function promoFromRow(r: Row): Promo {
  const data = (r.data ?? {}) as Promo['data'];
  const promo = {
    id: Number(r.id),
    name: String(r.name),
    promo_code: String(r.promo_code),
    promoter: { id: Number(r.promoter_id), name: String(r.promoter_name) },
    event: r.event_id === null ? null : { id: Number(r.event_id), name: String(r.event_name ?? '') },
    item_type: r.item_type as Promo['item_type'],
    type: r.type as Promo['type'],
    value: Number(r.value),
    discount_type: r.discount_type as Promo['discount_type'],
    min_tickets: num(r.min_tickets),
    min_kids: num(r.min_kids),
    data,
    max_usages: num(r.max_usages),
    max_person_items: num(r.max_person_items),
    person_usages: num(r.person_usages),
    expire_date: (r.expire_date as string | null) ?? null,
    active: Boolean(r.active),
    usages_count: Number(r.usages_count),
    usages_count_extended: Number(r.usages_count_extended),
  };
  return { ...promo, mode: derivePromoMode({ ...promo, promoter: promo.promoter.id, event: promo.event?.id ?? null } as PromoValues) };
}

/** One promo the caller may see (another promoter's is unknown: 404). */
export async function readPromo(db: Queryable, user: SessionUser, id: number, lock = false): Promise<Promo> {
  const promoter = scopedPromoterId(user);
  if (lock) await db.query('SELECT id FROM discounts WHERE id = $1 AND ($2::bigint IS NULL OR promoter_id = $2) FOR UPDATE', [id, promoter]);
  const { rows } = await db.query<Row>(`${PROMO_SELECT} WHERE d.id = $1 AND ($2::bigint IS NULL OR d.promoter_id = $2)`, [id, promoter]);
  if (!rows[0]) throw notFound('Promo code');
  return promoFromRow(rows[0]);
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');

/** A code people can read out: no 0/O or 1/I. */
export function generatePromoCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export type PromoRow = ReturnType<typeof promoPayload> & { promoter: number; event: number | null };

/**
 * The form's validation (src/domain/promoCodes.ts) plus what only the server knows: the promoter and the event exist
 * and are the caller's, numbers fit the columns, the date is a date. Returns the row to write.
 */
export async function checkPromo(db: Queryable, user: SessionUser, body: PromoBody, mode: 'create' | 'edit'): Promise<PromoRow> {
  const isAdmin = user.type === 'admin';
  const values: PromoValues = { ...(body as PromoValues), item_type: body.item_type ?? 'ticket', promoter: isAdmin ? body.promoter : user.promoterId };
  const promoMode = derivePromoMode(values);
  const errors = toValidationErrors(validatePromo(values, { isAdmin, mode, promoMode }));
  const add = (field: string, message: string) => {
    if (!errors[field]) errors[field] = [message];
  };
  const payload = promoPayload(values, promoMode);
  for (const field of ['max_usages', 'max_person_items', 'person_usages'] as const) {
    const n = readCount(values[field]);
    if (n !== null && n > INT4_MAX) add(field, PROMO_MESSAGES.invalidNumber);
  }
  for (const field of ['x', 'y'] as const) {
    const n = readCount(values.data?.calculation?.[field]);
    if (n !== null && n > INT4_MAX) add(`data.calculation.${field}`, PROMO_MESSAGES.invalidNumber);
  }
  const value = parseDecimal(values.value ?? null);
  if (value !== null && value > VALUE_MAX) add('value', PROMO_MESSAGES.invalidNumber);
  if (hasNul(values.name)) add('name', 'Remove the invalid character');
  if (payload.promo_code !== null && !/^[\p{L}\p{N}_-]+$/u.test(payload.promo_code)) add('promo_code', 'Use letters, digits, - and _ only');
  if (payload.expire_date !== null) {
    const expiry = parseIsoDay(payload.expire_date);
    const problem = expiry ? promoExpiryError(expiry, venueToday(Date.now()), mode) : 'Enter a date as yyyy-mm-dd';
    if (problem) add('expire_date', problem);
  }

  let promoter: number | null = null;
  if (isAdmin) {
    const id = readCount(body.promoter ?? null);
    if (id !== null && id <= INT4_MAX) {
      const found = await db.query('SELECT id FROM promoters WHERE id = $1', [id]);
      if (found.rows[0]) promoter = id;
    }
    if (promoter === null) add('promoter', PROMO_MESSAGES.required);
  } else {
    promoter = scopedPromoterId(user);
  }
  let event: number | null = null;
  if (payload.event !== null && payload.event !== undefined && payload.event !== '') {
    const id = readCount(payload.event);
    const found = id !== null && id <= INT4_MAX && promoter !== null
      ? await db.query('SELECT id FROM events WHERE id = $1 AND promoter_id = $2', [id, promoter])
      : { rows: [] };
    if (found.rows[0]) event = id;
    else add('event', 'Choose an event of this promoter');
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { ...payload, promoter: promoter as number, event };
}

/** A unique-index violation (the promo code of this promoter) as the code field's message. */
export function codeTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'discounts_code' || /discounts_code/.test(e.message ?? ''));
}
