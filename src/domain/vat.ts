/**
 * VAT rules (001 §9, 002 §5). Prices are given including VAT, in integer öre.
 *
 *   excl = incl / (1 + rate/100)        vat = incl × (1 − 1/(1 + rate/100)) = incl − excl
 *
 * Only excl is rounded (half away from zero, to whole öre: 2 decimals SEK) and VAT takes the remainder, so
 * vat + excl = incl on every row and the sums of a report add up. Rounding vat and excl separately would break that
 * whenever both land exactly on half an öre. The division is done on integers, exactly, so the result does not depend
 * on binary floating point; PostgreSQL's round(incl * 100 / (100 + rate)) on numeric gives the same figure.
 */

/** Sweden's VAT rates: what the seed's VAT categories start from. The dropdowns offer the categories' rates. */
export const VAT_RATES = [0, 6, 12, 25] as const;
export type VatRate = (typeof VAT_RATES)[number];

export interface VatRow {
  vatOre: number;
  exclOre: number;
}

export function isVatRate(value: number): value is VatRate {
  return (VAT_RATES as readonly number[]).includes(value);
}

/** VAT and price excluding VAT of a price including VAT; vatOre + exclOre === priceInclOre. */
export function vatRow(priceInclOre: number, ratePercent: number): VatRow {
  const exclOre = exclFromIncl(priceInclOre, ratePercent);
  return { vatOre: priceInclOre - exclOre, exclOre };
}

/** Price excluding VAT, in öre, of a price including VAT (001 §9: amount / (1 + rate/100), 2 decimals). */
export function exclFromIncl(priceInclOre: number, ratePercent: number): number {
  if (!Number.isSafeInteger(priceInclOre)) throw new RangeError(`Not a whole number of öre: ${priceInclOre}`);
  // Hundredths of a percent keep 2-decimal rates exact: incl × 10000 / (10000 + rate × 100).
  const rateHundredths = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || rateHundredths < 0) throw new RangeError(`Not a VAT rate: ${ratePercent}`);
  if (rateHundredths === 0) return priceInclOre;
  return divideRounded(priceInclOre * 10000, 10000 + rateHundredths, priceInclOre, 10000);
}

/**
 * Total VAT % of a table, derived from its sums (002 §5): (incl − excl) / excl × 100, rounded to 2 decimals.
 * A table with nothing excluding VAT has no meaningful rate: 0.
 */
export function totalVatPercent(sumInclOre: number, sumExclOre: number): number {
  if (!Number.isSafeInteger(sumInclOre) || !Number.isSafeInteger(sumExclOre)) {
    throw new RangeError(`Not whole numbers of öre: ${sumInclOre}, ${sumExclOre}`);
  }
  if (sumExclOre === 0) return 0;
  const diff = sumInclOre - sumExclOre;
  // Basis points (1/100 of a percent): diff × 10000 / excl, rounded half away from zero.
  const basisPoints = divideRounded(diff * 10000, sumExclOre, diff, 10000);
  return basisPoints / 100;
}

/** "25,00": a VAT rate with 2 decimals and a decimal comma (002 §9), for tables, CSV titles and the PDF. */
/** A VAT rate as the dropdowns offer it, like the totals show it (002 §9): "6,00 %". */
export function formatVatOption(percent: number): string {
  return `${formatVatPercent(percent)} %`;
}

export function formatVatPercent(percent: number): string {
  const basisPoints = Math.round(Math.abs(percent) * 100);
  const frac = basisPoints % 100;
  return `${percent < 0 && basisPoints !== 0 ? '\u2212' : ''}${(basisPoints - frac) / 100},${frac < 10 ? '0' : ''}${frac}`;
}

/**
 * numerator / denominator rounded half away from zero, exactly. numerator = a × b is passed with its factors so the
 * product can be redone in BigInt when it leaves the range where doubles hold integers exactly.
 */
function divideRounded(numerator: number, denominator: number, a: number, b: number): number {
  const negative = numerator < 0 !== denominator < 0;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  if (!Number.isSafeInteger(n)) {
    const bn = BigInt(Math.abs(a)) * BigInt(b);
    const bd = BigInt(d);
    const q = (bn * 2n + bd) / (bd * 2n);
    const r = Number(q);
    return negative ? -r : r;
  }
  let q = Math.floor(n / d);
  // The float quotient can be one off for large n; the remainder, computed on exact integers, corrects it.
  let rem = n - q * d;
  if (rem < 0) {
    q -= 1;
    rem += d;
  } else if (rem >= d) {
    q += 1;
    rem -= d;
  }
  if (rem * 2 >= d) q += 1;
  return negative ? -q : q;
}

/**
 * What a row's VAT % dropdown offers (002 §9): the rates of Settings → VAT's categories, each once, in order, and the
 * row's own rate, which an edit or an old sale may have put outside them.
 */
export function vatChoices(configured: readonly number[], current: number): number[] {
  return [...new Set([...configured, current])].sort((a, b) => a - b);
}
