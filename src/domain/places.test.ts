import { describe, expect, it } from 'vitest';
import { holdExpired, placeCounts, placeState, freePlaces, placesHeadline, standingName, sumPlaceCounts, tallyHoldings, type TicketHolding } from './places';

const now = '2026-06-20 18:00:00';
const item = (over: Partial<TicketHolding> = {}): TicketHolding => ({ valid: true, soldAt: null, orderStatus: 'new', reservedUntil: null, ...over });

describe('placeState', () => {
  it('a valid paid ticket is sold, whatever its order says', () => {
    expect(placeState(item({ soldAt: '2026-06-01 10:00:00', orderStatus: 'completed' }), now)).toBe('sold');
  });
  it('a valid unpaid ticket is reserved while its hold runs, free once it has expired', () => {
    expect(placeState(item({ reservedUntil: '2026-06-20 18:10:00' }), now)).toBe('reserved');
    expect(placeState(item({ orderStatus: 'pending', reservedUntil: '2026-06-20 17:59:59' }), now)).toBe('free');
  });
  it('a back-office reservation without an end is reserved', () => {
    expect(placeState(item({ orderStatus: 'completed' }), now)).toBe('reserved');
    expect(placeState(item({ orderStatus: 'completed', reservedUntil: '2026-01-01 00:00:00' }), now)).toBe('reserved');
  });
  it('an invalid ticket (refunded, voided, removed, resold) holds nothing', () => {
    expect(placeState(item({ valid: false, soldAt: '2026-06-01 10:00:00', orderStatus: 'completed' }), now)).toBe('free');
    expect(placeState(item({ valid: false }), now)).toBe('free');
  });
  it('void and expired orders hold nothing even if an item was left valid', () => {
    expect(holdExpired({ orderStatus: 'void', reservedUntil: null }, now)).toBe(true);
    expect(placeState(item({ orderStatus: 'expired' }), now)).toBe('free');
  });
});

describe('placeCounts', () => {
  it('taken is sold + reserved; for sale is what is offered and not taken', () => {
    expect(placeCounts({ places: 100, offered: 90, sold: 30, reserved: 5 })).toEqual({ places: 100, offered: 90, sold: 30, reserved: 5, taken: 35, forSale: 55 });
  });
  it('for sale never goes below 0 (a standing area released fewer places than it sold)', () => {
    expect(placeCounts({ places: 10, offered: 0, sold: 3, reserved: 0 }).forSale).toBe(0);
  });
  it('tallies holdings and sums sections', () => {
    const t = tallyHoldings([item({ soldAt: 'x' }), item(), item({ valid: false }), item({ reservedUntil: '2000-01-01 00:00:00' })], now);
    expect(t).toEqual({ sold: 1, reserved: 1 });
    const sum = sumPlaceCounts([placeCounts({ places: 10, offered: 10, sold: 1, reserved: 1 }), placeCounts({ places: 5, offered: 4, sold: 4, reserved: 0 })]);
    expect(sum).toEqual({ places: 15, offered: 14, sold: 5, reserved: 1, taken: 6, forSale: 8 });
  });
});

describe('placesHeadline', () => {
  it('names seats and standing places', () => {
    expect(placesHeadline(104000, 39464)).toBe('104\u00a0000 seats · 39\u00a0464 standing places');
    expect(placesHeadline(1, 0)).toBe('1 seat');
  });
});

describe('standingName', () => {
  it('marks a standing area once, whether or not the venue file already did', () => {
    expect(standingName('Floor')).toBe('Floor (standing)');
    expect(standingName('Floor A (standing)')).toBe('Floor A (standing)');
    expect(standingName('Floor A (Standing) ')).toBe('Floor A (Standing) ');
    expect(standingName('Standing East')).toBe('Standing East (standing)');
  });
});

describe('freePlaces', () => {
  it('counts with a space between thousands and one place singular', () => {
    expect(freePlaces(19732).replace(/\s/g, ' ')).toBe('19 732 free places');
    expect(freePlaces(1)).toBe('1 free place');
    expect(freePlaces(0)).toBe('0 free places');
  });
});
