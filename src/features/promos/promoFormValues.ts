import { setIn } from 'final-form';
import type { Promo } from '../../contracts/promos';
import { formatFormDate, formDateError, parseFormDate, parseIsoDay, typedFormDay } from '../../domain/dates';
import { promoPayload, promoExpiryError, validatePromo, type PromoErrors, type PromoMode, type PromoValues } from '../../domain/promoCodes';
import { venueToday } from '../../domain/venueClock';

/** The promo form's values: the promo's own fields (as typed text) plus the chosen mode and the 'free of charge' tick. */
export type PromoFormValues = PromoValues & { mode: PromoMode; free: boolean };

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export const NEW_PROMO: PromoFormValues = {
  name: '', promo_code: '', promoter: '', event: '', item_type: 'ticket', type: 'percentage', value: '', discount_type: 'standard',
  mode: 'none', free: false, max_usages: '', max_person_items: '', person_usages: '', expire_date: '', data: { calculation: null },
};

/** A saved promo as form values; its mode is the one the server derived (002 §4). */
export function promoToForm(p: Promo): PromoFormValues {
  const day = parseIsoDay(p.expire_date);
  return {
    name: p.name, promo_code: p.promo_code, promoter: String(p.promoter.id), event: p.event ? String(p.event.id) : '',
    item_type: p.item_type, type: p.type, value: p.type === 'free' ? '' : String(p.value), discount_type: p.discount_type,
    min_tickets: text(p.min_tickets), min_kids: text(p.min_kids),
    data: { ...p.data, calculation: p.data.calculation ? { x: text(p.data.calculation.x), y: text(p.data.calculation.y) } : null },
    max_usages: text(p.max_usages), max_person_items: text(p.max_person_items), person_usages: text(p.person_usages),
    expire_date: day ? formatFormDate(day) : '', mode: p.mode, free: p.type === 'free',
  };
}

/** The form's errors: the domain's rules (002 §5) and a readable expiry date. */
export function validatePromoForm(values: PromoFormValues, isAdmin: boolean, mode: 'create' | 'edit'): PromoErrors & { expire_date?: string } {
  const errors: PromoErrors & { expire_date?: string } = validatePromo(values, { isAdmin, mode, promoMode: values.mode });
  const today = venueToday(Date.now());
  const dateError = formDateError(values.expire_date, today) ?? promoExpiryError(parseFormDate(values.expire_date), today, mode);
  if (dateError) errors.expire_date = dateError;
  return errors;
}

/** The body of POST/PUT api/discounts. */
export function promoBody(values: PromoFormValues) {
  return promoPayload({ ...values, expire_date: typedFormDay(values.expire_date, venueToday(Date.now())) }, values.mode);
}

/** The server's `{"data.calculation.x": "…"}` as the nested errors final-form reads. */
export function nestErrors(flat: Record<string, string>): Record<string, unknown> {
  return Object.entries(flat).reduce<Record<string, unknown>>((all, [path, message]) => setIn(all, path, message) as Record<string, unknown>, {});
}
