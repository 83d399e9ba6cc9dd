import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { pointInPolygon } from '../../../workers/venue-map/pointInPolygon';
import { createVenueIndex, packedSeatIndexBuffers, packSeatIndex, radixOrder } from '../../../workers/venue-map/venueIndex';
import { rowSeatsOf, venueModelBuffers, type VenueModel } from '../../../workers/venue-map/venueModel';
import { parseFixture, seatAtKey } from './venueFixtures';

function sectionOfSeat(model: VenueModel, seat: number): number {
  return model.rowSection[model.seatRow[seat]!]!;
}

describe('createVenueIndex on a generated arena', () => {
  const { model } = parseVenueSvg(generateVenue({ seats: 3000, seed: 7 }).svg);
  const index = createVenueIndex(model);

  it('finds every seat at its centre and near its edge', () => {
    for (let i = 0; i < model.seatCount; i++) {
      const r = model.seatRadius[i]!;
      expect(index.seatAt(model.seatX[i]!, model.seatY[i]!)).toBe(i);
      expect(index.seatAt(model.seatX[i]! + r * 0.7, model.seatY[i]! - r * 0.7)).toBe(i);
    }
  });

  it('finds nothing between seats or in the corner of a seat’s box', () => {
    const i = 100;
    const r = model.seatRadius[i]!;
    expect(index.seatAt(model.seatX[i]! + r * 0.9, model.seatY[i]! + r * 0.9)).toBe(-1);
    expect(index.seatAt(model.viewBox.minX + 1, model.viewBox.minY + 1)).toBe(-1);
  });

  it('answers the section under every seat, including curved sections drawn with arcs', () => {
    for (let i = 0; i < model.seatCount; i += 7) expect(index.sectionAt(model.seatX[i]!, model.seatY[i]!)).toBe(sectionOfSeat(model, i));
    expect(index.sectionAt(model.viewBox.minX + 1, model.viewBox.minY + 1)).toBe(-1);
  });

  it('answers any point as a scan of every seat and every section would', () => {
    const { minX, minY, maxX, maxY } = model.viewBox;
    let seatsHit = 0;
    for (let k = 0; k < 4000; k++) {
      // A fixed low-discrepancy walk over the venue's box (deterministic, no random seed to carry).
      const x = minX + ((k * 0.754877666) % 1) * (maxX - minX);
      const y = minY + ((k * 0.569840291) % 1) * (maxY - minY);
      let seat = -1;
      let seatDistance = Infinity;
      for (let i = 0; i < model.seatCount; i++) {
        const r = model.seatRadius[i]!, dx = x - model.seatX[i]!, dy = y - model.seatY[i]!;
        const d = dx * dx + dy * dy;
        if (d <= r * r && d < seatDistance) {
          seat = i;
          seatDistance = d;
        }
      }
      let section = -1;
      let sectionArea = Infinity;
      for (let s = 0; s < model.sectionCount; s++) {
        const b = model.sectionBounds;
        const from = model.sectionOutlineStart[s]!, to = model.sectionOutlineStart[s + 1]!;
        if (to - from < 3 || x < b[s * 4]! || y < b[s * 4 + 1]! || x > b[s * 4 + 2]! || y > b[s * 4 + 3]!) continue;
        const area = (b[s * 4 + 2]! - b[s * 4]!) * (b[s * 4 + 3]! - b[s * 4 + 1]!);
        if (area < sectionArea && pointInPolygon(model.outlinePoints, from, to, x, y)) {
          section = s;
          sectionArea = area;
        }
      }
      expect(index.seatAt(x, y)).toBe(seat);
      expect(index.sectionAt(x, y)).toBe(section);
      if (seat >= 0) seatsHit++;
    }
    expect(seatsHit).toBeGreaterThan(100);
  });

  it('selects a whole row from any of its seats, in order along the row', () => {
    const seat = 1234;
    const row = model.seatRow[seat]!;
    const expected = Array.from({ length: model.rowSeatCount[row]! }, (_, k) => model.rowFirstSeat[row]! + k);
    expect(Array.from(rowSeatsOf(model, seat))).toEqual(expected);
    expect(expected).toContain(seat);
    expect(rowSeatsOf(model, -1)).toHaveLength(0);
    expect(rowSeatsOf(model, model.seatCount)).toHaveLength(0);
  });

  it('returns exactly the seats whose centres fall in a rectangle, ascending', () => {
    const { minX, minY, maxX, maxY } = model.viewBox;
    for (const [fx, fy, fw, fh] of [[0.1, 0.5, 0.3, 0.2], [0.5, 0.05, 0.4, 0.3], [0, 0, 1, 1], [0.45, 0.45, 0.01, 0.01]]) {
      const x0 = minX + fx! * (maxX - minX), y0 = minY + fy! * (maxY - minY);
      const x1 = x0 + fw! * (maxX - minX), y1 = y0 + fh! * (maxY - minY);
      const expected: number[] = [];
      for (let i = 0; i < model.seatCount; i++) {
        if (model.seatX[i]! >= x0 && model.seatX[i]! <= x1 && model.seatY[i]! >= y0 && model.seatY[i]! <= y1) expected.push(i);
      }
      expect(Array.from(index.seatsInRect(x1, y1, x0, y0))).toEqual(expected);
    }
  });
});

