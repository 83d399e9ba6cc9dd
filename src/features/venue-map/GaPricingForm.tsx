import { Button, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { EventSection, MapTicketType } from '../../contracts/venueMap';
import { formatCount, formatPriceInput, oreFromSek } from '../../domain/money';
import { applyGaTypeInput, gaPricesPayload, isMandatoryGaType, parsePrice, validateGaNumberOfTickets, validateGaTypeRow, type GaTicketTypeRow } from '../../domain/pricing';
import type { PricesBody } from '../../contracts/pricing';
import { PriceField } from './PriceField';

interface Props {
  section: EventSection;
  ticketTypes: MapTicketType[];
  current: Record<string, number>;
  saving: boolean;
  onSave: (body: PricesBody) => void;
}

/**
 * A standing area: "Number of tickets" within the bounds of the checked types and the area, and a price per type
 * (000 §5): a type is checked by a price above zero and unchecked by 0 or an empty price; a type with a non-zero
 * minimum is always checked and required ('should be non zero'). Prices are clamping price fields (PriceField).
 */
export function GaPricingForm({ section, ticketTypes, current, saving, onSave }: Props) {
  const [count, setCount] = useState(section.seats_count ? String(section.seats_count) : '');
  const [rows, setRows] = useState<GaTicketTypeRow[]>(() =>
    ticketTypes.map((t) => ({ name: t.name, min: t.min ?? 0, max: t.max ?? null, checked: (t.name in current && current[t.name] > 0) || (t.min ?? 0) > 0, value: t.name in current ? formatPriceInput(oreFromSek(current[t.name])) : '' })),
  );
  const countError = validateGaNumberOfTickets(count, rows, section.places || null);
  const rowErrors = rows.map((r) => validateGaTypeRow(r).value
    ?? (r.checked && parsePrice(r.value) === null ? 'Required' : r.checked && parsePrice(r.value) === 0 ? 'should be non zero' : undefined));
  const typeError = rowErrors.some(Boolean);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!countError && !typeError) onSave(gaPricesPayload(section.name, Number(count), rows));
      }}
    >
      <FormGroup label="Number of tickets" labelFor="ga-count" intent={countError ? 'danger' : 'none'} helperText={countError ?? `Up to ${formatCount(section.places)} places`}>
        <InputGroup id="ga-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.currentTarget.value.replace(/\D/g, ''))} intent={countError ? 'danger' : 'none'} />
      </FormGroup>
      {rows.map((row, i) => (
        <FormGroup key={row.name} label={`${row.name} price (SEK)`} labelFor={`ga-price-${i}`} intent={rowErrors[i] ? 'danger' : 'none'}
          helperText={rowErrors[i] ?? (isMandatoryGaType(row) ? `Required: at least ${row.min} tickets` : undefined)}>
          <div className="price-input-row">
            <Checkbox
              checked={row.checked}
              disabled={isMandatoryGaType(row)}
              aria-label={`Include ${row.name}`}
              label={row.name}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setRows(rows.map((r, k) => (k === i ? { ...r, checked: isMandatoryGaType(r) || checked } : r)));
              }}
            />
            <PriceField
              id={`ga-price-${i}`}
              text={row.value}
              onText={(value) => setRows(rows.map((r, k) => (k === i ? applyGaTypeInput(r, value) : r)))}
            />
          </div>
        </FormGroup>
      ))}
      <div className="venue-map-panel-actions">
        <Button type="submit" intent="primary" text="Save" loading={saving} disabled={!!countError || typeError} />
        <Button text="Release" disabled={saving || section.seats_count === 0} onClick={() => onSave({ section: section.name, seats_count: 0, prices: {} })} />
      </div>
    </form>
  );
}
