/**
 * A promoter's whole service-fee scheme (002 §2 "Promoters", §7 service-fees/batch): besides each row being valid
 * (validateServiceFeeRow in userForms.ts), the bands together must cover every price from 0 up to the highest band
 * without overlapping, so every ticket price has exactly one fee. Only the highest band may be open (no maximum).
 *
 * The error names the row as the user sees it (row numbers count from 1 in the order typed) and sits on the field
 * to change: the minimum of the band that overlaps the one below it or leaves a hole after it.
 */
import { formatAmount } from './money';
import { serviceFeeBandToOre, type ServiceFeeBandSek } from './serviceFees';

export interface SchemeProblem {
  /** Index of the row in the typed order (0-based). */
  row: number;
  field: 'price_min' | 'price_max';
  message: string;
}

const sek = (ore: number) => `${formatAmount(ore)} SEK`;

/**
 * Problems of the scheme as a whole, for rows that are each valid. An empty scheme is allowed (the platform's default
 * bands apply then).
 */
export function serviceFeeSchemeProblems(rows: readonly ServiceFeeBandSek[]): SchemeProblem[] {
  const bands = rows
    .map((row, index) => ({ index, ...serviceFeeBandToOre(row) }))
    .sort((a, b) => a.price_min - b.price_min || a.index - b.index);
  const problems: SchemeProblem[] = [];
  const rowName = (index: number) => `row ${index + 1}`;
  if (bands.length === 0) return problems;
  if (bands[0].price_min > 0) {
    problems.push({ row: bands[0].index, field: 'price_min', message: `Prices from 0 to ${sek(bands[0].price_min)} have no fee: start the lowest band at 0` });
  }
  for (let i = 1; i < bands.length; i++) {
    const below = bands[i - 1];
    const band = bands[i];
    const belowMax = below.price_max ?? null;
    if (belowMax === null) {
      problems.push({ row: band.index, field: 'price_min', message: `Overlaps ${rowName(below.index)}, which has no maximum: only the highest band may be open` });
    } else if (band.price_min < belowMax) {
      problems.push({ row: band.index, field: 'price_min', message: `Overlaps ${rowName(below.index)} (${sek(band.price_min)} to ${sek(belowMax)})` });
    } else if (band.price_min > belowMax) {
      problems.push({ row: band.index, field: 'price_min', message: `Leaves a gap after ${rowName(below.index)}: ${sek(belowMax)} to ${sek(band.price_min)} has no fee` });
    }
  }
  return problems;
}

/** The problems as final-form row errors (`fees[i].price_min`), undefined for rows without one. */
export function serviceFeeSchemeRowErrors(rows: readonly ServiceFeeBandSek[]): ({ price_min?: string; price_max?: string } | undefined)[] | undefined {
  const problems = serviceFeeSchemeProblems(rows);
  if (problems.length === 0) return undefined;
  const errors: ({ price_min?: string; price_max?: string } | undefined)[] = rows.map(() => undefined);
  for (const p of problems) errors[p.row] = { ...errors[p.row], [p.field]: errors[p.row]?.[p.field] ?? p.message };
  return errors;
}
