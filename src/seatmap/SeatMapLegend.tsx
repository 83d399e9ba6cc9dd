/**
 * The seat colour legend (spec §2): the six price levels, cheapest first, then Reserved or bought,
 * Function varied, Hidden and Unpriced. Plain markup: the legend must not depend on the UI kit.
 */
import { PRICE_LEVEL_COLORS, rgbaToCss, SEAT_STATE_COLORS, type Rgba } from './colors';

export interface SeatMapLegendProps {
  /** Labels of the six price levels (e.g. "250–300 SEK"); without them the levels are numbered. */
  priceLabels?: readonly string[];
  title?: string;
}

const STATES: { label: string; color: Rgba }[] = [
  { label: 'Reserved or bought', color: SEAT_STATE_COLORS.reservedOrBought },
  { label: 'Function varied', color: SEAT_STATE_COLORS.functionVaried },
  { label: 'Hidden', color: SEAT_STATE_COLORS.hidden },
  { label: 'Unpriced', color: SEAT_STATE_COLORS.unpriced },
];

export function SeatMapLegend({ priceLabels, title = 'Legend' }: SeatMapLegendProps) {
  return (
    <section className="seatmap-legend" aria-label={title}>
      <ul>
        {PRICE_LEVEL_COLORS.map((color, level) => (
          <li key={`price-${level}`}>
            <Swatch color={color} />
            {priceLabels?.[level] ?? `Price level ${level + 1}`}
          </li>
        ))}
        {STATES.map(({ label, color }) => (
          <li key={label}>
            <Swatch color={color} />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Swatch({ color }: { color: Rgba }) {
  return <span className="seatmap-legend__swatch" style={{ background: rgbaToCss(color) }} aria-hidden="true" />;
}
