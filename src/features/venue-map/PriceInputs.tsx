import { Checkbox } from '@blueprintjs/core';
import { applyPriceInput, type PriceInputRow } from '../../domain/pricing';
import { PriceField } from './PriceField';

/**
 * One price input per ticket type (spec 000 §5 "Pricing"): a clamping price field (PriceField), an emptied price
 * unchecks the type, a price checks it; only checked types are sent.
 */
export function PriceInputs({ rows, onChange, idPrefix }: { rows: PriceInputRow[]; onChange: (rows: PriceInputRow[]) => void; idPrefix: string }) {
  const set = (i: number, row: PriceInputRow) => onChange(rows.map((r, k) => (k === i ? row : r)));
  return (
    <div className="price-inputs">
      {rows.map((row, i) => (
        <div className="price-input-row" key={row.name}>
          <Checkbox
            checked={row.checked}
            onChange={(e) => set(i, { ...row, checked: e.currentTarget.checked })}
            label={row.name}
            aria-label={`Include ${row.name}`}
          />
          <PriceField
            id={`${idPrefix}-${i}`}
            aria-label={`${row.name} price (SEK)`}
            text={row.price}
            rightElement={<span className="price-input-unit">SEK</span>}
            onText={(text) => set(i, applyPriceInput(row, text))}
          />
        </div>
      ))}
    </div>
  );
}
