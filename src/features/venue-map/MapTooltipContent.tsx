import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatSek, oreFromSek } from '../../domain/money';
import { seatLocation } from '../../seatmap/seatDescription';
import type { TooltipTarget } from '../../seatmap/SeatMapTooltip';
import { SEAT_FLAG_ACCESSIBLE, type VenueModel } from '../../../workers/venue-map/venueModel';
import { SEAT_HIDDEN, SEAT_TAKEN, type SeatStates } from './seatStates';

/** The words for a seat's state, for the tooltip and the screen-reader announcements. */
export function seatStateWords(map: EventSectionsResponse, states: SeatStates, seat: number): string {
  const f = states.flags[seat];
  if (f & SEAT_TAKEN) return 'reserved or bought';
  if (f & SEAT_HIDDEN) return 'hidden';
  const set = states.priceSet[seat];
  if (set < 0) return 'unpriced';
  const prices = Object.entries(map.price_sets[set].prices).map(([name, sek]) => `${name} ${formatSek(oreFromSek(sek))}`);
  return `priced: ${prices.join(', ')}`;
}

interface Props {
  target: TooltipTarget;
  map: EventSectionsResponse;
  model: VenueModel;
  states: SeatStates;
}

/** Seat: section, row, seat, state and prices. Section: name and its stats. */
export function MapTooltipContent({ target, map, model, states }: Props) {
  if (target.kind === 'section') {
    const s = map.sections[target.section];
    const c = s.stats.seats;
    return (
      <div className="map-tooltip">
        <strong>{s.name}</strong>
        {s.general_admission ? (
          <div>Standing, {s.places.toLocaleString('sv-SE')} places · {s.seats_count.toLocaleString('sv-SE')} for sale</div>
        ) : (
          <div>
            {c.count.toLocaleString('sv-SE')} seats · {c.priced.toLocaleString('sv-SE')} priced · {c.taken.toLocaleString('sv-SE')} sold or reserved
            {c.hidden > 0 ? ` · ${c.hidden.toLocaleString('sv-SE')} hidden` : ''}
          </div>
        )}
      </div>
    );
  }
  const where = seatLocation(model, target.seat);
  const set = states.priceSet[target.seat];
  const f = states.flags[target.seat];
  return (
    <div className="map-tooltip">
      <strong>
        {where.section} · Row {where.row} · Seat {where.seat}
      </strong>
      <div>
        {f & SEAT_TAKEN ? 'Reserved or bought' : f & SEAT_HIDDEN ? 'Hidden' : set < 0 ? 'Unpriced' : 'Priced'}
        {model.seatFlags[target.seat] & SEAT_FLAG_ACCESSIBLE ? ' · Function varied' : ''}
      </div>
      {set >= 0 ? (
        <ul className="map-tooltip-prices">
          {Object.entries(map.price_sets[set].prices).map(([name, sek]) => (
            <li key={name}>
              {name}: {formatSek(oreFromSek(sek))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
