import type { EventSection, EventSectionsResponse } from '../../contracts/venueMap';
import { formatCount, formatSek, oreFromSek } from '../../domain/money';
import { seasonTakenReason } from '../../seatmap/pickableSeats';
import { seatLocation } from '../../seatmap/seatDescription';
import type { TooltipTarget } from '../../seatmap/SeatMapTooltip';
import { SEAT_FLAG_ACCESSIBLE, type VenueModel } from '../../../workers/venue-map/venueModel';
import { sectionPlaces } from './placeFigures';
import { SEAT_HIDDEN, SEAT_SEASON, SEAT_TAKEN, type SeatStates } from './seatStates';

/** The words for a seat's state, for the tooltip and the screen-reader announcements. */
export function seatStateWords(map: EventSectionsResponse, states: SeatStates, seat: number): string {
  const f = states.flags[seat];
  if (f & SEAT_SEASON) return `taken for the season: ${seasonTakenReason(map)}`;
  if (f & SEAT_TAKEN) return 'reserved or bought';
  if (f & SEAT_HIDDEN) return 'hidden';
  const set = states.priceSet[seat];
  const leased = states.leased?.get(seat);
  const lease = leased ? `, ${leased}` : '';
  if (set < 0) return `unpriced${lease}`;
  const prices = Object.entries(map.price_sets[set].prices).map(([name, sek]) => `${name} ${formatSek(oreFromSek(sek))}`);
  const missing = missingDefaultPrice(map, set);
  return `priced: ${prices.join(', ')}${missing ? `; n${missing.slice(1)}` : ''}${lease}`;
}

/**
 * "No Adult price (needed to publish)" for a price set without the default ticket type's price, else null: such a
 * seat is priced (for the types its set names) but does not count for publishing (000 §2, docs/places.md).
 */
export function missingDefaultPrice(map: EventSectionsResponse, set: number): string | null {
  const defaultName = map.ticket_types.find((t) => t.default)?.name;
  if (defaultName === undefined || defaultName in map.price_sets[set].prices) return null;
  return `No ${defaultName} price (needed to publish)`;
}

/** What a standing area offers, in the section tooltip: its places released, or why none are (hidden, unpriced). */
export function standingOfferWords(s: EventSection): string {
  if (s.hidden) return 'hidden';
  const offered = sectionPlaces(s).offered;
  return offered > 0 ? `${formatCount(offered)} offered` : 'not offered (unpriced)';
}

interface Props {
  target: TooltipTarget;
  map: EventSectionsResponse;
  model: VenueModel;
  states: SeatStates;
}

/** Seat: section, row, seat, state, the counter's lease it is in (and until when) and prices. Section: name and its stats. */
export function MapTooltipContent({ target, map, model, states }: Props) {
  if (target.kind === 'section') {
    const s = map.sections[target.section];
    const c = s.stats.seats;
    const p = sectionPlaces(s);
    const n = (v: number) => formatCount(v);
    // The side panel's words and figures (placeFigures.ts): places, offered, sold, reserved, for sale.
    return (
      <div className="map-tooltip">
        <strong>{s.name}</strong>
        {s.general_admission ? (
          <div>
            Standing, {n(p.places)} places · {standingOfferWords(s)} · {n(p.sold)} sold · {n(p.reserved)} reserved · {n(p.forSale)} for sale
          </div>
        ) : (
          <div>
            {n(p.places)} seats · {n(c.priced)} priced · {n(p.sold)} sold · {n(p.reserved)} reserved · {n(p.forSale)} for sale
            {c.hidden > 0 ? ` · ${n(c.hidden)} hidden` : ''}
          </div>
        )}
      </div>
    );
  }
  const where = seatLocation(model, target.seat);
  const set = states.priceSet[target.seat];
  const f = states.flags[target.seat];
  const leased = states.leased?.get(target.seat);
  return (
    <div className="map-tooltip">
      <strong>
        {where.section} · Row {where.row} · Seat {where.seat}
      </strong>
      <div>
        {f & SEAT_SEASON ? `Taken for the season: ${seasonTakenReason(map)}` : f & SEAT_TAKEN ? 'Reserved or bought' : f & SEAT_HIDDEN ? 'Hidden' : set < 0 ? 'Unpriced' : 'Priced'}
        {model.seatFlags[target.seat] & SEAT_FLAG_ACCESSIBLE ? ' · Function varied' : ''}
      </div>
      {set >= 0 && !(f & (SEAT_TAKEN | SEAT_HIDDEN)) && missingDefaultPrice(map, set) ? <div>{missingDefaultPrice(map, set)}</div> : null}
      {leased ? <div className="map-tooltip-leased">{leased}</div> : null}
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
