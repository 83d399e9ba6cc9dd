import { describe, expect, it } from 'vitest';
import type { KitSeat, LoggedSale } from './counterStore';
import { kitStandingBase, pickLeaseSeats, seatKey, standingLeft, unsoldSeats } from './leaseSeats';

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

describe('standingLeft', () => {
  const area = { section: 'Floor', base: 5, prices: [{ type: 'Adult', ore: 20000 }] };
  const sale = (lease: number, status: LoggedSale['status'], tickets: LoggedSale['tickets']): LoggedSale =>
    ({ key: `${lease}-${status}-${tickets.length}`, reservationId: 1, lease, seq: 1, sold_at: '', tickets, status });
  const place = (n: number) => ({ section: 'Floor', place: n, ticket_type: 'Adult', signature: 's', qr: 'q', totalOre: 20000 });
  const seatTicket = { section: 'Floor', row: '1', seat: '1', ticket_type: 'Adult', signature: 's', qr: 'q', totalOre: 20000 };

  it('when places of the area were sold offline from this lease, then they leave it, sent or not, and a refused sale sold none', () => {
    const log = [sale(7, 'pending', [place(1), place(2)]), sale(7, 'applied', [place(1)]), sale(7, 'refused', [place(1)]), sale(8, 'pending', [place(1)]), sale(7, 'pending', [seatTicket])];
    expect(standingLeft([area], log, 7).map((a) => a.left)).toEqual([2]);
  });

  it('when more places were sold than the kit had, then none is left, never fewer than none', () => {
    expect(standingLeft([{ ...area, base: 1 }], [sale(7, 'pending', [place(1), place(2)])], 7)[0]!.left).toBe(0);
  });
});

describe('kitStandingBase', () => {
  it('when places were sold online and offline, then the kit keeps the unsold ones plus the replayed ones the log subtracts', () => {
    // 5 leased, 1 sold online and 2 replayed from the log: 2 left; the log's 2 come off again in standingLeft.
    expect(kitStandingBase({ places: 5, sold: 3 }, 2)).toBe(4);
  });

  it('when a replayed place was refunded while the lease runs, then it is back in the kit, for sale offline again', () => {
    // 2 leased, both sold offline and replayed, one refunded: the server's sold count is 1, the log still has 2.
    const base = kitStandingBase({ places: 2, sold: 1 }, 2);
    const area = { section: 'Floor', base, prices: [] };
    const replayed = { key: 'k', reservationId: 1, lease: 7, seq: 1, sold_at: '', status: 'applied' as const,
      tickets: [1, 2].map((n) => ({ section: 'Floor', place: n, ticket_type: 'Adult', signature: 's', qr: 'q', totalOre: 1 })) };
    expect(standingLeft([area], [replayed], 7)[0]!.left).toBe(1);
  });
});
