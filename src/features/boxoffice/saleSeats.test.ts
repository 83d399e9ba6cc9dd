import { describe, expect, it } from 'vitest';
import type { TicketItem } from '../../contracts/reservations';
import type { ReceiptSale } from './Receipt';
import { isSellable, receiptAfterMove, saleTotal, ticketLine, ticketPlace, typeKey, typeOfKey, type SaleSeat } from './saleSeats';

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

describe('which seats the counter sells', () => {
  const seat = (over: Partial<SaleSeat>): SaleSeat => ({
    id: 1, seat_index: 0, name: '1', row: 'A', hidden: false, reserved: false, handicapped: false, seasonal_child: false, selling: true,
    can_reserve_admin: true, can_reserve_user: true, prices: [{ id: 1, ticket_type: { name: 'Standard', default: true }, original_price: 100, actual_price: 100 }], ...over,
  });
  it('when a seat is free and priced, then it is sold; taken, hidden, function-varied or unpriced ones are not', () => {
    expect(isSellable(seat({}))).toBe(true);
    expect(isSellable(seat({ reserved: true, can_reserve_admin: false }))).toBe(false);
    expect(isSellable(seat({ hidden: true, can_reserve_admin: false }))).toBe(false);
    expect(isSellable(seat({ handicapped: true, can_reserve_user: false }))).toBe(false);
    expect(isSellable(seat({ prices: [], can_reserve_admin: false }))).toBe(false);
  });
  it('when the season family holds a free seat, then the counter does not offer it (the reserve would refuse it)', () => {
    expect(isSellable(seat({ seasonal_child: true, can_reserve_admin: false }))).toBe(false);
    // In the season: a seat an included event has taken is not seasonal_child, but not for the back office either.
    expect(isSellable(seat({ can_reserve_admin: false }))).toBe(false);
  });
});

describe('where a sold ticket is, as the counter prints it', () => {
  it('when it is a seat, then section, row and seat; when a standing place, then its area named standing once', () => {
    expect(ticketPlace({ general_admission: false, section: 'Section 101', row: 'A', seat: '15' })).toBe('Section 101, row A, seat 15');
    expect(ticketPlace({ general_admission: true, section: 'Floor A', row: null, seat: null })).toBe('Floor A (standing)');
    expect(ticketPlace({ general_admission: true, section: 'Pit (standing)', row: null, seat: null })).toBe('Pit (standing)');
  });
});

describe('the sale\'s receipt after a move at the counter', () => {
  const ticket = (id: number, seat: string) => ({ id, general_admission: false, section: 'Section 101', row: 'A', seat, ticket_type: { name: 'Standard' } }) as TicketItem;
  const sold = [ticket(7, '15'), ticket(8, '16')];
  const receipt = {
    lines: sold.map((t) => ({ label: ticketLine(t), totalOre: 48500, ticket: { id: t.id, soldPlace: ticketPlace(t) } })),
  } as ReceiptSale;
  it('when a ticket moved with no money taken, then its line names the new seat and the one it was sold on, the amount as paid', () => {
    const after = receiptAfterMove(receipt, ticket(8, '20'));
    expect(after.lines.map((l) => [l.label, l.totalOre])).toEqual([
      ['Section 101, row A, seat 15 · Standard', 48500],
      ['Section 101, row A, seat 20 · Standard (moved from Section 101, row A, seat 16)', 48500],
    ]);
    // Moved again, the line still names the seat it was sold on; moved back, it reads as sold.
    expect(receiptAfterMove(after, ticket(8, '21')).lines[1]!.label).toBe('Section 101, row A, seat 21 · Standard (moved from Section 101, row A, seat 16)');
    expect(receiptAfterMove(after, ticket(8, '16')).lines[1]!.label).toBe('Section 101, row A, seat 16 · Standard');
  });
});
