import { Checkbox, InputGroup } from '@blueprintjs/core';
import { applyPriceInput, type PriceInputRow } from '../../domain/pricing';

/**
 * One price input per ticket type (spec 000 §5 "Pricing"): a decimal comma or dot (sent as a number), an empty or unreadable price
 * unchecks the type, a readable one checks it; only checked types are sent.
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
          <InputGroup
            id={`${idPrefix}-${i}`}
            aria-label={`${row.name} price (SEK)`}
            inputMode="decimal"
            value={row.price}
            placeholder="0,00"
            rightElement={<span className="price-input-unit">SEK</span>}
            onChange={(e) => set(i, applyPriceInput(row, e.currentTarget.value))}
          />
        </div>
      ))}
    </div>
  );
}
