/**
 * The event side menu's "Required for publishing" marks and the dashboard figures (000 §2, §4).
 */

export interface EventChecklistInput {
  ticketTypesCount: number;
  /** stats.all.seats: how many seats the map has and how many of them have a default price. */
  seats: { count: number; has_default_price: number };
  status: 'draft' | 'active' | string;
  restrictions_confirmed: boolean;
}

export interface EventChecklist {
  ticketTypes: boolean;
  pricing: boolean;
  restrictions: boolean;
  /** Publish is enabled only when every seat has a default price. */
  canPublish: boolean;
}

/** True when seats exist and every one has a default price. */
export function isPricingComplete(seats: { count: number; has_default_price: number }): boolean {
  return seats.count > 0 && seats.has_default_price >= seats.count;
}

/**
 * Done marks: ticket types when there is at least one; pricing when seats exist and all have a default price;
 * restrictions when the event is active or they were confirmed.
 */
export function eventChecklist(input: EventChecklistInput): EventChecklist {
  const pricing = isPricingComplete(input.seats);
  return {
    ticketTypes: input.ticketTypesCount > 0,
    pricing,
    restrictions: input.status === 'active' || input.restrictions_confirmed,
    canPublish: pricing,
  };
}

/** The dashboard progress bar: sold tickets divided by priced seats, 0..1 (0 when nothing is priced). */
export function soldProgress(soldTickets: number, pricedSeats: number): number {
  if (pricedSeats <= 0) return 0;
  return Math.min(1, Math.max(0, soldTickets / pricedSeats));
}

/**
 * The dashboard's total money in öre (000 §2): ticket net paid + service fees + admin fees, less what refunds gave
 * back of them (the tickets' and their fees' price decrease), so a refund moves the total as it moves the finance
 * report.
 */
export function eventTotalOre(parts: { ticketsNetOre: number; serviceFeesOre: number; adminFeesOre: number; refundsOre?: number }): number {
  return parts.ticketsNetOre + parts.serviceFeesOre + parts.adminFeesOre - (parts.refundsOre ?? 0);
}
