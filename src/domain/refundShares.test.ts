import { describe, expect, it } from 'vitest';
import { attributeRefund, refundLeftOre, type ItemPaymentShare } from './refundShares';

// A ticket sold for 400 kr by payment 10, moved to a 550 kr seat: the 150 kr difference paid by payment 17.
const moved: ItemPaymentShare[] = [
  { paymentId: 10, paidOre: 40_000, refundedOre: 0 },
  { paymentId: 17, paidOre: 15_000, refundedOre: 0 },
];

describe('attributeRefund', () => {
  it('when an item paid by one payment is refunded, then it all goes back to that payment, counted once', () => {
    expect(attributeRefund([{ paymentId: 10, paidOre: 40_000, refundedOre: 0 }], { originalOre: 40_000, netOre: 37_736, amountOre: 36_000 }, 10))
      .toEqual([{ paymentId: 10, originalOre: 40_000, netOre: 37_736, amountOre: 36_000, unit: true }]);
  });

  it('when a moved ticket is refunded in full, then the difference goes back to the payment that paid it and the rest to the sale, neither above what it collected', () => {
    const parts = attributeRefund(moved, { originalOre: 55_000, netOre: 51_887, amountOre: 49_500 }, 10)!;
    expect(parts.map((p) => [p.paymentId, p.originalOre, p.unit])).toEqual([[17, 15_000, false], [10, 40_000, true]]);
    // The amounts excl VAT and back are split in proportion and add up to the line to the öre.
    expect(parts.reduce((s, p) => s + p.netOre, 0)).toBe(51_887);
    expect(parts.reduce((s, p) => s + p.amountOre, 0)).toBe(49_500);
    expect(parts[0]).toMatchObject({ netOre: 14_151, amountOre: 13_500 });
  });

  it('when only part is refunded, then the newest payment gives back first', () => {
    expect(attributeRefund(moved, { originalOre: 10_000, netOre: 9_434, amountOre: 10_000 }, 10))
      .toEqual([{ paymentId: 17, originalOre: 10_000, netOre: 9_434, amountOre: 10_000, unit: true }]);
    // The order the shares come in does not matter: payment ids grow with time.
    expect(attributeRefund([...moved].reverse(), { originalOre: 20_000, netOre: 20_000, amountOre: 20_000 }, 10)!.map((p) => [p.paymentId, p.originalOre]))
      .toEqual([[17, 15_000], [10, 5_000]]);
  });

  it('when earlier refunds took from a payment, then only what it has left is taken from it', () => {
    const after = [{ paymentId: 10, paidOre: 40_000, refundedOre: 0 }, { paymentId: 17, paidOre: 15_000, refundedOre: 15_000 }];
    expect(attributeRefund(after, { originalOre: 40_000, netOre: 40_000, amountOre: 40_000 }, 10)!.map((p) => [p.paymentId, p.originalOre]))
      .toEqual([[10, 40_000]]);
    // An old refund booked too much on the sale (before this rule): what is left overall still bounds the refund.
    const old = [{ paymentId: 10, paidOre: 40_000, refundedOre: 45_000 }, { paymentId: 17, paidOre: 15_000, refundedOre: 0 }];
    expect(refundLeftOre(old)).toBe(10_000);
    expect(attributeRefund(old, { originalOre: 10_000, netOre: 10_000, amountOre: 10_000 }, 10)!.map((p) => [p.paymentId, p.originalOre])).toEqual([[17, 10_000]]);
    expect(attributeRefund(old, { originalOre: 10_001, netOre: 0, amountOre: 0 }, 10)).toBeNull();
  });

  it('when the refund asks for nothing or more than is left, then there is no attribution', () => {
    expect(attributeRefund(moved, { originalOre: 0, netOre: 0, amountOre: 0 }, 10)).toBeNull();
    expect(attributeRefund(moved, { originalOre: 55_001, netOre: 0, amountOre: 0 }, 10)).toBeNull();
    expect(attributeRefund([], { originalOre: 1, netOre: 1, amountOre: 1 }, null)).toBeNull();
  });

  it('when amounts split unevenly, then every part keeps net and amount back within its decrease, and the parts add up', () => {
    const shares = [{ paymentId: 1, paidOre: 1, refundedOre: 0 }, { paymentId: 2, paidOre: 2, refundedOre: 0 }, { paymentId: 3, paidOre: 3, refundedOre: 0 }];
    for (const [net, back] of [[5, 5], [6, 1], [1, 6], [3, 3], [0, 6]]) {
      const parts = attributeRefund(shares, { originalOre: 6, netOre: net, amountOre: back }, 1)!;
      expect(parts.reduce((s, p) => s + p.netOre, 0)).toBe(net);
      expect(parts.reduce((s, p) => s + p.amountOre, 0)).toBe(back);
      for (const p of parts) {
        expect(p.netOre).toBeGreaterThanOrEqual(0);
        expect(p.netOre).toBeLessThanOrEqual(p.originalOre);
        expect(p.amountOre).toBeLessThanOrEqual(p.originalOre);
      }
      expect(parts.filter((p) => p.unit).map((p) => p.paymentId)).toEqual([1]);
    }
  });

  it('when amounts are large, then the split stays exact', () => {
    const big = [{ paymentId: 1, paidOre: 2_000_000_000, refundedOre: 0 }, { paymentId: 2, paidOre: 147_483_647, refundedOre: 0 }];
    const parts = attributeRefund(big, { originalOre: 2_147_483_647, netOre: 2_147_483_646, amountOre: 1_999_999_999 }, 1)!;
    expect(parts.reduce((s, p) => s + p.netOre, 0)).toBe(2_147_483_646);
    expect(parts.reduce((s, p) => s + p.amountOre, 0)).toBe(1_999_999_999);
  });
});
