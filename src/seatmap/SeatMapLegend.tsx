/**
 * The seat colour legend (spec §2): the price levels in use (of six), cheapest first, then Reserved or bought,
 * Function varied, Hidden and Unpriced. Plain markup: the legend must not depend on the UI kit.
 */
import type { Ref } from 'react';
import { LEASE_COLORS, PICKABLE_COLOR, PRICE_LEVEL_COLORS, rgbaToCss, SEAT_STATE_COLORS, SECTION_STATE_COLORS, type Rgba } from './colors';

export interface SeatMapLegendProps {
  /**
   * Labels of the six price levels (e.g. "250–300 SEK"), null for a level no price uses (left out of the legend);
   * without labels the six levels are numbered.
   */
  priceLabels?: readonly (string | null)[];
  /** A legend of the caller's own (another colouring of the map), instead of price levels and seat states. */
  entries?: readonly LegendEntry[];
  /** Entries added after the seat states (not with `entries`). */
  more?: readonly LegendEntry[];
  title?: string;
  ref?: Ref<HTMLElement>;
}

export interface LegendEntry {
  label: string;
  color: Rgba;
}

/** What the section colours say (spec §2), for a legend while only sections are drawn. */
export const SECTION_PRICING_LEGEND: readonly LegendEntry[] = [
  { label: 'All places priced', color: SECTION_STATE_COLORS.priced },
  { label: 'Partly priced', color: SECTION_STATE_COLORS.partial },
  { label: 'None priced', color: SECTION_STATE_COLORS.unpriced },
  { label: 'None available', color: SECTION_STATE_COLORS.unavailable },
];

/**
 * The legend of a map where seats are picked (the counter, a reservation, a re-seat), spread into SeatMap's props: a
 * seat that can be picked and a section with something left to pick share one colour and one label ("For sale"), and
 * a section with nothing left is grey.
 */
export function pickLegend(pickableLabel: string): { priceLabels: readonly (string | null)[]; sectionLegendEntries: readonly LegendEntry[] } {
  return {
    priceLabels: [pickableLabel, null, null, null, null, null],
    sectionLegendEntries: [
      { label: pickableLabel, color: PICKABLE_COLOR },
      { label: 'Nothing left to pick', color: SECTION_STATE_COLORS.unavailable },
    ],
  };
}

const STATES: LegendEntry[] = [
  { label: 'Reserved or bought', color: SEAT_STATE_COLORS.reservedOrBought },
  { label: 'Function varied', color: SEAT_STATE_COLORS.functionVaried },
  { label: 'Hidden', color: SEAT_STATE_COLORS.hidden },
  { label: 'Unpriced', color: SEAT_STATE_COLORS.unpriced },
];

/** Seats in a running lease (issue 35): a counter sees its own as "yours"; every map sees others' as leased. */
export const LEASE_LEGEND = {
  counter: [{ label: 'Yours (leased)', color: LEASE_COLORS.own }, { label: 'Leased to another counter', color: LEASE_COLORS.others }],
  others: [{ label: 'Leased to a counter', color: LEASE_COLORS.others }],
  /** The counter with no server: its lease is all it can sell, the rest of the venue is dimmed. */
  offline: [
    { label: 'Yours (leased): for sale offline', color: LEASE_COLORS.own },
    { label: 'Sold', color: SEAT_STATE_COLORS.reservedOrBought },
    { label: 'Not for sale offline', color: LEASE_COLORS.outside },
  ],
} as const satisfies Record<string, readonly LegendEntry[]>;

export function SeatMapLegend({ priceLabels, entries, more, title = 'Legend', ref }: SeatMapLegendProps) {
  const items = entries ?? [...priceLevelEntries(priceLabels), ...STATES, ...(more ?? [])];
  return (
    <section ref={ref} className="seatmap-legend" aria-label={title}>
      <ul>
        {items.map(({ label, color }) => (
          <li key={label}>
            <Swatch color={color} />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The price levels in use with their labels; without labels all six, numbered. */
function priceLevelEntries(priceLabels: readonly (string | null)[] | undefined): LegendEntry[] {
  const out: LegendEntry[] = [];
  PRICE_LEVEL_COLORS.forEach((color, level) => {
    const label = priceLabels ? priceLabels[level] : `Price level ${level + 1}`;
    if (label) out.push({ label, color });
  });
  return out;
}

function Swatch({ color }: { color: Rgba }) {
  return <span className="seatmap-legend__swatch" style={{ background: rgbaToCss(color) }} aria-hidden="true" />;
}
