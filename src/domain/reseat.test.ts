import { describe, expect, it } from 'vitest';
import { movableTickets, reseatQuote, reseatQuoteText } from './reseat';

const ask = { paid: true, priceOre: 50_000, newPriceOre: 40_000, channel: 'order' as const, refundFeePercent: 5 };

describe('reseatQuote', () => {
  it('when the ticket is unpaid, then it takes the new seat price, dearer or cheaper', () => {
    expect(reseatQuote({ ...ask, paid: false })).toEqual({ kind: 'reprice', priceOre: 40_000, differenceOre: -10_000 });
    expect(reseatQuote({ ...ask, paid: false, newPriceOre: 65_000 })).toEqual({ kind: 'reprice', priceOre: 65_000, differenceOre: 15_000 });
  });

  it('when a paid ticket moves to a seat of the same price, then nothing is paid or refunded', () => {
    expect(reseatQuote({ ...ask, newPriceOre: 50_000 })).toEqual({ kind: 'same' });
  });

  it('when a paid ticket moves to a cheaper seat from the back office, then the difference goes back less the refund fee', () => {
    expect(reseatQuote(ask)).toEqual({ kind: 'refund', decreaseOre: 10_000, amountOre: 9_500, feeOre: 500 });
    // Rounded half up to whole öre, as every refund is.
    expect(reseatQuote({ ...ask, newPriceOre: 49_990, refundFeePercent: 5 })).toEqual({ kind: 'refund', decreaseOre: 10, amountOre: 9, feeOre: 1 });
  });

  it('when a paid ticket moves to a cheaper seat at the counter, then the difference goes back in full', () => {
    expect(reseatQuote({ ...ask, channel: 'counter' })).toEqual({ kind: 'refund', decreaseOre: 10_000, amountOre: 10_000, feeOre: 0 });
  });

  it('when a paid ticket would move to a dearer seat, then it is refused with the difference', () => {
    expect(reseatQuote({ ...ask, newPriceOre: 52_500 })).toEqual({ kind: 'refused', moreOre: 2_500 });
  });
});

describe('reseatQuoteText', () => {
  it('when asked, then it names the amounts as the reservation screens format money', () => {
    expect(reseatQuoteText(reseatQuote(ask))).toBe('The new seat costs 100,00\u00a0kr less: 95,00\u00a0kr goes back to the customer, and the refund fee of 5,00\u00a0kr is kept.');
    expect(reseatQuoteText(reseatQuote({ ...ask, channel: 'counter' }))).toBe('The new seat costs 100,00\u00a0kr less: 100,00\u00a0kr goes back to the customer.');
    expect(reseatQuoteText(reseatQuote({ ...ask, paid: false, newPriceOre: 65_000 }))).toMatch(/takes the new seat's price, 650,00\u00a0kr \(plus 150,00\u00a0kr\)/);
    expect(reseatQuoteText({ kind: 'refused', moreOre: 2_500 })).toMatch(/^The new seat costs 25,00\u00a0kr more/);
  });
});

describe('movableTickets', () => {
  it('when an order has tickets, standing places, invalid tickets and fees, then only its valid seated tickets can move, sub-reservations included', () => {
    const item = (id: number, over: object = {}) => ({ id, type: 'ticket', valid: true, general_admission: false, seat: '1', ...over });
    const order = {
      items: [item(1), item(2, { valid: false }), item(3, { general_admission: true, seat: null }), item(4, { type: 'fee', seat: null })],
      sub_reservations: [{ items: [item(5)] }],
    };
    expect(movableTickets(order).map((i) => i.id)).toEqual([1, 5]);
  });
});
