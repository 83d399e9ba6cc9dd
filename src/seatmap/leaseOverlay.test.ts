import { describe, expect, it } from 'vitest';
import type { SeatLease } from '../contracts/seatLeases';
import { leaseEndTime, leaseOverlay, standingLeasedToOthers } from './leaseOverlay';

const lease = (id: number, reservation: number, counter: string, seats: [number, boolean][]): SeatLease => ({
  id, event_id: 1, reservation_id: reservation, counter, holder: { id: 1, name: 'Box' }, ends_at: '2026-06-20T16:30:00.000Z', created_at: '2026-06-20T12:00:00.000Z',
  seats_left: seats.filter(([, sold]) => !sold).length, counter_key: null, standing: [],
  seats: seats.map(([seat_index, sold]) => ({ section_id: 1, section: 'A', row: '1', seat: String(seat_index), seat_index, sold })),
});

describe('leaseOverlay', () => {
  it('when a counter reads the leases, then its own unsold seats are its own and the others\' carry who and until when (Stockholm time)', () => {
    const o = leaseOverlay([lease(1, 10, 'Counter 1', [[5, false], [6, true]]), lease(2, 20, 'Counter 2', [[7, false]])], 10);
    expect([...o.own]).toEqual([5]);
    expect([...o.others]).toEqual([[7, 'Leased to Counter 2 until 18:30']]);
  });

  it('when a lease\'s end is shown, then it is the console\'s HH:mm on the venue clock, and an unreadable end breaks no map', () => {
    expect(leaseEndTime('2026-11-28T23:05:00.000Z')).toBe('00:05');
    expect(() => leaseEndTime('soon')).not.toThrow();
    expect(leaseEndTime('soon')).toBe('');
  });

  it('when a map of no counter reads them, then every unsold leased seat is another\'s', () => {
    const o = leaseOverlay([lease(1, 10, 'Counter 1', [[5, false], [6, true]])]);
    expect(o.own.size).toBe(0);
    expect([...o.others.keys()]).toEqual([5]);
  });

  it('when counters lease places of a standing area, then the places others leased and have not sold are counted per area; a counter\'s own are not', () => {
    const standing = (section: string, places: number, sold: number) => ({ section_id: 9, section, places, sold, left: places - sold });
    const leases = [
      { ...lease(1, 10, 'Counter 1', []), standing: [standing('Floor A', 5, 1)] },
      { ...lease(2, 20, 'Counter 2', []), standing: [standing('Floor A', 2, 0), standing('Floor B', 3, 3)] },
    ];
    expect([...standingLeasedToOthers(leases, 10)]).toEqual([['Floor A', 2], ['Floor B', 0]]);
    expect(standingLeasedToOthers(leases).get('Floor A')).toBe(6);
  });
});
