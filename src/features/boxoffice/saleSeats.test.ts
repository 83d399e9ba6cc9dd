import { describe, expect, it } from 'vitest';
import { saleTotal, typeKey, typeOfKey } from './saleSeats';

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
