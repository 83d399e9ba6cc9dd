import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatSek, oreFromSek } from '../../domain/money';
import { distinctSortedPrices, priceLevel, priceLevelColors, sectionPricingState } from '../../domain/pricing';
import { LEASE_COLORS, PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../seatmap/colors';
import type { LeaseOverlay } from '../../seatmap/leaseOverlay';
import type { LegendEntry } from '../../seatmap/SeatMapLegend';
import { SEAT_FLAG_ACCESSIBLE, type VenueModel } from '../../../workers/venue-map/venueModel';

export const SEAT_HIDDEN = 1;
export const SEAT_TAKEN = 2;
/** Taken because the event's season family holds it (with SEAT_TAKEN): the answer's `season_taken`. */
export const SEAT_SEASON = 4;

/** Everything the map draws and the tooltip says, per seat and per section, derived from the API and the model. */
export interface SeatStates {
  /** Index into map.price_sets, or -1 when unpriced. */
  priceSet: Int32Array;
  /** SEAT_HIDDEN | SEAT_TAKEN | SEAT_SEASON bits. */
  flags: Uint8Array;
  seatColors: Uint32Array;
  sectionColors: Uint32Array;
  /** Seats the user may pick (not taken). */
  selectable: Uint8Array;
  /** Legend labels of the six price levels ("Price level 1" when a level has no price). */
  priceLabels: (string | null)[];
  /** Some seat is priced only for other ticket types than the default (drawn SEAT_STATE_COLORS.noDefaultPrice). */
  noDefaultPrice?: boolean;
  /** Seats in a counter's running lease, not yet sold → "Leased to Counter 2 until 18:30" (withLeases). */
  leased?: ReadonlyMap<number, string>;
}

/** The API and the parsed file must describe the same map; they differ only if the file changed after import. */
export function checkSameMap(map: EventSectionsResponse, model: VenueModel, modelUrl?: string): string | null {
  if (modelUrl !== undefined && !sameMapFile(modelUrl, map.svg)) return MAP_CHANGED;
  if (map.seat_count !== model.seatCount || map.sections.length !== model.sectionCount) {
    return `The map file (${model.seatCount} seats, ${model.sectionCount} sections) does not match the stored map (${map.seat_count} seats, ${map.sections.length} sections).`;
  }
  return null;
}

/** checkSameMap's answer when the model was read from another file or version than the sections name. */
export const MAP_CHANGED = 'The venue map was changed after it was loaded.';

/**
 * Whether the file a model was downloaded from (its final URL, after redirects) is the one the sections name: the
 * same map at the same version (the URL carries it, server/venues/venueMapFile.ts). A model loaded early (as the
 * event's pages opened, or from the browser's model cache) is drawn only when it is the file the event has now.
 */
export function sameMapFile(modelUrl: string, sectionsSvg: string): boolean {
  const a = new URL(modelUrl, 'http://x.invalid/');
  const b = new URL(sectionsSvg, a);
  return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;
}

/**
 * Expands the sparse state (section defaults + overrides + taken) to one entry a seat, and colours: taken seats
 * grey, hidden pale, accessible seats orange (Function varied), priced seats by the level of their default-type
 * price among the event's distinct default prices, seats priced only for other types pink (no default price, so
 * not yet publishable: docs/places.md), the rest white (Unpriced). Sections by pricing state.
 *
 * It runs in the map page's first render, on the way to the map's first frame, and there it runs cold (the
 * interpreter, not optimised code): a loop over every seat cost 40-80 ms at 104k seats on a busy machine, 2-3 ms once
 * warm. So every per-seat array is filled a section at a time (native fills), and only the seats that differ from
 * their section's default (overrides, taken, accessible) are visited one by one (docs/venue-map-journal.md, fifth session).
 */
export function buildSeatStates(map: EventSectionsResponse, model: VenueModel): SeatStates {
  const n = model.seatCount;
  const priceSet = new Int32Array(n).fill(-1);
  const flags = new Uint8Array(n);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    const first = model.sectionFirstSeat[s];
    const end = first + model.sectionSeatCount[s];
    if (section.price_set !== null) priceSet.fill(section.price_set, first, end);
    if (section.hidden) flags.fill(SEAT_HIDDEN, first, end);
  }
  const o = map.overrides;
  for (let i = 0; i < o.seat_index.length; i++) {
    const seat = o.seat_index[i];
    if (o.price_overridden[i]) priceSet[seat] = o.price_set[i] ?? -1;
    if (o.hidden[i]) flags[seat] |= SEAT_HIDDEN;
  }
  const seasonTaken = map.season_taken ?? [];
  for (const seat of map.taken) flags[seat] |= SEAT_TAKEN;
  for (const seat of seasonTaken) flags[seat] |= SEAT_TAKEN | SEAT_SEASON;

  // The colour scale spans the prices in use: a price set left behind by an earlier save does not take a level. In
  // use: a section's default where one of its seats kept it, and every override's.
  const used = new Uint8Array(map.price_sets.length);
  for (let s = 0; s < model.sectionCount; s++) {
    const p = map.sections[s].price_set;
    const first = model.sectionFirstSeat[s];
    if (p !== null && p >= 0 && !used[p] && priceSet.subarray(first, first + model.sectionSeatCount[s]).includes(p)) used[p] = 1;
  }
  for (const seat of o.seat_index) if (priceSet[seat] >= 0) used[priceSet[seat]] = 1;
  for (const section of map.sections) if (section.general_admission && section.seats_count > 0 && section.price_set !== null) used[section.price_set] = 1;
  const defaultName = map.ticket_types.find((t) => t.default)?.name;
  const setPrice = map.price_sets.map((ps) => (defaultName !== undefined && defaultName in ps.prices ? oreFromSek(ps.prices[defaultName]) : null));
  const scale = distinctSortedPrices(setPrice.filter((p, i): p is number => p !== null && used[i] === 1));
  const setLevel = setPrice.map((p) => (p === null ? -1 : priceLevel(p, scale)));

  const colorOf = (f: number, set: number, seatFlags: number) => {
    const level = set >= 0 ? setLevel[set] : -1;
    return f & SEAT_TAKEN ? SEAT_STATE_COLORS.reservedOrBought
      : f & SEAT_HIDDEN ? SEAT_STATE_COLORS.hidden
      : seatFlags & SEAT_FLAG_ACCESSIBLE ? SEAT_STATE_COLORS.functionVaried
      : level >= 0 ? PRICE_LEVEL_COLORS[level]
      : set >= 0 ? SEAT_STATE_COLORS.noDefaultPrice
      : SEAT_STATE_COLORS.unpriced;
  };
  // Each section's default colour, then the seats that may differ from it, each coloured as a seat on its own.
  const seatColors = new Uint32Array(n).fill(colorOf(0, -1, 0));
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    const first = model.sectionFirstSeat[s];
    seatColors.fill(colorOf(section.hidden ? SEAT_HIDDEN : 0, section.price_set ?? -1, 0), first, first + model.sectionSeatCount[s]);
  }
  const recolor = (seat: number) => void (seatColors[seat] = colorOf(flags[seat], priceSet[seat], model.seatFlags[seat]));
  o.seat_index.forEach(recolor);
  map.taken.forEach(recolor);
  seasonTaken.forEach(recolor);
  forEachNonZero(model.seatFlags, recolor);
  const selectable = new Uint8Array(n).fill(1);
  for (const seat of map.taken) selectable[seat] = 0;
  for (const seat of seasonTaken) selectable[seat] = 0;

  const sectionColors = new Uint32Array(model.sectionCount);
  for (let s = 0; s < model.sectionCount; s++) {
    const c = map.sections[s].stats.seats;
    // `count` is the seats on offer: hidden ones are already left out of it.
    const available = map.sections[s].general_admission ? Math.max(map.sections[s].places - c.taken, 0) : Math.max(c.count - c.taken, 0);
    sectionColors[s] = SECTION_STATE_COLORS[sectionPricingState({ available, priced: Math.min(c.priced, available), withDefault: Math.min(c.has_default_price, available) })];
  }

  const noDefaultPrice = setPrice.some((p, i) => p === null && used[i] === 1);
  return { priceSet, flags, seatColors, sectionColors, selectable, priceLabels: priceLevelLabels(scale), noDefaultPrice };
}

