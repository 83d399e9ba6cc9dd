/**
 * The sell-through view of the venue map (issue 7, beyond the spec): seats coloured sold or not, sections shaded
 * by the share of their places sold or reserved. Reached from the Financial report; the same engine, re-coloured.
 */
import type { EventSectionsResponse, SeatCounts } from '../../contracts/venueMap';
import { hexToRgba, SEAT_STATE_COLORS, type Rgba } from '../../seatmap/colors';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { SEAT_HIDDEN, SEAT_TAKEN, type SeatStates } from './seatStates';

export const SOLD_COLOR = hexToRgba('#1f5fbf');
export const FOR_SALE_COLOR = hexToRgba('#ffffff');
/** Section shades from none sold to all sold, one a fifth of the places. */
export const SELL_THROUGH_SHADES: readonly Rgba[] = ['#eef3fb', '#c6d8f2', '#8fb3e6', '#4f86d3', '#1f5fbf'].map(hexToRgba);

/** The section shades' legend, while only sections are drawn. */
export const SALES_SECTION_LEGEND: readonly { label: string; color: Rgba }[] = SELL_THROUGH_SHADES.map((color, k) => ({
  label: `${k * 20}–${(k + 1) * 20} % sold`,
  color,
}));

export const SALES_LEGEND: readonly { label: string; color: Rgba }[] = [
  { label: 'Sold or reserved', color: SOLD_COLOR },
  { label: 'For sale', color: FOR_SALE_COLOR },
  { label: 'Hidden', color: SEAT_STATE_COLORS.hidden },
];

export interface SellThrough {
  /** Places sold or reserved. */
  sold: number;
  /** Places on offer: not hidden (a standing area's places for sale). */
  places: number;
  /** sold ÷ places, 0 when there are none. */
  share: number;
}

/** Sold and offered places of a section's or the venue's counts. */
export function sellThrough(c: SeatCounts): SellThrough {
  // `count` is the places on offer: hidden seats are already left out of it (server/pricing/pricingStatus.ts).
  const places = c.count;
  return { sold: c.taken, places, share: places > 0 ? Math.min(c.taken / places, 1) : 0 };
}

export function sellThroughShade(share: number): Rgba {
  return SELL_THROUGH_SHADES[Math.min(Math.floor(share * SELL_THROUGH_SHADES.length), SELL_THROUGH_SHADES.length - 1)];
}

/** Seat and section colours of the sell-through view, from the states the pricing view already derived. */
export function salesColors(map: EventSectionsResponse, model: VenueModel, states: SeatStates): { seatColors: Uint32Array; sectionColors: Uint32Array } {
  const seatColors = new Uint32Array(model.seatCount);
  for (let i = 0; i < seatColors.length; i++) {
    const f = states.flags[i];
    seatColors[i] = f & SEAT_TAKEN ? SOLD_COLOR : f & SEAT_HIDDEN ? SEAT_STATE_COLORS.hidden : FOR_SALE_COLOR;
  }
  const sectionColors = new Uint32Array(model.sectionCount);
  for (let s = 0; s < sectionColors.length; s++) sectionColors[s] = sellThroughShade(sellThrough(map.sections[s].stats.seats).share);
  return { seatColors, sectionColors };
}
