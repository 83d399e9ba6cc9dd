import { Button, Callout, Card, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { NumberInput } from '../../ui/NumberInput';
import type { TicketItem } from '../../contracts/reservations';
import { formatSek } from '../../domain/money';
import { freePlaces, standingName } from '../../domain/places';
import { formatVatPercent } from '../../domain/vat';
import { ticketPlace, typeKey, type SaleSeat, type SaleTotal } from './saleSeats';

/** The selected seats with a ticket type each, and the calculator (001 §4, §9). */
export function SelectionPanel({ seats, types, typeOf, total, extraFeeOre, vatPercent, feesVatPercent, busy, onType, onReserve }: {
  seats: readonly SaleSeat[];
  types: readonly string[];
  typeOf: (seat: SaleSeat) => string;
  total: SaleTotal;
  extraFeeOre: number;
  vatPercent: number;
  feesVatPercent: number;
  busy: boolean;
  onType: (seat: SaleSeat, type: string) => void;
  onReserve: () => void;
}) {
  return (
    <Card aria-label="Selected seats">
      <h3>Selected seats</h3>
      {seats.length === 0 ? <p>Type a number of seats (1–9), or press ? for the keys.</p> : (
        <HTMLTable compact striped aria-label="Selection">
          <thead><tr><th>Row</th><th>Seat</th><th>Ticket type</th><th>Entrance fee</th></tr></thead>
          <tbody>
            {seats.map((s, i) => (
              <tr key={s.id}>
                <td>{s.row}</td><td>{s.name}</td>
                <td>
                  <HTMLSelect aria-label={`Ticket type of row ${s.row} seat ${s.name}`} value={typeOf(s)} onChange={(e) => onType(s, e.currentTarget.value)}
                    options={s.prices.map((p) => ({ value: p.ticket_type.name, label: `${p.ticket_type.name} (${typeKey(types.indexOf(p.ticket_type.name))})` }))} />
                </td>
                <td>{formatSek(total.lines[i]?.entranceOre ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <dl className="sale-summary" aria-label="Calculator">
        <dt>Extra fee per ticket</dt><dd>{formatSek(extraFeeOre)}</dd>
        <dt>Total</dt><dd><strong aria-label="Total">{formatSek(total.totalOre)}</strong></dd>
        <dt>of which VAT ({vatPercent === feesVatPercent ? `${formatVatPercent(vatPercent)} %` : `${formatVatPercent(vatPercent)} % on tickets, ${formatVatPercent(feesVatPercent)} % on fees`})</dt>
        <dd>{formatSek(total.vatOre)}</dd>
      </dl>
      <Button intent="primary" text="Sell (Enter)" disabled={seats.length === 0} loading={busy} onClick={onReserve} />
    </Card>
  );
}

/** A standing area: the stepper (min 1, max the free places) and a ticket type (001 §4 general admission). */
export function StandingSalePanel({ name, free, count, types, type, busy, priceOre, totalOre, onCount, onType, onReserve }: {
  name: string; free: number; count: number; types: readonly string[]; type: string; busy: boolean;
  /** One place's price with its fees (öre), shown before the sale; null when the type has no price here. */
  priceOre: number | null; totalOre: number;
  onCount: (n: number) => void; onType: (t: string) => void; onReserve: () => void;
}) {
  return (
    <Card aria-label="Standing places">
      <h3>{standingName(name)}: {freePlaces(free)}</h3>
      {free < 1 ? <Callout intent="warning">No free places left.</Callout> : (
        <>
          <NumberInput aria-label="Number of places" min={1} max={free} decimals={0} value={count} onValueChange={onCount} />
          <HTMLSelect aria-label="Ticket type" value={type} onChange={(e) => onType(e.currentTarget.value)} options={types.map((t) => ({ value: t, label: t }))} />
          <dl className="sale-summary" aria-label="Standing price">
            <dt>Price per place, with fees</dt><dd>{priceOre === null ? 'No price' : formatSek(priceOre)}</dd>
            <dt>Total</dt><dd><strong aria-label="Total">{formatSek(totalOre)}</strong></dd>
          </dl>
          <Button intent="primary" text="Sell (Enter)" loading={busy} disabled={priceOre === null} onClick={onReserve} />
        </>
      )}
    </Card>
  );
}

/**
 * The last added seats: print, reprint or release them (001 §4). A release refunds paid tickets in full, so it asks
 * first; the notice after it says what to give back (releaseMessage).
 */
export function LastAddedPanel({ items, printed, ready, busy, onPrint, onRelease }: {
  items: readonly TicketItem[]; printed: boolean; ready: boolean; busy: boolean; onPrint: () => void; onRelease: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  if (items.length === 0) return null;
  return (
    <Card aria-label="Last added seats">
      <h3>Last added seats</h3>
      <ul>
        {items.map((i) => <li key={i.id}>{ticketPlace(i)} · {i.ticket_type?.name}</li>)}
      </ul>
      <Button icon="print" text={printed ? 'Reprint' : 'Print'} disabled={!ready} onClick={onPrint} />{' '}
      <Button icon="undo" intent="danger" text="Release" loading={busy} onClick={() => setConfirming(true)} />
      <ConfirmDialog
        isOpen={confirming} title="Release the tickets" confirmText={`Release ${items.length} ticket(s)`} intent="danger" loading={busy}
        onConfirm={async () => { await onRelease(); setConfirming(false); }} onClose={() => setConfirming(false)}
      >
        <p>Release {items.length} ticket(s)? Their seats go back on sale at once, and what was paid for them is given back in full, the way it was paid.</p>
        <ul aria-label="Tickets to release">{items.map((i) => <li key={i.id}>{ticketPlace(i)}</li>)}</ul>
      </ConfirmDialog>
    </Card>
  );
}
