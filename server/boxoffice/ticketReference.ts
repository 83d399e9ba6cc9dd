import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed ticket reference a printed ticket's QR code carries (issue 18): `AT1.<ticket id>.<reservation id>.<mac>`,
 * the mac an HMAC-SHA256 of the rest under the server's secret (TOKEN_SECRET), cut to 128 bits, base64url. A scanner
 * (or POST api/tickets/verify) recomputes it: a forged or altered reference fails, without a lookup table.
 */
const PREFIX = 'AT1';

function mac(secret: string, body: string): string {
  return createHmac('sha256', `ticket-reference:${secret}`).update(body).digest().subarray(0, 16).toString('base64url');
}

export function signTicketReference(secret: string, ticketId: number, reservationId: number): string {
  const body = `${PREFIX}.${ticketId}.${reservationId}`;
  return `${body}.${mac(secret, body)}`;
}

/** The signed references of a reservation's tickets, in the order given: what a printed ticket's QR code carries. */
export function ticketReferences(secret: string, reservationId: number, ticketIds: readonly number[]): { id: number; reference: string }[] {
  return ticketIds.map((id) => ({ id, reference: signTicketReference(secret, id, reservationId) }));
}

/** The ticket and reservation a reference names when its mac is right; null otherwise. */
export function verifyTicketReference(secret: string, reference: string): { ticketId: number; reservationId: number } | null {
  const m = /^AT1\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(reference);
  if (!m) return null;
  const expected = Buffer.from(mac(secret, `${PREFIX}.${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { ticketId: Number(m[1]), reservationId: Number(m[2]) };
}
