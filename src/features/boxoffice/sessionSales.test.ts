import { describe, expect, it } from 'vitest';
import type { TicketItem } from '../../contracts/reservations';
import type { ReceiptSale } from './Receipt';
import { ticketLine, ticketPlace } from './saleSeats';
import { afterMove, afterRelease, loadSessionSales, RELEASED_SINCE, printedTicket, SESSION_SALES_KEPT, sessionSalesKey, withSale, type SessionSale } from './sessionSales';

const fees = { bands: [{ price_min: 0, price_max: null, fixed: 2500 }], extraFeeOre: 1000, vat: 6, feesVat: 25 };
const ticket = (id: number, seat: string, price = 450) => ({ id, general_admission: false, section: 'Section 101', row: 'A', seat, price, ticket_type: { id: 1, name: 'Standard' } }) as TicketItem;
const references = new Map([[7, 'AT1.7.3.x'], [8, 'AT1.8.3.y']]);
const sale = (id: string, items: TicketItem[]): SessionSale => ({
  id,
  tickets: items.map((i) => printedTicket(i, references.get(i.id), fees)),
  receipt: { lines: items.map((t) => ({ label: ticketLine(t), totalOre: 48500, ticket: { id: t.id, soldPlace: ticketPlace(t) } })) } as ReceiptSale,
  printed: false,
});

describe('the counter\'s online sales kept in the tab, to print offline', () => {
  it('when a sale is answered, then each ticket prints its reference and its price with the fees', () => {
    expect(printedTicket(ticket(7, '15'), 'AT1.7.3.x', fees)).toMatchObject({ reference: 'AT1.7.3.x', totalOre: 45000 + 2500 + 1000 });
  });

  it('when more sales than are kept are made, then the newest are kept, newest last', () => {
    let sales: SessionSale[] = [];
    for (let i = 0; i < SESSION_SALES_KEPT + 2; i++) sales = withSale(sales, sale(`s${i}`, [ticket(7, '15')]));
    expect(sales).toHaveLength(SESSION_SALES_KEPT);
    expect(sales.at(-1)!.id).toBe(`s${SESSION_SALES_KEPT + 1}`);
    expect(sales[0]!.id).toBe('s2');
  });

  it('when a ticket moves, then it prints its new seat with its reference, and its sale\'s receipt names both seats', () => {
    const [after] = afterMove([sale('a', [ticket(7, '15'), ticket(8, '16')])], ticket(8, '20', 400), fees);
    expect(after!.tickets.map((t) => [ticketPlace(t.item), t.reference, t.totalOre])).toEqual([
      ['Section 101, row A, seat 15', 'AT1.7.3.x', 48500],
      ['Section 101, row A, seat 20', 'AT1.8.3.y', 40000 + 2500 + 1000],
    ]);
    expect(after!.receipt.lines[1]!.label).toBe('Section 101, row A, seat 20 · Standard (moved from Section 101, row A, seat 16)');
  });

  it('when tickets are released, then they print no more, and a sale with none left is gone', () => {
    const sales = afterRelease([sale('a', [ticket(7, '15'), ticket(8, '16')]), sale('b', [ticket(8, '16')])], new Set([8]));
    expect(sales.map((s) => [s.id, s.tickets.map((t) => t.item.id)])).toEqual([['a', [7]]]);
    // The receipt stays the sale's record, and says which of its tickets was released since (once, however often).
    const again = afterRelease(sales, new Set([8]));
    expect(again[0]!.receipt.lines.map((l) => l.label)).toEqual([ticketLine(ticket(7, '15')), ticketLine(ticket(8, '16')) + RELEASED_SINCE]);
    expect(again[0]!.receipt.lines.map((l) => l.totalOre)).toEqual([48500, 48500]);
  });

  it('when another operator signs in in the same tab, then the sales kept are not theirs to see or print', () => {
    const kept = new Map([[sessionSalesKey(11, 5), JSON.stringify([sale('s1', [ticket(7, '15')])])]]);
    const storage = { getItem: (key: string) => kept.get(key) ?? null };
    expect(loadSessionSales(sessionSalesKey(11, 5), storage).map((s) => s.id)).toEqual(['s1']);
    expect(loadSessionSales(sessionSalesKey(12, 5), storage)).toEqual([]);
    expect(loadSessionSales(sessionSalesKey(11, 6), storage)).toEqual([]);
  });
});
