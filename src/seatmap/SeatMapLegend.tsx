/**
 * The seat colour legend (spec §2): the price levels in use (of six), cheapest first, then Reserved or bought,
 * Function varied, Hidden and Unpriced. Plain markup: the legend must not depend on the UI kit.
 */
import { PRICE_LEVEL_COLORS, rgbaToCss, SEAT_STATE_COLORS, type Rgba } from './colors';

export interface SeatMapLegendProps {
  /**
   * Labels of the six price levels (e.g. "250–300 SEK"), null for a level no price uses (left out of the legend);
   * without labels the six levels are numbered.
   */
  priceLabels?: readonly (string | null)[];
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
        {PRICE_LEVEL_COLORS.map((color, level) => {
          const label = priceLabels ? priceLabels[level] : `Price level ${level + 1}`;
          return label ? (
            <li key={`price-${level}`}>
              <Swatch color={color} />
              {label}
            </li>
          ) : null;
        })}
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
