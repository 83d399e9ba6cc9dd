/** A two-seat venue (one square section, one row) to draw every layer once when compiling shaders ahead. */
import { SECTION_KIND_SEATED, type VenueModel } from '../../workers/venue-map/venueModel';

export function twoSeatVenue(): VenueModel {
  return {
    name: '',
    viewBox: { minX: 0, minY: 0, maxX: 20, maxY: 20 },
    strings: ['', '1', '2'],
    seatCount: 2,
    seatX: Float32Array.of(6, 14),
    seatY: Float32Array.of(10, 10),
    seatRadius: Float32Array.of(3, 3),
    seatRow: Uint32Array.of(0, 0),
    seatLabel: Uint32Array.of(1, 2),
    seatFlags: new Uint8Array(2),
    rowCount: 1,
    rowSection: Uint32Array.of(0),
    rowLabel: Uint32Array.of(1),
    rowFirstSeat: Uint32Array.of(0),
    rowSeatCount: Uint32Array.of(2),
    sectionCount: 1,
    sectionName: Uint32Array.of(0),
    sectionKind: Uint8Array.of(SECTION_KIND_SEATED),
    sectionCapacity: Uint32Array.of(0),
    sectionFirstRow: Uint32Array.of(0),
    sectionRowCount: Uint32Array.of(1),
    sectionFirstSeat: Uint32Array.of(0),
    sectionSeatCount: Uint32Array.of(2),
    sectionBounds: Float32Array.of(0, 0, 20, 20),
    sectionOutlineStart: Uint32Array.of(0, 4),
    outlinePoints: Float32Array.of(0, 0, 20, 0, 20, 20, 0, 20),
  };
}
