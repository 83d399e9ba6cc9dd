/**
 * The signed text of a ticket sold offline from a seat lease (issue 35; docs/boxoffice.md "Selling offline"). The
 * counter signs it with the Ed25519 key it registered with its lease; the QR code carries it with the signature, so a
 * scanner that knows the lease's public key (GET api/events/{id}/seat-leases: counter_key) checks it without the
 * server, and the server checks the same signatures when the sale is replayed. Fields are percent-encoded, so a `|`
 * in a section name cannot shift them.
 */
export const OFFLINE_TICKET_PREFIX = 'AO1';

/** A seat (row and seat), or a place of a standing area (no row: `place`, its number within the sale). */
export interface OfflineTicketLine {
  section: string;
  row?: string | null;
  seat?: string | null;
  place?: number | null;
  ticket_type: string;
}

const enc = encodeURIComponent;
const isStanding = (t: OfflineTicketLine) => t.row === undefined || t.row === null;

/**
 * What is signed: prefix, lease, the sale's idempotency key and the place with its ticket type. A standing place has
 * an empty row (a seat's row is never empty) and its number in the seat's field.
 */
export function offlineTicketText(leaseId: number, saleKey: string, t: OfflineTicketLine): string {
  const [row, seat] = isStanding(t) ? ['', String(t.place ?? 0)] : [enc(t.row!), enc(t.seat ?? '')];
  return [OFFLINE_TICKET_PREFIX, String(leaseId), enc(saleKey), enc(t.section), row, seat, enc(t.ticket_type)].join('|');
}

/** The QR code's content: the signed text and its signature (base64url). */
export const offlineTicketQr = (text: string, signature: string) => `${text}|${signature}`;

export interface ParsedOfflineTicket extends OfflineTicketLine {
  leaseId: number;
  saleKey: string;
  /** The signed part. */
  text: string;
  signature: string;
}

/** Reads a scanned offline ticket; null when it is not one. */
export function parseOfflineTicketQr(qr: string): ParsedOfflineTicket | null {
  const parts = qr.split('|');
  if (parts.length !== 8 || parts[0] !== OFFLINE_TICKET_PREFIX || !/^\d{1,15}$/.test(parts[1]!) || !/^[A-Za-z0-9_-]{80,90}$/.test(parts[7]!)) return null;
  try {
    const [, lease, key, section, row, seat, type, signature] = parts.map((p, i) => (i === 0 || i === 7 ? p : decodeURIComponent(p)));
    const base = { leaseId: Number(lease), saleKey: key!, section: section!, ticket_type: type!, text: parts.slice(0, 7).join('|'), signature: signature! };
    if (row !== '') return { ...base, row: row!, seat: seat!, place: null };
    return /^[1-9]\d{0,8}$/.test(seat!) ? { ...base, row: null, seat: null, place: Number(seat) } : null;
  } catch {
    return null;
  }
}

/** Bytes ↔ base64url (no padding), the encoding of keys and signatures on the wire. */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
