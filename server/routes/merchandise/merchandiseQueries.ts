import type { GiftCardList, GiftCardListQuery, MerchandiseDetail, MerchandiseType } from '../../../src/contracts/merchandise';
import { sekFromOre } from '../../../src/domain/money';
import type { Queryable } from '../../db/database';
import { notFound } from '../../httpErrors';
import type { SessionUser } from '../../plugins/auth';
import { mediumUrl } from '../../media/images';

/** Reading merchandise: one item with its texts, options and images; the types; the gift cards. Scoped in SQL. */

/** A promoter sees their own promoter's records only; an admin all (null). */
export const promoterScope = (user: SessionUser): number | null => (user.type === 'admin' ? null : user.promoterId ?? -1);

export async function merchandiseTypes(db: Queryable): Promise<MerchandiseType[]> {
  const { rows } = await db.query<{ id: number; alias: string; name_en: string; name_sv: string }>('SELECT id, alias, name_en, name_sv FROM merchandise_types ORDER BY id');
  return rows.map((r) => ({ id: Number(r.id), alias: r.alias, translations: { en: { name: r.name_en }, sv: { name: r.name_sv } } }));
}

/**
 * The item, when the caller may see it: on event `eventId` (null: a gift card outside any event), of the caller's
 * promoter unless admin. `lock` takes the row for a write.
 */
export async function assertMerchandiseVisible(db: Queryable, user: SessionUser, id: number, eventId: number | null, opts: { lock?: boolean } = {}) {
  const { rows } = await db.query<{ id: number; event_id: number | null; promoter_id: number; type_alias: string }>(
    `SELECT m.id, m.event_id, m.promoter_id, t.alias AS type_alias
       FROM merchandises m JOIN merchandise_types t ON t.id = m.type_id
      WHERE m.id = $1 AND ($2::bigint IS NULL OR m.promoter_id = $2)
        AND ${eventId === null ? "m.event_id IS NULL AND t.alias = 'gift_card'" : 'm.event_id = $3'}
      ${opts.lock ? 'FOR UPDATE OF m' : ''}`,
    eventId === null ? [id, promoterScope(user)] : [id, promoterScope(user), eventId],
  );
  if (!rows[0]) throw notFound('Merchandise');
  return { id: Number(rows[0].id), promoterId: Number(rows[0].promoter_id), typeAlias: rows[0].type_alias };
}

export async function readMerchandise(db: Queryable, id: number): Promise<MerchandiseDetail> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT m.*, t.alias AS type_alias, t.name_en AS type_name, p.name AS promoter_name, to_char(m.created_at, 'YYYY-MM-DD HH24:MI:SS') AS created
       FROM merchandises m JOIN merchandise_types t ON t.id = m.type_id JOIN promoters p ON p.id = m.promoter_id
      WHERE m.id = $1`,
    [id],
  );
  const m = rows[0];
  if (!m) throw notFound('Merchandise');
  const [texts, options, media] = await Promise.all([
    db.query<{ language: 'en' | 'sv'; name: string; description: string; delivery_description: string; size_fit_description: string }>(
      'SELECT language, name, description, delivery_description, size_fit_description FROM merchandise_translations WHERE merchandise_id = $1', [id]),
    db.query<{ id: number; name_en: string; name_sv: string; sku: string | null; quantity: number }>(
      'SELECT id, name_en, name_sv, sku, quantity FROM merchandise_options WHERE merchandise_id = $1 ORDER BY id', [id]),
    db.query<{ id: number; public_key: string }>(
      `SELECT md.id, md.public_key FROM merchandise_media mm JOIN media md ON md.id = mm.media_id
        WHERE mm.merchandise_id = $1 ORDER BY mm.position, md.id`, [id]),
  ]);
  const empty = { name: '', description: '', delivery_description: '', size_fit_description: '' };
  const byLanguage = Object.fromEntries(texts.rows.map(({ language, ...t }) => [language, t]));
  const int = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(m.id),
    event_id: int(m.event_id),
    promoter: { id: Number(m.promoter_id), name: String(m.promoter_name) },
    type: { id: Number(m.type_id), alias: String(m.type_alias), name: String(m.type_name) },
    translations: { en: byLanguage.en ?? empty, sv: byLanguage.sv ?? empty },
    price: sekFromOre(Number(m.price_ore)),
    quantity: Number(m.quantity),
    sku: (m.sku as string | null) ?? null,
    has_options: Boolean(m.has_options),
    options: options.rows.map((o) => ({ id: Number(o.id), translations: { en: { name: o.name_en }, sv: { name: o.name_sv } }, sku: o.sku, quantity: Number(o.quantity) })),
    max_amount_can_be_sold_in_general: int(m.max_amount_can_be_sold_in_general),
    max_amount_can_be_sold_per_option: int(m.max_amount_can_be_sold_per_option),
    refundable: Boolean(m.refundable),
    valid: Boolean(m.valid),
    age_restriction: int(m.age_restriction),
    media: media.rows.map((r) => ({ id: Number(r.id), url: mediumUrl(Number(r.id), r.public_key) })),
    created_at: String(m.created),
  };
}

/** The gift cards: merchandise of the gift_card type outside any event, newest first (docs/merchandise.md). */
export async function listGiftCards(db: Queryable, user: SessionUser, q: GiftCardListQuery): Promise<GiftCardList> {
  const perPage = q.per_page ?? 15;
  const scope = promoterScope(user);
  const where = `m.event_id IS NULL AND m.type_id = (SELECT id FROM merchandise_types WHERE alias = 'gift_card') AND ($1::bigint IS NULL OR m.promoter_id = $1)`;
  const { rows } = await db.query<{ id: number; name: string; promoter_id: number; promoter_name: string; price_ore: number; quantity: number; valid: boolean; media_id: number | null; public_key: string | null; created: string }>(
    `SELECT m.id, coalesce(nullif(te.name, ''), ts.name, '') AS name, m.promoter_id, p.name AS promoter_name, m.price_ore, m.quantity, m.valid,
            img.id AS media_id, img.public_key, to_char(m.created_at, 'YYYY-MM-DD HH24:MI:SS') AS created
       FROM merchandises m
       JOIN promoters p ON p.id = m.promoter_id
       LEFT JOIN merchandise_translations te ON te.merchandise_id = m.id AND te.language = 'en'
       LEFT JOIN merchandise_translations ts ON ts.merchandise_id = m.id AND ts.language = 'sv'
       LEFT JOIN LATERAL (SELECT md.id, md.public_key FROM merchandise_media mm JOIN media md ON md.id = mm.media_id
                           WHERE mm.merchandise_id = m.id ORDER BY mm.position, md.id LIMIT 1) img ON true
      WHERE ${where}
      ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
    [scope, perPage, ((q.page ?? 1) - 1) * perPage],
  );
  const { rows: n } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM merchandises m WHERE ${where}`, [scope]);
  return {
    collection: rows.map((r) => ({
      id: Number(r.id), name: r.name, promoter: { id: Number(r.promoter_id), name: r.promoter_name }, price: sekFromOre(Number(r.price_ore)),
      quantity: Number(r.quantity), valid: Boolean(r.valid), image_url: r.media_id === null ? null : mediumUrl(Number(r.media_id), String(r.public_key)),
      created_at: r.created,
    })),
    count: n[0].n,
  };
}
