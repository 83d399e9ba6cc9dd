import { describe, expect, it } from 'vitest';
import { movableTickets, reseatQuote, reseatQuoteText, serviceFeeShiftOre } from './reseat';

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
    expect(reseatQuote(ask)).toEqual({ kind: 'refund', decreaseOre: 10_000, serviceFeeDecreaseOre: 0, amountOre: 9_500, feeOre: 500 });
    // Rounded half up to whole öre, as every refund is.
    expect(reseatQuote({ ...ask, newPriceOre: 49_990, refundFeePercent: 5 })).toEqual({ kind: 'refund', decreaseOre: 10, serviceFeeDecreaseOre: 0, amountOre: 9, feeOre: 1 });
  });

  it('when a paid ticket moves to a cheaper seat at the counter, then the difference goes back in full', () => {
    expect(reseatQuote({ ...ask, channel: 'counter' })).toEqual({ kind: 'refund', decreaseOre: 10_000, serviceFeeDecreaseOre: 0, amountOre: 10_000, feeOre: 0 });
  });

  it('when a paid ticket moves to a dearer seat on the order screen or at the counter, then the difference is collected', () => {
    expect(reseatQuote({ ...ask, newPriceOre: 52_500 })).toEqual({ kind: 'charge', increaseOre: 2_500, serviceFeeIncreaseOre: 0, amountOre: 2_500 });
    expect(reseatQuote({ ...ask, newPriceOre: 52_500, channel: 'counter' })).toEqual({ kind: 'charge', increaseOre: 2_500, serviceFeeIncreaseOre: 0, amountOre: 2_500 });
  });

  it('when a paid ticket would move to a dearer seat from a reservation screen, which takes no payment, then it is refused with the difference', () => {
    expect(reseatQuote({ ...ask, newPriceOre: 52_500, channel: 'reservation' })).toEqual({ kind: 'refused', moreOre: 2_500 });
  });
});

describe('reseatQuote: fees (docs/orders.md "Re-seat: fees")', () => {
  // Bands: below 450 kr 20 kr, 450–600 kr 30 kr, from 600 kr 45 kr.
  const bands = [{ price_min: 0, price_max: 45_000, fixed: 2_000 }, { price_min: 45_000, price_max: 60_000, fixed: 3_000 }, { price_min: 60_000, price_max: null, fixed: 4_500 }];

  it('when the sale wrote fees per ticket and the price crosses into a dearer band, then the service fee difference is collected with the price', () => {
    expect(reseatQuote({ ...ask, newPriceOre: 65_000, channel: 'counter', serviceFeeBands: bands }))
      .toEqual({ kind: 'charge', increaseOre: 15_000, serviceFeeIncreaseOre: 1_500, amountOre: 16_500 });
    // Same band: only the price.
    expect(reseatQuote({ ...ask, newPriceOre: 55_000, serviceFeeBands: bands })).toEqual({ kind: 'charge', increaseOre: 5_000, serviceFeeIncreaseOre: 0, amountOre: 5_000 });
  });

  it('when the price falls into a cheaper band, then the service fee difference goes back with the price, by the same refund rule', () => {
    // 500 → 400 kr: 100 kr and 10 kr of fee; the back office keeps 5 % of 110 kr.
    expect(reseatQuote({ ...ask, serviceFeeBands: bands })).toEqual({ kind: 'refund', decreaseOre: 10_000, serviceFeeDecreaseOre: 1_000, amountOre: 10_450, feeOre: 550 });
    expect(reseatQuote({ ...ask, channel: 'counter', serviceFeeBands: bands })).toEqual({ kind: 'refund', decreaseOre: 10_000, serviceFeeDecreaseOre: 1_000, amountOre: 11_000, feeOre: 0 });
  });

  it('when the bands would move the fee against the price, or the fees are per order, then the fees stay as sold', () => {
    const odd = [{ price_min: 0, price_max: 45_000, fixed: 5_000 }, { price_min: 45_000, price_max: null, fixed: 1_000 }];
    expect(reseatQuote({ ...ask, serviceFeeBands: odd })).toMatchObject({ kind: 'refund', serviceFeeDecreaseOre: 0 });
    expect(reseatQuote({ ...ask, newPriceOre: 65_000, serviceFeeBands: null })).toMatchObject({ kind: 'charge', serviceFeeIncreaseOre: 0, amountOre: 15_000 });
    expect(serviceFeeShiftOre(bands, 50_000, 50_000)).toBe(0);
    // An unpaid ticket's fees are written when it is paid: only its price changes.
    expect(reseatQuote({ ...ask, paid: false, newPriceOre: 65_000, serviceFeeBands: bands })).toEqual({ kind: 'reprice', priceOre: 65_000, differenceOre: 15_000 });
  });
});

describe('reseatQuoteText', () => {
  it('when asked, then it names the amounts as the reservation screens format money', () => {
    expect(reseatQuoteText(reseatQuote(ask))).toBe('The new seat costs 100,00\u00a0kr less: 95,00\u00a0kr goes back to the customer, and the refund fee of 5,00\u00a0kr is kept.');
    expect(reseatQuoteText(reseatQuote({ ...ask, channel: 'counter' }))).toBe('The new seat costs 100,00\u00a0kr less: 100,00\u00a0kr goes back to the customer.');
    expect(reseatQuoteText(reseatQuote({ ...ask, paid: false, newPriceOre: 65_000 }))).toMatch(/takes the new seat's price, 650,00\u00a0kr \(plus 150,00\u00a0kr\)/);
    expect(reseatQuoteText({ kind: 'refused', moreOre: 2_500 })).toMatch(/^The new seat costs 25,00\u00a0kr more, and a reservation screen takes no payment/);
    expect(reseatQuoteText({ kind: 'charge', increaseOre: 15_000, serviceFeeIncreaseOre: 1_500, amountOre: 16_500 }))
      .toBe('The new seat costs 150,00\u00a0kr more and 15,00\u00a0kr service fee (the new price\'s fee band) more: collect 165,00\u00a0kr from the customer.');
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
