import { Card, H4, ProgressBar } from '@blueprintjs/core';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { sellThrough } from './salesView';
import { formatCount } from '../../domain/money';

const n = formatCount;

/** Beside the sell-through view: how much of the venue, or of the chosen section, is sold or reserved. */
export function SellThroughCard({ map, sectionIndex }: { map: EventSectionsResponse; sectionIndex: number }) {
  const section = sectionIndex >= 0 ? map.sections[sectionIndex] : null;
  const t = sellThrough(section ? section.stats.seats : map.stats.all.seats);
  const percent = Math.round(t.share * 1000) / 10;
  return (
    <Card className="sell-through">
      <H4>Sell-through</H4>
      <p>
        <strong>{formatCount(percent)} %</strong> sold or reserved: {n(t.sold)} of {n(t.places)} places{section ? ` in ${section.name}` : ''}.
      </p>
      <ProgressBar value={t.share} intent="primary" stripes={false} animate={false} aria-label="Share sold or reserved" />
      <p className="venue-map-hint">Darker sections have sold more of their places. Click a section for its figures.</p>
    </Card>
  );
}
