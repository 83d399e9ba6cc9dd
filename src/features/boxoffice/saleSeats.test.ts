import { describe, expect, it } from 'vitest';
import { SEAT_STATE_COLORS, PRICE_LEVEL_COLORS } from '../../seatmap/colors';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { buildSaleMapSeats, saleTotal, typeKey, typeOfKey } from './saleSeats';

describe('the box-office calculator', () => {
  const bands = [{ price_min: 0, price_max: 50000, fixed: 2500 }, { price_min: 50000, price_max: null, fixed: 4900 }];
  it('when four seats at one price are sold, then (entrance fee + extra fee) × 4, VAT its part at the ticket rate', () => {
    const t = saleTotal([45000, 45000, 45000, 45000], bands, 1000, 6);
    expect(t.lines[0]).toEqual({ priceOre: 45000, entranceOre: 47500, totalOre: 48500 });
    expect(t.totalOre).toBe(4 * 48500);
    expect(t.vatOre).toBe(194000 - Math.round(194000 / 1.06));
  });
  it('when the fees have their own VAT rate, then VAT is the tickets\' part at the ticket rate plus the fees\' at theirs', () => {
    const t = saleTotal([45000, 45000], bands, 1000, 6, 25);
    expect(t.totalOre).toBe(2 * 48500);
    expect(t.vatOre).toBe((90000 - Math.round(90000 / 1.06)) + (7000 - Math.round(7000 / 1.25)));
  });
  it('when the prices differ, then each seat takes its own band', () => {
    expect(saleTotal([45000, 60000], bands, 0, 0).totalOre).toBe(47500 + 64900);
  });
});

describe('ticket-type keys', () => {
  it('when a letter is pressed, then the type at its place (n and p stay for next and print)', () => {
    expect(typeKey(0)).toBe('a');
    expect(typeOfKey('b', ['Adult', 'Child'])).toBe('Child');
    expect(typeOfKey('c', ['Adult', 'Child'])).toBeUndefined();
    expect(typeOfKey('Enter', ['Adult'])).toBeUndefined();
  });
});

describe('the counter seat map', () => {
  const section = (over: object) => ({ price_set: 0, hidden: false, general_admission: false, seats_count: 3, stats: { seats: { taken: 0 } }, ...over });
  const map = {
    sections: [section({}), section({ general_admission: true }), section({ hidden: true })],
    overrides: { seat_index: [2], price_set: [null], price_overridden: [true], hidden: [false] },
    taken: [1],
  } as unknown as EventSectionsResponse;
  const model = { seatCount: 9, sectionCount: 3, sectionFirstSeat: new Uint32Array([0, 3, 6]), sectionSeatCount: new Uint32Array([3, 3, 3]) };
  it('when seats are taken, released from sale, standing or hidden, then only free priced seats can be selected', () => {
    const m = buildSaleMapSeats(map, model as never, new Map());
    expect([...m.selectable]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(m.seatColors[0]).toBe(PRICE_LEVEL_COLORS[0]);
    expect(m.seatColors[1]).toBe(SEAT_STATE_COLORS.reservedOrBought);
    expect(m.seatColors[2]).toBe(SEAT_STATE_COLORS.unpriced);
    expect(m.seatColors[6]).toBe(SEAT_STATE_COLORS.hidden);
  });
  it('when the seat-state poll says a seat was freed or taken, then the map follows it', () => {
    const m = buildSaleMapSeats(map, model as never, new Map([[1, false], [0, true]]));
    expect(m.selectable[0]).toBe(0);
    expect(m.selectable[1]).toBe(1);
    expect(m.seatColors[0]).toBe(SEAT_STATE_COLORS.reservedOrBought);
  });
});
