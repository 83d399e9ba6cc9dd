import { describe, expect, it } from 'vitest';
import { canVoidOrder, voidMessage, feeName, isHighlightedConfirmation, isRefundValid, paymentRefundState, proposedRefundOre, refundFeeOre, validateRefund, visibleOrderItems } from './orders';

describe('orders', () => {
  it('voids only new or pending orders', () => {
    expect(canVoidOrder('new')).toBe(true);
    expect(canVoidOrder('pending')).toBe(true);
    expect(canVoidOrder('paid')).toBe(false);
    expect(canVoidOrder(undefined)).toBe(false);
  });

  it('says a void of a hold that had ended freed no seat, with the moment it ended', () => {
    expect(voidMessage(true, 0, '2026-11-30 10:05')).toBe('Order voided. Its hold had already ended at 30.11.2026 10:05: its seats were free before, so no seat was freed now.');
    expect(voidMessage(false, 2, '2099-01-01 10:00')).toBe('Order voided: 2 item(s) are invalid and their seats are free again.');
    expect(voidMessage(false, 0, null)).toBe('Order voided. It held no tickets, so no seat was freed.');
  });

  it('highlights confirmed and mixed', () => {
    expect(isHighlightedConfirmation('confirmed')).toBe(true);
    expect(isHighlightedConfirmation('mixed')).toBe(true);
    expect(isHighlightedConfirmation('pending')).toBe(false);
  });

  it('hides the merchandise order fee', () => {
    const items = [
      { id: 1, type: 'ticket' },
      { id: 2, type: 'fee', fee_type: 'merchandise_order_fee' },
      { id: 3, type: 'fee', fee_type: 'ticket_service_fee' },
    ];
    expect(visibleOrderItems(items).map((item) => item.id)).toEqual([1, 3]);
  });
});

describe('validateRefund', () => {
  const item = { id: 7, selected: true, priceOre: 45_000, amount: '450', paymentId: 99 };

  it('accepts a refund of up to the item price', () => {
    expect(isRefundValid(validateRefund('1234', [item]))).toBe(true);
    expect(isRefundValid(validateRefund(1234, [{ ...item, amount: '0,01' }]))).toBe(true);
  });

  it('refuses a refund of nothing and amounts with more than two decimals (issue 34)', () => {
    expect(validateRefund('1', [{ ...item, amount: '0' }]).amounts).toEqual({ 7: 'Refund at least 0,01 kr' });
    expect(validateRefund('1', [{ ...item, amount: '0,00' }]).amounts).toEqual({ 7: 'Refund at least 0,01 kr' });
    expect(validateRefund('1', [{ ...item, amount: '0,001' }]).amounts).toEqual({ 7: 'Use at most 2 decimals' });
    expect(validateRefund('1', [{ ...item, amount: 0.001 }]).amounts).toEqual({ 7: 'Use at most 2 decimals' });
    expect(validateRefund('1', [{ ...item, amount: '12.345' }]).amounts).toEqual({ 7: 'Use at most 2 decimals' });
  });

  it('needs an order id and a selected item', () => {
    const errors = validateRefund(' ', [{ ...item, selected: false }]);
    expect(errors.orderId).toBe('Please enter an order ID');
    expect(errors.form).toEqual(['Choose at least one item to refund']);
  });

  it('needs a payment id per selected item', () => {
    expect(validateRefund('1', [{ ...item, paymentId: null }]).form).toEqual(['Payment ID not found for item 7']);
  });

  it('refuses amounts above the price, negative or unreadable', () => {
    expect(validateRefund('1', [{ ...item, amount: '450,01' }]).amounts).toEqual({ 7: 'Amount must be between 0 and the item price' });
    expect(validateRefund('1', [{ ...item, amount: '-1' }]).amounts).toHaveProperty('7');
    expect(validateRefund('1', [{ ...item, amount: '' }]).amounts).toHaveProperty('7');
    expect(validateRefund('1', [{ ...item, amount: '', selected: false }, { ...item, id: 8 }]).amounts).toEqual({});
  });

  it('when the amount back is typed, then it must be 0,01 kr to the amount refunded, with at most 2 decimals', () => {
    expect(isRefundValid(validateRefund('1', [{ ...item, amount: '100', back: '95,00' }]))).toBe(true);
    expect(isRefundValid(validateRefund('1', [{ ...item, amount: '100', back: '100' }]))).toBe(true);
    expect(validateRefund('1', [{ ...item, amount: '100', back: '100,01' }]).backs).toEqual({ 7: 'The amount back must be between 0,01 kr and the amount refunded' });
    expect(validateRefund('1', [{ ...item, amount: '100', back: '0' }]).backs).toEqual({ 7: 'The amount back must be between 0,01 kr and the amount refunded' });
    expect(validateRefund('1', [{ ...item, amount: '100', back: '9,999' }]).backs).toEqual({ 7: 'Use at most 2 decimals' });
    expect(isRefundValid(validateRefund('1', [{ ...item, amount: '100', back: 'x' }]))).toBe(false);
  });
});

describe('feeName and paymentRefundState', () => {
  it('names fees as the spec does, never by their code', () => {
    expect(feeName('ticket_service_fee')).toBe('Ticket Service Fee');
    expect(feeName('merchandise_order_fee')).toBe('Merchandise Order Fee');
    expect(feeName(null)).toBe('Fee');
  });
  it('says partly refunded or refunded by what refunds took off the payment', () => {
    expect(paymentRefundState('paid', 249_200, 0)).toBe('paid');
    expect(paymentRefundState('paid', 249_200, 51_800)).toBe('partly refunded');
    expect(paymentRefundState('paid', 249_200, 249_200)).toBe('refunded');
  });
});

describe('refundFeeOre and proposedRefundOre (Settings → Fees: refund fee, a percentage)', () => {
  it('when 5 % is kept of 400,00 kr, then 20,00 kr is kept and 380,00 kr goes back', () => {
    expect(refundFeeOre(40000, 5)).toBe(2000);
    expect(proposedRefundOre(40000, 5)).toBe(38000);
  });
  it('when the fee is not whole öre, then it is rounded half up (2,5 % of 1,01 kr = 2,525 öre → 3 öre; of 1,00 kr = 2,5 → 3)', () => {
    expect(refundFeeOre(101, 2.5)).toBe(3);
    expect(refundFeeOre(100, 2.5)).toBe(3);
    expect(refundFeeOre(99, 2.5)).toBe(2);
    expect(proposedRefundOre(101, 2.5)).toBe(98);
  });
  it('when the fee is 0 % or 100 %, then nothing or everything is kept', () => {
    expect(proposedRefundOre(12345, 0)).toBe(12345);
    expect(proposedRefundOre(12345, 100)).toBe(0);
  });
});
