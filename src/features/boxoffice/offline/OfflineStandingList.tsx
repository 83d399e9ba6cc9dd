import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { standingName } from '../../../domain/places';
import { NumberInput } from '../../../ui/NumberInput';
import type { StandingLeft } from './leaseSeats';

/**
 * The standing places of the counter's lease offline (issue 35; docs/boxoffice.md "Standing places in a lease"): per
 * area, the places left and a number to sell, which opens the till step.
 */
export function OfflineStandingList({ areas, disabled, onSell }: { areas: readonly StandingLeft[]; disabled: boolean; onSell: (section: string, count: number) => void }) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  if (areas.length === 0) return null;
  return (
    <>
      <h3>Standing places</h3>
      <div className="offline-seats offline-standing">
        {areas.map((a) => {
          const name = standingName(a.section);
          const count = Math.min(counts[a.section] ?? 1, Math.max(a.left, 1));
          return (
            <div className="offline-row" key={a.section}>
              <span className="offline-row-name">{name}</span>
              <span>{a.left} place(s) left</span>
              <div className="offline-standing-count">
                <NumberInput aria-label={`Places in ${name}`} fill min={1} max={Math.max(a.left, 1)} decimals={0} value={count}
                  onValueChange={(n) => setCounts((c) => ({ ...c, [a.section]: n }))} />
              </div>
              <Button small intent="primary" text={`Sell ${count} standing place(s)`} disabled={disabled || a.left < 1} onClick={() => onSell(a.section, count)} />
            </div>
          );
        })}
      </div>
    </>
  );
}
