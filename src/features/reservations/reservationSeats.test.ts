import { describe, expect, it } from 'vitest';
import { seatPrices } from './reservationSeats';
import { TWO_SECTIONS_ANSWER } from '../../seatmap/twoSectionsAnswer';

const map = TWO_SECTIONS_ANSWER;

describe('seatPrices', () => {
  it('when a seat has a price set, then its ticket types come in the event\'s order', () => {
    expect(seatPrices(map, 0)).toEqual([{ name: 'Standard', price: 450 }, { name: 'Student', price: 300 }]);
    expect(seatPrices(map, -1)).toEqual([]);
  });
});
