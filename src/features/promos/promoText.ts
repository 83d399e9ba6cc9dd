import type { Promo } from '../../contracts/promos';
import { PROMO_MODE_LABELS } from '../../domain/promoCodes';
import { formatSek, oreFromSek } from '../../domain/money';

/** A promo's discount as the list shows it: "10 %", "50,00 kr" or "Free of charge". */
export function discountText(p: Pick<Promo, 'type' | 'value'>): string {
  if (p.type === 'free') return 'Free of charge';
  if (p.type === 'percentage') return `${String(p.value).replace('.', ',')} %`;
  return formatSek(oreFromSek(p.value));
}

export const modeText = (p: Pick<Promo, 'mode'>) => PROMO_MODE_LABELS[p.mode];

/** Usages of a promo against its limit; no limit: unlimited. */
export const usagesText = (p: Pick<Promo, 'usages_count' | 'max_usages'>) => `${p.usages_count} / ${p.max_usages ?? '∞'}`;
