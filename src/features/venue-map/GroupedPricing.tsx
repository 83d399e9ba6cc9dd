import { Button, Checkbox, HTMLTable, Radio, RadioGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { PricesBody } from '../../contracts/pricing';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { PriceField } from './PriceField';
import { groupedPricesBody, groupValuesComplete, MAX_PRICING_GROUPS, pricingGroups, type GroupBy } from './pricingTargets';
import { formatCount } from '../../domain/money';

interface Props {
  map: EventSectionsResponse;
  model: VenueModel;
  selected: Uint32Array;
  busy: boolean;
  /** Saves; the grouped prices stay on screen (as typed) when it fails. */
  onSave: (body: PricesBody) => void;
  onClose: () => void;
}

/**
 * Grouped bulk pricing (000 §5, 001 §5): the selected seats split by row or by section, one price per group and
 * included ticket type. "Bulk pricing needs every group value filled": Save stays disabled until each is.
 */
export function GroupedPricing({ map, model, selected, busy, onSave, onClose }: Props) {
  const [by, setBy] = useState<GroupBy>('row');
  const defaultType = map.ticket_types.find((t) => t.default)?.name ?? map.ticket_types[0]?.name;
  const [types, setTypes] = useState<string[]>(defaultType ? [defaultType] : []);
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const groups = useMemo(() => pricingGroups(model, selected, by), [model, selected, by]);
  const tooMany = groups.length > MAX_PRICING_GROUPS;
  const complete = !tooMany && groupValuesComplete(groups, types, values);
  const ordered = map.ticket_types.map((t) => t.name).filter((name) => types.includes(name));
  const setValue = (group: string, type: string, value: string) => setValues((prev) => ({ ...prev, [group]: { ...prev[group], [type]: value } }));
  return (
    <form
      className="grouped-pricing"
      aria-label="Price by group"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onSave(groupedPricesBody(model, groups, ordered, values));
      }}
    >
      <RadioGroup label="One price per" inline selectedValue={by} onChange={(e) => setBy(e.currentTarget.value as GroupBy)}>
        <Radio label="Row" value="row" />
        <Radio label="Section" value="section" />
      </RadioGroup>
      <div className="grouped-pricing-types" role="group" aria-label="Ticket types to price">
        {map.ticket_types.map((t) => (
          <Checkbox key={t.name} inline label={t.name} checked={types.includes(t.name)}
            onChange={(e) => setTypes(e.currentTarget.checked ? [...types, t.name] : types.filter((x) => x !== t.name))} />
        ))}
      </div>
      {tooMany ? (
        <p className="venue-map-hint">{formatCount(groups.length)} groups: select fewer seats, or group by section (at most {MAX_PRICING_GROUPS}).</p>
      ) : (
        <HTMLTable compact className="grouped-pricing-table">
          <thead>
            <tr><th scope="col">Group</th>{ordered.map((t) => <th key={t} scope="col">{t} (SEK)</th>)}</tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key}>
                <th scope="row">{g.label}</th>
                {ordered.map((t) => (
                  <td key={t}>
                    <PriceField small aria-label={`${g.label}: ${t} price (SEK)`}
                      text={values[g.key]?.[t] ?? ''} onText={(text) => setValue(g.key, t, text)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {!complete && !tooMany ? <p className="venue-map-hint">Bulk pricing needs every group value filled.</p> : null}
      <div className="venue-map-panel-actions">
        <Button type="submit" intent="primary" text="Save group prices" disabled={busy || !complete} />
        <Button text="One price for all" onClick={onClose} />
      </div>
    </form>
  );
}
