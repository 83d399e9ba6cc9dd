import { Button, Callout, Card, HTMLSelect } from '@blueprintjs/core';
import { NumberInput } from '../../ui/NumberInput';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import { gaStepperBounds, reserveButtonState } from '../../domain/reservations';
import { reservationCalculation, type ServiceFeeBand } from '../../domain/serviceFees';
import type { SeatLocation } from '../../seatmap/seatDescription';
import { seatPrices } from './reservationSeats';

const SHOWN = 40;

export interface SelectedSeat { seat: number; at: SeatLocation; priceSet: number }

/**
 * The reserve side of the map (001 §4 "Seat reservation flow"): a ticket type (price) per selected seat, the
 * calculator (001 §9: entrance fee = price + the service-fee band's fixed fee, plus the reservation's extra fee, the
 * ticket admin fee, times the seats: src/domain/serviceFees.ts), and Reserve, disabled until every seat has its type
 * ('Please select prices for all selected seats.'). Amounts in the reservation screens' format (001 §9).
 */
export function ReservePanel({ map, seats, types, bands, extraFeeOre, busy, onType, onAllTypes, onReserve, onClear }: {
  map: EventSectionsResponse;
  seats: SelectedSeat[];
  types: ReadonlyMap<number, string>;
  bands: readonly ServiceFeeBand[];
  /** The reservation's extra fee per ticket (its description's extra_fee, 0 when it has none). */
  extraFeeOre: number;
  busy: boolean;
  onType: (seat: number, type: string) => void;
  onAllTypes: (type: string) => void;
  onReserve: () => void;
  onClear: () => void;
}) {
  const priceOf = (s: SelectedSeat) => seatPrices(map, s.priceSet).find((p) => p.name === types.get(s.seat))?.price;
  const state = reserveButtonState(seats.map((s) => ({ priceChosen: priceOf(s) !== undefined })));
  const chosen = seats.map(priceOf).filter((p): p is number => p !== undefined).map(oreFromSek);
  const calc = reservationCalculation(bands, chosen, extraFeeOre);
  const allNames = [...new Set(seats.flatMap((s) => seatPrices(map, s.priceSet).map((p) => p.name)))];
  return (
    <Card className="reserve-panel" aria-label="Selected seats">
      <h3>{seats.length === 0 ? 'Select seats on the map' : `${seats.length} seat(s) selected`}</h3>
      {seats.length > 0 ? (
        <>
          <label className="reserve-all">
            Ticket type for all{' '}
            <HTMLSelect aria-label="Ticket type for all" value="" onChange={(e) => e.target.value && onAllTypes(e.target.value)}>
              <option value="">Choose…</option>
              {allNames.map((n) => <option key={n} value={n}>{n}</option>)}
            </HTMLSelect>
          </label>
          <ul className="reserve-seats">
            {seats.slice(0, SHOWN).map((s) => (
              <li key={s.seat}>
                <span>{s.at.section}, row {s.at.row}, seat {s.at.seat}</span>
                <HTMLSelect
                  aria-label={`Ticket type of row ${s.at.row} seat ${s.at.seat}`}
                  value={types.get(s.seat) ?? ''}
                  onChange={(e) => onType(s.seat, e.target.value)}
                >
                  <option value="">Choose…</option>
                  {seatPrices(map, s.priceSet).map((p) => <option key={p.name} value={p.name}>{p.name} · {formatReservationSek(oreFromSek(p.price))}</option>)}
                </HTMLSelect>
              </li>
            ))}
          </ul>
          {seats.length > SHOWN ? <p>… and {seats.length - SHOWN} more</p> : null}
          <dl className="reserve-calculator" aria-label="Calculator">
            <dt>Tickets</dt><dd>{formatReservationSek(calc.ticketsOre)}</dd>
            <dt>Service fees</dt><dd>{formatReservationSek(calc.serviceFeesOre)}</dd>
            {extraFeeOre > 0 ? <><dt>Ticket admin fee ({formatReservationSek(extraFeeOre)} a ticket)</dt><dd>{formatReservationSek(calc.adminFeesOre)}</dd></> : null}
            <dt>Total</dt><dd><strong aria-label="Total">{formatReservationSek(calc.totalOre)}</strong></dd>
          </dl>
          {state.message ? <Callout intent="warning">{state.message}</Callout> : null}
          <div className="reserve-actions">
            <Button intent="primary" text="Reserve" disabled={state.disabled} loading={busy} onClick={onReserve} />
            <Button text="Clear selection" onClick={onClear} />
          </div>
        </>
      ) : null}
    </Card>
  );
}

/** A standing section: a stepper from 1 to the free places; the server takes the first free places. */
export function StandingPanel({ name, free, prices, count, type, busy, onCount, onType, onReserve }: {
  name: string;
  free: number;
  prices: { name: string; price: number }[];
  count: number;
  type: string;
  busy: boolean;
  onCount: (n: number) => void;
  onType: (t: string) => void;
  onReserve: () => void;
}) {
  const bounds = gaStepperBounds(free);
  return (
    <Card className="reserve-panel" aria-label={`Standing places in ${name}`}>
      <h3>{name}: standing</h3>
      <p>{free} free place(s)</p>
      {bounds && prices.length ? (
        <>
          <label>
            Places{' '}
            <NumberInput aria-label="Places" min={bounds.min} max={bounds.max} decimals={0} value={count} onValueChange={onCount} />
          </label>
          <label>
            Ticket type{' '}
            <HTMLSelect aria-label="Standing ticket type" value={type} onChange={(e) => onType(e.target.value)}>
              {prices.map((p) => <option key={p.name} value={p.name}>{p.name} · {formatReservationSek(oreFromSek(p.price))}</option>)}
            </HTMLSelect>
          </label>
          <Button intent="primary" text={`Reserve ${count} place(s)`} loading={busy} onClick={onReserve} />
        </>
      ) : <p>No places can be reserved here.</p>}
    </Card>
  );
}