describe('radixOrder', () => {
  it('orders item numbers by their 32-bit keys like a stable sort, in every digit of the key', () => {
    let s = 12345;
    const keys = new Uint32Array(5000);
    for (let i = 0; i < keys.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      // Few distinct keys (ties must keep item order), spread over all 32 bits.
      keys[i] = (s >>> 24) * 0x01010101 + (i % 3 === 0 ? 0x80000000 : 0) >>> 0;
    }
    const expected = Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]! || a - b);
    expect(Array.from(radixOrder(keys))).toEqual(expected);
    expect(Array.from(radixOrder(new Uint32Array([0xffffffff, 0, 0x7ff, 0x800])))).toEqual([1, 2, 3, 0]);
    expect(radixOrder(new Uint32Array(0))).toHaveLength(0);
  });
});

describe('createVenueIndex', () => {
  it('opens on the other side of a transfer from the packed half the worker built', () => {
    const parsed = parseFixture('canonical.svg');
    const packed = packSeatIndex(parsed.model);
    const sent = { model: parsed.model, packed };
    const arrived = structuredClone(sent, { transfer: [...venueModelBuffers(parsed.model), ...packedSeatIndexBuffers(packed)] });
    expect(parsed.model.seatX.length).toBe(0);
    expect(packed.runBoxes.length).toBe(0);
    const index = createVenueIndex(arrived.model, arrived.packed);
    expect(index.seatAt(100.5, 119.5)).toBe(seatAtKey(arrived.model, 'Stalls', 'B', '9').index);
    expect(index.sectionAt(-40, 190)).toBe(2);
    expect(index.sectionAt(250, 100)).toBe(1);
    // Whoever holds the model may move its buffers again (the bench does): the index reads the model, not old arrays.
    Object.assign(arrived.model, structuredClone(arrived.model, { transfer: venueModelBuffers(arrived.model) }));
    expect(index.seatAt(100.5, 119.5)).toBe(seatAtKey(arrived.model, 'Stalls', 'B', '9').index);
    expect(index.sectionAt(250, 100)).toBe(1);
  });

  it('cuts rows into runs of at most 16 seats, every seat in exactly one run', () => {
    const { model } = parseVenueSvg(generateVenue({ seats: 3000, seed: 7 }).svg);
    const { runFirst, runLength, runOrder } = packSeatIndex(model);
    const covered = new Uint8Array(model.seatCount);
    for (let run = 0; run < runFirst.length; run++) {
      expect(runLength[run]).toBeGreaterThan(0);
      expect(runLength[run]).toBeLessThanOrEqual(16);
      const row = model.seatRow[runFirst[run]!]!;
      for (let i = runFirst[run]!; i < runFirst[run]! + runLength[run]!; i++) {
        expect(model.seatRow[i]).toBe(row);
        covered[i]!++;
      }
    }
    expect(covered.every((c) => c === 1)).toBe(true);
    expect(Array.from(runOrder).sort((a, b) => a - b)).toEqual(Array.from({ length: runFirst.length }, (_, k) => k));
  });

  it('works on a map without seats (sections only)', () => {
    const { model } = parseFixture('section-only.svg');
    const index = createVenueIndex(model);
    expect(index.seatAt(50, 50)).toBe(-1);
    expect(index.seatsInRect(0, 0, 1000, 1000)).toHaveLength(0);
    expect(index.sectionAt(50, 50)).toBe(0);
    expect(index.sectionAt(650, 140)).toBe(3);
    expect(index.sectionAt(750, 50)).toBe(-1);
  });
});
