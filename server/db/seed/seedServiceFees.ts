import type { Queryable } from '../database';

/** Bands in öre: [price_min, price_max (null: open), fixed fee]. */
const DEFAULT_BANDS: [number, number | null, number][] = [
  [0, 20000, 1500],
  [20000, 50000, 2500],
  [50000, null, 4000],
];

/** The platform's default scheme and one of each demo promoter's own, so entrance fees differ by promoter. */
export async function seedServiceFees(db: Queryable, promoterIds: number[]): Promise<void> {
  const rows: [number | null, number, number | null, number][] = DEFAULT_BANDS.map(([min, max, fixed]) => [null, min, max, fixed]);
  promoterIds.forEach((promoterId, i) => {
    for (const [min, max, fixed] of DEFAULT_BANDS) rows.push([promoterId, min, max, fixed + i * 500]);
  });
  await db.query(
    `INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[])`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}
