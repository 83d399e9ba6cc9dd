import { writeAudit } from '../../audit/auditLog';
import type { Queryable } from '../../db/database';
import { HttpError, ValidationError } from '../../httpErrors';
import type { MerchandiseInput } from './merchandiseInput';
import { type UploadedImage, storeImage } from '../../media/images';

/**
 * Storing merchandise: the item, its two translations, its options and its images, inside the caller's transaction.
 * Sold order items keep their own price, so a later price change never alters what was paid (money history is in
 * order_items, never updated here).
 */
const SOLD_OPTION = 'An option that has been sold cannot be removed: set its quantity to 0 instead.';

export async function typeIdFor(tx: Queryable, id: number | null, alias?: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    alias ? 'SELECT id FROM merchandise_types WHERE alias = $1' : 'SELECT id FROM merchandise_types WHERE id = $1',
    [alias ?? id],
  );
  if (!rows[0]) throw new ValidationError({ type: ['Choose a merchandise type'] });
  return Number(rows[0].id);
}

async function storeTexts(tx: Queryable, id: number, input: MerchandiseInput) {
  for (const language of ['en', 'sv'] as const) {
    const t = input.translations[language];
    await tx.query(
      `INSERT INTO merchandise_translations (merchandise_id, language, name, description, delivery_description, size_fit_description)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (merchandise_id, language) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
         delivery_description = EXCLUDED.delivery_description, size_fit_description = EXCLUDED.size_fit_description`,
      [id, language, t.name, t.description, t.delivery_description, t.size_fit_description],
    );
  }
}

/**
 * Options are matched by id: rows with an id of this item are updated, rows without one are added, and rows left
 * out are removed unless sold (then the save is refused: the order items still name them).
 */
async function storeOptions(tx: Queryable, id: number, input: MerchandiseInput) {
  const kept = input.options.filter((o) => o.id !== null).map((o) => o.id!);
  const { rows: gone } = await tx.query<{ id: number; sold: boolean }>(
    `SELECT o.id, EXISTS (SELECT 1 FROM order_items i WHERE i.merchandise_option_id = o.id) AS sold
       FROM merchandise_options o WHERE o.merchandise_id = $1 AND NOT (o.id = ANY($2::bigint[])) FOR UPDATE OF o`,
    [id, kept],
  );
  if (gone.some((o) => o.sold)) throw new ValidationError({ options: [SOLD_OPTION] });
  await tx.query('DELETE FROM merchandise_options WHERE merchandise_id = $1 AND NOT (id = ANY($2::bigint[]))', [id, kept]);
  for (const [i, o] of input.options.entries()) {
    if (o.id === null) {
      await tx.query('INSERT INTO merchandise_options (merchandise_id, name_en, name_sv, sku, quantity) VALUES ($1, $2, $3, $4, $5)', [id, o.name_en, o.name_sv, o.sku, o.quantity]);
      continue;
    }
    const { rowCount } = await tx.query(
      'UPDATE merchandise_options SET name_en = $3, name_sv = $4, sku = $5, quantity = $6 WHERE id = $1 AND merchandise_id = $2',
      [o.id, id, o.name_en, o.name_sv, o.sku, o.quantity],
    );
    if (!rowCount) throw new ValidationError({ [`options.${i}.id`]: ['This option is not one of this item.'] });
  }
}

async function storeImages(tx: Queryable, id: number, images: UploadedImage[], remove: number[], maxImages: number) {
  if (remove.length > 0) {
    await tx.query(
      'DELETE FROM media WHERE id IN (SELECT media_id FROM merchandise_media WHERE merchandise_id = $1 AND media_id = ANY($2::bigint[]))',
      [id, remove],
    );
  }
  const { rows } = await tx.query<{ n: number; last: number }>(
    'SELECT count(*)::int AS n, coalesce(max(position), -1)::int AS last FROM merchandise_media WHERE merchandise_id = $1',
    [id],
  );
  if (rows[0].n + images.length > maxImages) throw new ValidationError({ images: [`At most ${maxImages} images`] });
  for (const [i, image] of images.entries()) {
    const mediaId = await storeImage(tx, image);
    await tx.query('INSERT INTO merchandise_media (merchandise_id, media_id, position) VALUES ($1, $2, $3)', [id, mediaId, rows[0].last + 1 + i]);
  }
}

