/**
 * Plausible colours for a bench venue: price levels by section and row, some reserved, function-varied,
 * hidden and unpriced seats, and section colours from the resulting pricing state. Deterministic.
 */
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../../src/seatmap/colors';
import { sectionPricingState } from '../../../src/domain/pricing';

export interface DemoColors {
  seatColors: Uint32Array;
  sectionColors: Uint32Array;
  selectable: Uint8Array;
}

function hash(i: number, salt: number): number {
  let h = (i * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  return (h ^ (h >>> 12)) >>> 0;
}

export function demoColors(m: VenueModel, variant = 0): DemoColors {
  const seatColors = new Uint32Array(m.seatCount);
  const selectable = new Uint8Array(m.seatCount);
  const available = new Uint32Array(m.sectionCount);
  const priced = new Uint32Array(m.sectionCount);
  const unpricedSection = (s: number) => (s + variant) % 7 === 3;
  for (let i = 0; i < m.seatCount; i++) {
    const row = m.seatRow[i];
    const section = m.rowSection[row];
    const r = hash(i, variant) % 100;
    let color: number;
    let canSelect = 1;
    let isAvailable = true;
    let isPriced = false;
    if (r < 8) {
      color = SEAT_STATE_COLORS.reservedOrBought;
      canSelect = 0;
      isAvailable = false;
    } else if (r < 11) {
      color = SEAT_STATE_COLORS.hidden;
      canSelect = 0;
      isAvailable = false;
    } else if (unpricedSection(section) || ((section + variant) % 5 === 1 && r < 40)) {
      color = SEAT_STATE_COLORS.unpriced;
    } else if (r < 14) {
      color = SEAT_STATE_COLORS.functionVaried;
      isPriced = true;
    } else {
      const level = (section + variant + Math.floor((row - m.sectionFirstRow[section]) / 8)) % PRICE_LEVEL_COLORS.length;
      color = PRICE_LEVEL_COLORS[level];
      isPriced = true;
    }
    seatColors[i] = color;
    selectable[i] = canSelect;
    if (isAvailable) available[section]++;
    if (isAvailable && isPriced) priced[section]++;
  }
  const sectionColors = new Uint32Array(m.sectionCount);
  for (let s = 0; s < m.sectionCount; s++) {
    // The demo prices every seat with the default type: priced and with the default price are one count.
    const state = (s + variant) % 11 === 5 ? 'unavailable' : sectionPricingState({ available: available[s], priced: priced[s], withDefault: priced[s] });
    sectionColors[s] = SECTION_STATE_COLORS[state];
  }
  return { seatColors, sectionColors, selectable };
}
