import type { Queryable } from '../database';

export const GENRES = ['Pop', 'Rock', 'Jazz', 'Classical', 'Hip hop', 'Electronic', 'Musical', 'Drama', 'Comedy', 'Football', 'Ice hockey', 'Handball'];

/** VAT categories (spec 001 §5: 0, 6, 12, 25 %) and genres. */
export async function seedDictionaries(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO vats (name, vat, item_type)
     SELECT r || '%', r, t FROM unnest(ARRAY[0, 6, 12, 25]) AS r, unnest(ARRAY['ticket', 'merchandise', 'fee']) AS t`,
  );
  await db.query('INSERT INTO genres (name) SELECT unnest($1::text[])', [GENRES]);
}
