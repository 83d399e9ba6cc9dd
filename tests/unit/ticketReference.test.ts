import { describe, expect, it } from 'vitest';
import { signTicketReference, verifyTicketReference } from '../../server/boxoffice/ticketReference';

describe('signed ticket references (the QR code of a printed ticket)', () => {
  const secret = 'a-secret-of-the-server-at-least-32-chars';
  it('when a reference is signed, then it verifies to its ticket and reservation', () => {
    const ref = signTicketReference(secret, 1234, 56);
    expect(ref).toMatch(/^AT1\.1234\.56\.[A-Za-z0-9_-]{22}$/);
    expect(verifyTicketReference(secret, ref)).toEqual({ ticketId: 1234, reservationId: 56 });
  });

  it('when it is altered, forged or signed with another secret, then it does not verify', () => {
    const ref = signTicketReference(secret, 1234, 56);
    expect(verifyTicketReference(secret, ref.replace('.1234.', '.1235.'))).toBeNull();
    expect(verifyTicketReference(secret, `${ref.slice(0, -1)}${ref.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyTicketReference('another-secret-of-at-least-32-characters', ref)).toBeNull();
    expect(verifyTicketReference(secret, 'AT1.1.2.short')).toBeNull();
    expect(verifyTicketReference(secret, '')).toBeNull();
  });
});