/**
 * Calls `fn` with the index of every non-zero byte, reading four bytes at a time where it can: the seats' file flags
 * are zero for nearly every seat, so this visits a quarter of the entries (cold code pays for every one it visits).
 */
export function forEachNonZero(bytes: Uint8Array, fn: (index: number) => void): void {
  const aligned = bytes.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : new Uint32Array(0);
  for (let w = 0; w < words.length; w++) {
    if (words[w] === 0) continue;
    for (let k = w * 4; k < w * 4 + 4; k++) if (bytes[k] !== 0) fn(k);
  }
  for (let k = words.length * 4; k < bytes.length; k++) if (bytes[k] !== 0) fn(k);
}

/**
 * The states with the event's running leases drawn in (issue 35; leaseOverlay over the answer of GET seat-leases, the
 * season family's included): a leased seat that is not taken takes the leased colour and keeps its tooltip line. A
 * lease does not block pricing, so what may be selected and every price stay as they are; with no lease the states
 * are returned as they are.
 */
export function withLeases(states: SeatStates, overlay: LeaseOverlay): SeatStates {
  if (overlay.others.size === 0) return states;
  const seatColors = states.seatColors.slice();
  const leased = new Map<number, string>();
  for (const [seat, line] of overlay.others) {
    if (seat >= seatColors.length || states.flags[seat] & SEAT_TAKEN) continue;
    seatColors[seat] = LEASE_COLORS.others;
    leased.set(seat, line);
  }
  return { ...states, seatColors, leased };
}

/** "695,00 kr – 895,00 kr" per colour level, from the prices that fall into it; null for a level no price uses. */
export function priceLevelLabels(scale: readonly number[]): (string | null)[] {
  const byLevel: number[][] = priceLevelColors.map(() => []);
  for (const p of scale) byLevel[priceLevel(p, scale)].push(p);
  return byLevel.map((prices) =>
    prices.length === 0 ? null
    : prices.length === 1 ? formatSek(prices[0])
    : `${formatSek(prices[0])} – ${formatSek(prices[prices.length - 1])}`,
  );
}

/**
 * The pricing map's legend entries after the seat states: seats priced without the default type's price (when the map
 * has some), then the leases' (docs/places.md "Priced without the default type").
 */
export function pricingLegendMore(map: EventSectionsResponse, states: SeatStates, after: readonly LegendEntry[]): readonly LegendEntry[] {
  if (!states.noDefaultPrice) return after;
  const defaultName = map.ticket_types.find((t) => t.default)?.name ?? 'default';
  return [{ label: `Priced, no ${defaultName} price`, color: SEAT_STATE_COLORS.noDefaultPrice }, ...after];
}
