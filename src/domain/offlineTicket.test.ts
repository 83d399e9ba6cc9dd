import { describe, expect, it } from 'vitest';
import { fromBase64Url, offlineTicketQr, offlineTicketText, parseOfflineTicketQr, toBase64Url } from './offlineTicket';

describe('offline ticket text', () => {
  const line = { section: 'A|1', row: '3', seat: '12', ticket_type: 'Adult' };
  const sig = toBase64Url(new Uint8Array(64).map((_, i) => i * 3));

  it('when a ticket is signed, then its QR reads back to the same lease, sale, place and signed text', () => {
    const text = offlineTicketText(42, 'k-1', line);
    expect(text).toBe('AO1|42|k-1|A%7C1|3|12|Adult');
    expect(parseOfflineTicketQr(offlineTicketQr(text, sig))).toEqual({ leaseId: 42, saleKey: 'k-1', ...line, place: null, text, signature: sig });
  });

  it('when a standing place is signed, then its text has an empty row and its number, and it reads back as that place', () => {
    const place = { section: 'Standing A', place: 2, ticket_type: 'Adult' };
    const text = offlineTicketText(42, 'k-1', place);
    expect(text).toBe('AO1|42|k-1|Standing%20A||2|Adult');
    expect(text).not.toBe(offlineTicketText(42, 'k-1', { ...place, place: 1 }));
    expect(parseOfflineTicketQr(offlineTicketQr(text, sig))).toEqual({ leaseId: 42, saleKey: 'k-1', ...place, row: null, seat: null, text, signature: sig });
    expect(parseOfflineTicketQr(offlineTicketQr('AO1|42|k-1|Standing%20A||x|Adult', sig))).toBeNull();
  });

  it('when the QR is another kind or cut short, then it is not read as an offline ticket', () => {
    expect(parseOfflineTicketQr('AT1.1.2.abcdefghijklmnopqrstuv')).toBeNull();
    expect(parseOfflineTicketQr(offlineTicketQr(offlineTicketText(1, 'k', line), 'short'))).toBeNull();
  });

  it('when bytes go to base64url and back, then they are the same bytes', () => {
    const bytes = Uint8Array.from({ length: 33 }, (_, i) => (i * 37) % 256);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(toBase64Url(bytes)).not.toMatch(/[+/=]/);
  });
});
