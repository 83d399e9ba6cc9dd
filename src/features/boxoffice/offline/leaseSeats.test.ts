import { describe, expect, it } from 'vitest';
import type { KitSeat } from './counterStore';
import { pickLeaseSeats, seatKey, unsoldSeats } from './leaseSeats';

const seat = (section: string, row: string, n: number, seat_index: number): KitSeat => ({ section, row, seat: String(n), seat_index, prices: [{ type: 'Adult', ore: 10000 }] });

describe('pickLeaseSeats', () => {
  const row1 = [seat('A', '1', 1, 10), seat('A', '1', 2, 11), seat('A', '1', 4, 13)];
  const row2 = [seat('A', '2', 1, 20), seat('A', '2', 2, 21), seat('A', '2', 3, 22)];

  it('when n seats sit side by side in a row, then those are picked, front rows first', () => {
    expect(pickLeaseSeats([...row2, ...row1], 2)?.map(seatKey)).toEqual(['A|1|1', 'A|1|2']);
    expect(pickLeaseSeats([...row1, ...row2], 3)?.map(seatKey)).toEqual(['A|2|1', 'A|2|2', 'A|2|3']);
  });

  it('when no row has n side by side, then the first n of one section; when the lease has fewer, none', () => {
    expect(pickLeaseSeats([...row1, seat('B', '1', 1, 40)], 3)?.map(seatKey)).toEqual(['A|1|1', 'A|1|2', 'A|1|4']);
    expect(pickLeaseSeats(row1, 4)).toBeNull();
  });

  it('when seats were sold, then they are not offered again', () => {
    const left = unsoldSeats([...row1, ...row2], new Set(['A|1|1', 'A|2|2']));
    expect(left.map(seatKey)).toEqual(['A|1|2', 'A|1|4', 'A|2|1', 'A|2|3']);
  });
});
