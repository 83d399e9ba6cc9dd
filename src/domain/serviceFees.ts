/**
 * Service fees and reservation totals (001 §9), in integer öre.
 *
 * A promoter's service-fee scheme is a list of bands; the band whose price_min <= price < price_max gives its fixed
 * fee (a band without price_max is open upwards). The entrance fee of a ticket is its actual price plus that fee.
 * Box-office reservations add an extra fee per seat, kept as JSON in the reservation's description.
 */
import { parseSekToOre } from './pricing';

/** One band of a service-fee scheme, in öre. */
export interface ServiceFeeBand {
  price_min: number;
  /** Upper bound, excluded; null or undefined for an open band. */
  price_max?: number | null;
  /** The fee added to a price in this band. */
  fixed: number;
}

/** A band as the API sends it (SEK numbers, possibly as strings). */
export interface ServiceFeeBandSek {
  price_min: number | string | null;
  price_max?: number | string | null;
  fixed: number | string | null;
}

/** Converts an API band (SEK) to öre; an empty min is 0, an empty max is open, an empty fixed fee is 0. */
export function serviceFeeBandToOre(band: ServiceFeeBandSek): ServiceFeeBand {
  return {
    price_min: parseSekToOre(band.price_min) ?? 0,
    price_max: parseSekToOre(band.price_max ?? null),
    fixed: parseSekToOre(band.fixed) ?? 0,
  };
}

/**
 * The band that applies to a price: price_min <= price < price_max, no max meaning open. When bands overlap, the one
 * with the highest price_min wins (the most specific band); undefined when none applies.
 */
export function findServiceFeeBand(bands: readonly ServiceFeeBand[], priceOre: number): ServiceFeeBand | undefined {
  let found: ServiceFeeBand | undefined;
  for (const band of bands) {
    const open = band.price_max === null || band.price_max === undefined;
    if (priceOre >= band.price_min && (open || priceOre < (band.price_max as number))) {
      if (!found || band.price_min > found.price_min) found = band;
    }
  }
  return found;
}

/** The service fee of a ticket at this actual price; 0 when no band applies. */
export function serviceFeeOre(bands: readonly ServiceFeeBand[], priceOre: number): number {
  return findServiceFeeBand(bands, priceOre)?.fixed ?? 0;
}

/** Entrance fee = actual price + the fixed fee of its band. */
export function entranceFeeOre(bands: readonly ServiceFeeBand[], priceOre: number): number {
  return priceOre + serviceFeeOre(bands, priceOre);
}

/**
 * The extra fee of a box-office reservation: its description is JSON holding extra_fee in SEK (`{"extra_fee": 25}`,
 * also "25,50" as a string). Anything else (plain text, no field, a negative or unreadable amount) is 0.
 */
export function extraFeeFromDescription(description: string | null | undefined): number {
  if (!description) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(description);
  } catch {
    return 0;
  }
  if (!parsed || typeof parsed !== 'object' || !('extra_fee' in parsed)) return 0;
  const fee = (parsed as { extra_fee: unknown }).extra_fee;
  return typeof fee === 'number' || typeof fee === 'string' ? (parseSekToOre(fee) ?? 0) : 0;
}

/** The description stored for a box-office reservation with this extra fee (the inverse of the reader above). */
export function boxOfficeDescription(extraFeeOre: number): string {
  return JSON.stringify({ extra_fee: extraFeeOre / 100 });
}

/**
 * Reservation total = Σ (entrance fee of the seat + extra fee) over the selected seats; with one price for all
 * seats that is (entrance fee + extra fee) × seats.
 */
export function reservationTotalOre(
  bands: readonly ServiceFeeBand[],
  seatPricesOre: readonly number[],
  extraFeeOre = 0,
): number {
  let total = 0;
  for (const price of seatPricesOre) total += entranceFeeOre(bands, price) + extraFeeOre;
  return total;
}

/** The reservation calculator's lines (001 §4, §9), öre: what the tickets, their service fees and the admin fee add. */
export interface ReservationCalculation {
  ticketsOre: number;
  serviceFeesOre: number;
  /** The extra fee times the seats: the sale writes it as each ticket's `ticket_admin_fee` item (docs/boxoffice.md). */
  adminFeesOre: number;
  totalOre: number;
}

/**
 * The calculator of the seat reservation flow: per seat its price, its band's service fee and the reservation's extra
 * fee (the ticket admin fee); the total is `reservationTotalOre`, (entrance fee + extra fee) × seats at one price.
 */
export function reservationCalculation(bands: readonly ServiceFeeBand[], seatPricesOre: readonly number[], extraFeeOre = 0): ReservationCalculation {
  let ticketsOre = 0;
  let serviceFeesOre = 0;
  for (const price of seatPricesOre) {
    ticketsOre += price;
    serviceFeesOre += serviceFeeOre(bands, price);
  }
  const adminFeesOre = extraFeeOre * seatPricesOre.length;
  return { ticketsOre, serviceFeesOre, adminFeesOre, totalOre: reservationTotalOre(bands, seatPricesOre, extraFeeOre) };
}
