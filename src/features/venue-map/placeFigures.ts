import type { EventSection, EventSectionsResponse } from '../../contracts/venueMap';
import { placeCounts, placesHeadline, sumPlaceCounts, type PlaceCounts } from '../../domain/places';

/**
 * The places of a section or of the whole venue, in the one vocabulary of src/domain/places.ts (docs/places.md):
 * places (seats, or a standing area's capacity), offered (seats not hidden; the places a standing area releases),
 * sold, reserved, taken and for sale. The tooltip, the side panel and the header read these, so they agree.
 */
export function sectionPlaces(s: EventSection): PlaceCounts {
  const c = s.stats.seats;
  // `hidden` counts the places closed to sale: a place both hidden and taken is counted once, as taken
  // (server/pricing/pricingStatus.ts), so a section or standing area hidden whole still offers what its tickets hold.
  const offered = s.general_admission && !s.hidden ? s.seats_count : Math.max(s.places - c.hidden, 0);
  return placeCounts({ places: s.places, offered, sold: c.sold, reserved: Math.max(c.taken - c.sold, 0) });
}

export function venuePlaces(map: EventSectionsResponse): PlaceCounts {
  return sumPlaceCounts(map.sections.map(sectionPlaces));
}

/** Seats of seated sections and places of standing areas, apart. */
export function seatsAndStanding(map: EventSectionsResponse): { seats: number; standing: number } {
  let seats = 0;
  let standing = 0;
  for (const s of map.sections) {
    if (s.general_admission) standing += s.places;
    else seats += s.places;
  }
  return { seats, standing };
}

/**
 * The standing places released for sale, of all the venue's standing places: why "On offer" stays below the venue's
 * places before the standing areas are priced (their places are offered only once released).
 */
export function standingReleased(map: EventSectionsResponse): { released: number; standing: number } {
  let released = 0;
  let standing = 0;
  for (const s of map.sections) {
    if (!s.general_admission) continue;
    standing += s.places;
    released += sectionPlaces(s).offered;
  }
  return { released, standing };
}

/** "104 000 seats · 39 464 standing places" for the map's header. */
export function venueHeadline(map: EventSectionsResponse): string {
  const { seats, standing } = seatsAndStanding(map);
  return placesHeadline(seats, standing);
}
