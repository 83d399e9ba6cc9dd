import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Receipt } from './Receipt';
import { TicketPrint } from './TicketPrint';

const event = { name: 'Midsummer Stadium Night', start_date: '2026-06-20 19:00:00', venue: 'Stadium' };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the receipt and the printed ticket show dates as the console does (000 §5), not as the API or the locale writes them', () => {
  it('when a sale is printed, then the event starts "20.06.2026 19:00" and the sale was made at a dd.MM.yyyy HH:mm on the venue clock', () => {
    const html = renderToStaticMarkup(createElement(Receipt, { sale: {
      event, counter: 'Counter 1', soldAt: '2026-06-20T16:30:00.000Z', lines: [{ label: 'Standard', totalOre: 10_000 }],
      ticketsOre: 10_000, totalOre: 10_000, vat: 6, feesVat: 25,
      tender: { method: 'card', total_ore: 10_000, given_ore: null, change_ore: null, reference: 'TX-1' }, reference: 'Reservation 1',
    } }));
    expect(text(html)).toContain('Stadium · 20.06.2026 19:00');
    expect(text(html)).toContain('Counter 1 · 20.06.2026 18:30');
    expect(html).not.toContain('2026-06-20');
  });

  it('when a ticket is printed, then its event starts "20.06.2026 19:00"', () => {
    const item = { id: 1, section: 'A', row: '1', seat: '2', general_admission: false, ticket_type: { name: 'Standard' } };
    const html = renderToStaticMarkup(createElement(TicketPrint, { tickets: [{ item: item as never, totalOre: 10_000, reference: undefined }], event, reservationId: 1 }));
    expect(text(html)).toContain('20.06.2026 19:00');
    expect(html).not.toContain('2026-06-20');
  });
});
