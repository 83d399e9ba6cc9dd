import { describe, expect, it } from 'vitest';
import {
  buildFinanceReport,
  changeRowVat,
  computeFinanceVat,
  financeTotals,
  isFeeItem,
  splitMerchandiseOrderFee,
  type FinanceColumns,
} from './financeRows';

/** Five rows of a Totals tab; every expectation below was worked out by hand from 002 §5's formulas. */
function sampleColumns(): FinanceColumns {
  return {
    itemName: ['Standard ticket', 'Ticket Service Fee', 'T-shirt', 'Merchandise Admin Fee', 'Ticket Admin Fee'],
    quantity: new Int32Array([10, 10, 3, 3, 10]),
    priceInclOre: new Float64Array([450000, 25000, 59700, 3000, 1000]),
    vatPercent: new Float64Array([6, 25, 25, 25, 12]),
  };
}

describe('computeFinanceVat', () => {
  it('works out VAT and excl per row to the öre', () => {
    const table = computeFinanceVat(sampleColumns());
    // 4 500,00 / 1,06 = 4 245,2830… → 4 245,28; 250,00 / 1,25 = 200,00; 597,00 / 1,25 = 477,60;
    // 30,00 / 1,25 = 24,00; 10,00 / 1,12 = 8,928… → 8,93
    expect([...table.exclOre]).toEqual([424528, 20000, 47760, 2400, 893]);
    expect([...table.vatOre]).toEqual([25472, 5000, 11940, 600, 107]);
  });

  it('refuses columns of different lengths', () => {
    const columns = { ...sampleColumns(), vatPercent: new Float64Array([25]) };
    expect(() => computeFinanceVat(columns)).toThrow(/different lengths/);
  });
});

describe('financeTotals', () => {
  it('sums money, derives the VAT % and leaves fee items out of the quantity', () => {
    const totals = financeTotals(computeFinanceVat(sampleColumns()));
    expect(totals).toEqual({
      quantity: 13, // 10 tickets + 3 T-shirts; the 23 fee items are not counted
      priceInclOre: 538700,
      vatOre: 43119,
      exclOre: 495581,
      vatPercent: 8.7, // 431,19 / 4 955,81 = 8,70 %
    });
  });

  it('knows the four fee item names: the footnote says the quantity has no fees, so the order fee is one of them', () => {
    expect(isFeeItem('Ticket Service Fee')).toBe(true);
    expect(isFeeItem('Ticket Admin Fee')).toBe(true);
    expect(isFeeItem('Merchandise Admin Fee ')).toBe(true);
    expect(isFeeItem('Merchandise Order Fee')).toBe(true);
    expect(isFeeItem('Standard ticket')).toBe(false);
  });

  it('counts a table of fees only by what it lists (the Total Merchandise Order Fee table has no footnote)', () => {
    const fees = computeFinanceVat({
      itemName: ['Merchandise Order Fee', 'Merchandise Order Fee'],
      quantity: Float64Array.of(3, 4),
      priceInclOre: Float64Array.of(3000, 4000),
      vatPercent: Float64Array.of(25, 25),
    });
    expect(financeTotals(fees).quantity).toBe(7);
    const mixed = computeFinanceVat({
      itemName: ['Mug', 'Merchandise Order Fee'],
      quantity: Float64Array.of(2, 4),
      priceInclOre: Float64Array.of(3000, 4000),
      vatPercent: Float64Array.of(25, 25),
    });
    expect(financeTotals(mixed).quantity).toBe(2);
  });

  it('gives an empty table zero totals', () => {
    const empty = { itemName: [], quantity: new Int32Array(0), priceInclOre: new Float64Array(0), vatPercent: new Float64Array(0) };
    expect(buildFinanceReport(empty).totals).toEqual({ quantity: 0, priceInclOre: 0, vatOre: 0, exclOre: 0, vatPercent: 0 });
  });
});

describe('changeRowVat', () => {
  it('recalculates the row and the totals', () => {
    const before = buildFinanceReport(sampleColumns());
    const after = changeRowVat(before, 0, 25);
    // 4 500,00 at 25 %: excl 3 600,00, VAT 900,00
    expect(after.table.vatPercent[0]).toBe(25);
    expect(after.table.exclOre[0]).toBe(360000);
    expect(after.table.vatOre[0]).toBe(90000);
    // VAT 431,19 − 254,72 + 900,00 = 1 076,47; excl 4 955,81 − 4 245,28 + 3 600,00 = 4 310,53;
    // 1 076,47 / 4 310,53 = 24,973… %
    expect(after.totals).toEqual({ quantity: 13, priceInclOre: 538700, vatOre: 107647, exclOre: 431053, vatPercent: 24.97 });
    expect(after.totals).toEqual(financeTotals(after.table));
  });

  it('leaves the previous report untouched', () => {
    const before = buildFinanceReport(sampleColumns());
    changeRowVat(before, 0, 25);
    expect(before.table.vatPercent[0]).toBe(6);
    expect(before.table.vatOre[0]).toBe(25472);
    expect(before.totals.vatOre).toBe(43119);
  });

  it('refuses a row that does not exist', () => {
    expect(() => changeRowVat(buildFinanceReport(sampleColumns()), 5, 25)).toThrow(RangeError);
  });
});

describe('splitMerchandiseOrderFee', () => {
  it('moves the order fee row to its own table', () => {
    const columns: FinanceColumns = {
      itemName: ['Mug', 'Merchandise Order Fee', 'Cap'],
      quantity: new Float64Array([2, 5, 1]),
      priceInclOre: new Float64Array([20000, 12500, 15000]),
      vatPercent: new Float64Array([25, 25, 12]),
    };
    const { items, orderFee } = splitMerchandiseOrderFee(columns);
    expect(items.itemName).toEqual(['Mug', 'Cap']);
    expect([...items.priceInclOre]).toEqual([20000, 15000]);
    expect([...items.vatPercent]).toEqual([25, 12]);
    expect(orderFee.itemName).toEqual(['Merchandise Order Fee']);
    expect([...orderFee.quantity]).toEqual([5]);
    expect(orderFee.quantity).toBeInstanceOf(Float64Array);
  });
});
