import type { EventSectionsResponse, SectionDetailResponse } from '../../contracts/venueMap';
import { PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../seatmap/colors';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import type { BestRow } from '../../domain/bestAvailable';
import { oreFromSek } from '../../domain/money';
import { entranceFeeOre, type ServiceFeeBand } from '../../domain/serviceFees';
import { vatRow } from '../../domain/vat';

export type SaleSeat = SectionDetailResponse['rows'][number]['seats'][number];

/** A seat the counter may sell now: not taken, not hidden, priced, and not function-varied (kept for those who need it). */
export const isSellable = (s: SaleSeat): boolean => !s.reserved && !s.hidden && !s.handicapped && s.prices.length > 0;

/** The section's rows for best available (front first, as the venue's row order gives them), ids = seat ids. */
export function bestRows(section: SectionDetailResponse): BestRow[] {
  return section.rows.map((row) => row.seats.map((s) => ({ id: s.id, free: isSellable(s) })));
}

/** Keys that choose a ticket type: a, b, c … by the types' order (digits are taken by best available). */
export const typeKey = (index: number): string => String.fromCharCode(97 + index);
export function typeOfKey(key: string, types: readonly string[]): string | undefined {
  const i = key.length === 1 ? key.toLowerCase().charCodeAt(0) - 97 : -1;
  return i >= 0 && i < types.length && !['n', 'p'].includes(key.toLowerCase()) ? types[i] : undefined;
}

/** A seat's price of a ticket type, in öre; undefined when the seat has no such price. */
export function seatPriceOre(seat: SaleSeat, type: string): number | undefined {
  const p = seat.prices.find((x) => x.ticket_type.name === type);
  return p ? oreFromSek(p.original_price) : undefined;
}

export interface SaleTotal {
  /** Per ticket: price, entrance fee (price + band fee), with the extra fee. */
  lines: { priceOre: number; entranceOre: number; totalOre: number }[];
  totalOre: number;
  vatOre: number;
}

/**
 * The calculator (001 §9): each ticket's entrance fee (its price + the fixed fee of its service-fee band) plus the
 * reservation's extra fee; the total is their sum, (entrance fee + extra fee) × seats at one price. VAT is the
 * tickets' part at the event's ticket VAT rate plus the fees' part at the fees' rate (amount / (1 + rate/100)), as
 * the sale writes its items (ticket items at the ticket VAT, fee items at the order's fees VAT) and the finance
 * report reads them.
 */
export function saleTotal(pricesOre: readonly number[], bands: readonly ServiceFeeBand[], extraFeeOre: number, vatPercent: number, feesVatPercent = vatPercent): SaleTotal {
  const lines = pricesOre.map((priceOre) => {
    const entranceOre = entranceFeeOre(bands, priceOre);
    return { priceOre, entranceOre, totalOre: entranceOre + extraFeeOre };
  });
  const totalOre = lines.reduce((sum, l) => sum + l.totalOre, 0);
  const ticketsOre = lines.reduce((sum, l) => sum + l.priceOre, 0);
  return { lines, totalOre, vatOre: vatRow(ticketsOre, vatPercent).vatOre + vatRow(totalOre - ticketsOre, feesVatPercent).vatOre };
}

/** The counter's view of the event map: one colour a seat and which seats a click may select. */
export interface SaleMapSeats {
  seatColors: Uint32Array;
  /** 1 where the counter may sell the seat now: free, visible, priced, in a seated section. */
  selectable: Uint8Array;
  sectionColors: Uint32Array;
}

/**
 * The sections answer expanded to one entry a seat, with the live seat states (seat index → taken, from the
 * seat-state poll) over the answer's taken seats: free sellable seats blue, taken grey, hidden pale, unpriced white.
 */
export function buildSaleMapSeats(
  map: EventSectionsResponse,
  model: Pick<VenueModel, 'seatCount' | 'sectionCount' | 'sectionFirstSeat' | 'sectionSeatCount'>,
  liveTaken: ReadonlyMap<number, boolean>,
): SaleMapSeats {
  const n = model.seatCount;
  const priced = new Uint8Array(n);
  const hidden = new Uint8Array(n);
  const taken = new Uint8Array(n);
  const standing = new Uint8Array(n);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    if (!section) continue;
    const first = model.sectionFirstSeat[s];
    const end = first + model.sectionSeatCount[s];
    if (section.price_set !== null) priced.fill(1, first, end);
    if (section.hidden) hidden.fill(1, first, end);
    if (section.general_admission) standing.fill(1, first, end);
  }
  const o = map.overrides;
  for (let i = 0; i < o.seat_index.length; i++) {
    if (o.price_overridden[i]) priced[o.seat_index[i]] = o.price_set[i] === null ? 0 : 1;
    if (o.hidden[i]) hidden[o.seat_index[i]] = 1;
  }
  for (const seat of map.taken) taken[seat] = 1;
  for (const [seat, isTaken] of liveTaken) taken[seat] = isTaken ? 1 : 0;
  const seatColors = new Uint32Array(n);
  const selectable = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    seatColors[i] = taken[i] ? SEAT_STATE_COLORS.reservedOrBought : hidden[i] ? SEAT_STATE_COLORS.hidden : priced[i] ? PRICE_LEVEL_COLORS[0] : SEAT_STATE_COLORS.unpriced;
    selectable[i] = !taken[i] && !hidden[i] && priced[i] && !standing[i] ? 1 : 0;
  }
  const sectionColors = new Uint32Array(model.sectionCount);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    let open = false;
    if (!section) open = false;
    else if (section.general_admission) open = !section.hidden && section.price_set !== null && section.seats_count > section.stats.seats.taken;
    else for (let i = model.sectionFirstSeat[s], end = i + model.sectionSeatCount[s]; i < end && !open; i++) open = selectable[i] === 1;
    sectionColors[s] = open ? SECTION_STATE_COLORS.priced : SECTION_STATE_COLORS.unavailable;
  }
  return { seatColors, selectable, sectionColors };
}