export async function insertMerchandise(
  tx: Queryable, at: { eventId: number | null; promoterId: number; typeId: number }, input: MerchandiseInput, images: UploadedImage[], maxImages: number,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO merchandises (event_id, promoter_id, type_id, price_ore, quantity, sku, has_options, max_amount_can_be_sold_in_general,
                               max_amount_can_be_sold_per_option, refundable, valid, age_restriction, vat_percent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
             CASE (SELECT alias FROM merchandise_types WHERE id = $3) WHEN 'print' THEN 6 WHEN 'food' THEN 12 WHEN 'gift_card' THEN 0 ELSE 25 END)
     RETURNING id`,
    [at.eventId, at.promoterId, at.typeId, input.priceOre, input.quantity, input.sku, input.hasOptions, input.maxInGeneral, input.maxPerOption,
      input.refundable, input.valid ?? true, input.ageRestriction],
  );
  const id = Number(rows[0].id);
  await storeTexts(tx, id, input);
  await storeOptions(tx, id, input);
  await storeImages(tx, id, images, [], maxImages);
  return id;
}

/**
 * Updates an item. A changed price is a money action: it is written to the audit log (`merchandise.price`, who, the
 * item, old and new price in öre) in the same transaction (issue 20; docs/orders.md "Audit log").
 */
export async function updateMerchandise(tx: Queryable, id: number, typeId: number, input: MerchandiseInput, images: UploadedImage[], maxImages: number, userId: number | null = null) {
  const { rows } = await tx.query<{ old_price_ore: number; event_id: number | null; promoter_id: number }>(
    `UPDATE merchandises m SET type_id = $2, price_ore = $3, quantity = $4, sku = $5, has_options = $6, max_amount_can_be_sold_in_general = $7,
            max_amount_can_be_sold_per_option = $8, refundable = $9, valid = coalesce($10, m.valid), age_restriction = $11
       FROM (SELECT id, price_ore FROM merchandises WHERE id = $1) old
      WHERE m.id = $1 AND old.id = m.id
     RETURNING old.price_ore AS old_price_ore, m.event_id, m.promoter_id`,
    [id, typeId, input.priceOre, input.quantity, input.sku, input.hasOptions, input.maxInGeneral, input.maxPerOption, input.refundable, input.valid, input.ageRestriction],
  );
  const row = rows[0];
  if (row && Number(row.old_price_ore) !== input.priceOre) {
    await writeAudit(tx, {
      userId, action: 'merchandise.price', eventId: row.event_id === null ? null : Number(row.event_id), promoterId: Number(row.promoter_id),
      amounts: { merchandise_id: id, old_price_ore: Number(row.old_price_ore), new_price_ore: input.priceOre },
    });
  }
  await storeTexts(tx, id, input);
  await storeOptions(tx, id, input);
  await storeImages(tx, id, images, input.removeMedia, maxImages);
}

/** Deletes an item nothing was sold of (its images with it); a sold one is refused: deactivate it instead. */
export async function deleteMerchandise(tx: Queryable, id: number) {
  const { rows } = await tx.query<{ sold: boolean }>('SELECT EXISTS (SELECT 1 FROM order_items WHERE merchandise_id = $1) AS sold', [id]);
  if (rows[0].sold) throw new HttpError(409, 'merchandise_sold', 'This item has been sold and cannot be deleted: deactivate it instead.');
  await tx.query('DELETE FROM media WHERE id IN (SELECT media_id FROM merchandise_media WHERE merchandise_id = $1)', [id]);
  await tx.query('DELETE FROM merchandises WHERE id = $1', [id]);
}
