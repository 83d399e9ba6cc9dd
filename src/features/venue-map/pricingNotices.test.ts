import { describe, expect, it } from 'vitest';
import { formatCount } from '../../domain/money';
import { hideNotice, pricesNotice } from './pricingNotices';

describe('pricingNotices', () => {
  it('says how many seats "Hide all" closed and how many sold, reserved or leased seats it left as they are', () => {
    expect(hideNotice({ message: 'Seats hidden', changed: 412, kept: 38 })).toBe('Hid 412 seats; 38 sold, reserved or leased seats left as they are');
    expect(hideNotice({ message: 'Seats hidden', changed: 1, kept: 1 })).toBe('Hid 1 seat; 1 sold, reserved or leased seat left as it is');
    expect(hideNotice({ message: 'Seats hidden', changed: 1200 })).toBe(`Seats hidden: ${formatCount(1200)}`);
    expect(hideNotice({ message: 'Seats unhidden', changed: 3 })).toBe('Seats unhidden: 3');
  });
  it('says which seats a released section kept priced', () => {
    expect(pricesNotice({ message: 'Prices released', changed: 490, kept: 38 })).toBe('Released 490 seats; 38 sold, reserved or leased seats keep their prices');
    expect(pricesNotice({ message: 'Prices saved', changed: 1 })).toBe('Prices saved: 1 place');
  });
});
