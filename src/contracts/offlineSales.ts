import { Type, type Static } from 'typebox';
import { Tender } from './boxoffice';
import { Id } from './common';

/**
 * Offline sales from a seat lease (issue 35; docs/boxoffice.md "Selling offline"): a counter that lost the server
 * sells seats of its own lease, logs each sale with its idempotency key and signs each ticket with the Ed25519 key it
 * registered with the lease; back online it replays the log, each sale exactly once.
 */
const Label = Type.String({ minLength: 1, maxLength: 200 });
/** Ed25519: a raw public key is 32 bytes (43 base64url characters), a signature 64 (86). */
const PublicKey = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });
const Signature = Type.String({ pattern: '^[A-Za-z0-9_-]{86}$' });

/** POST api/boxoffice/reservations/{id}/leases/{lease}/key: the counter's public key for this lease. */
export const CounterKeyBody = Type.Object({ public_key: PublicKey }, { additionalProperties: false });
export type CounterKeyBody = Static<typeof CounterKeyBody>;

/**
 * A ticket of an offline sale: a seat (row and seat), or a place of a standing area of the lease (`place`: its number
 * within the sale, 1, 2, ..., so each place's QR code is its own).
 */
export const OfflineTicket = Type.Object({
  section: Label,
  row: Type.Optional(Label),
  seat: Type.Optional(Label),
  place: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  ticket_type: Label,
  /** The Ed25519 signature of src/domain/offlineTicket.ts offlineTicketText, by the lease's counter key. */
  signature: Signature,
}, { additionalProperties: false });
export type OfflineTicket = Static<typeof OfflineTicket>;

/** POST api/boxoffice/reservations/{id}/offline-sales: one logged sale, replayed. */
export const OfflineSaleBody = Type.Object({
  /** The sale's idempotency key (a UUID made by the counter when it logged the sale). */
  key: Type.String({ pattern: '^[0-9a-fA-F-]{36}$' }),
  lease: Id,
  /** Its place in the counter's log (1, 2, ...). */
  seq: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  /** When the counter sold it (ISO 8601, the counter's clock). */
  sold_at: Type.String({ minLength: 1, maxLength: 40 }),
  tickets: Type.Array(OfflineTicket, { minItems: 1, maxItems: 50 }),
  /** How the customer paid at the counter (none: recorded as "other"). */
  tender: Type.Optional(Tender),
}, { additionalProperties: false });
export type OfflineSaleBody = Static<typeof OfflineSaleBody>;

export const OfflineSaleOutcome = Type.Union([Type.Literal('applied'), Type.Literal('conflict')]);

/** A replayed sale as the server recorded it: the same answer for the same key, however often it is replayed. */
export const OfflineSale = Type.Object({
  key: Type.String(),
  lease: Type.Integer(),
  seq: Type.Integer(),
  sold_at: Type.String(),
  replayed_at: Type.String(),
  outcome: OfflineSaleOutcome,
  /** For a conflict: why, and what to do. */
  code: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  /** The places sold; for a conflict, the ones that could not be honoured are `conflict: true`. */
  /** A standing place has no row and seat, and its `place` number. */
  tickets: Type.Array(Type.Object({
    section: Type.String(), row: Type.Union([Type.String(), Type.Null()]), seat: Type.Union([Type.String(), Type.Null()]), place: Type.Optional(Type.Integer()),
    ticket_type: Type.String(), item_id: Type.Union([Type.Integer(), Type.Null()]), conflict: Type.Boolean(),
  })),
});
export type OfflineSale = Static<typeof OfflineSale>;

/**
 * POST api/boxoffice/reservations/{id}/offline-sales/batch: up to 50 logged sales of one counter, in log order, in one
 * request. Each sale is still replayed exactly once by its key; each gets its own result (the status the one-sale
 * route would answer, and its recorded sale or its error).
 */
export const OfflineSaleBatchBody = Type.Object({ sales: Type.Array(OfflineSaleBody, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false });
export type OfflineSaleBatchBody = Static<typeof OfflineSaleBatchBody>;
export const OfflineSaleBatchResult = Type.Object({
  key: Type.String(),
  status: Type.Integer(),
  sale: Type.Union([OfflineSale, Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
});
export const OfflineSaleBatch = Type.Object({ results: Type.Array(OfflineSaleBatchResult) });
export type OfflineSaleBatch = Static<typeof OfflineSaleBatch>;

/** GET api/boxoffice/reservations/{id}/offline-sales: the reconciliation of the counter's replayed sales. */
export const OfflineSales = Type.Object({ collection: Type.Array(OfflineSale) });
export type OfflineSales = Static<typeof OfflineSales>;

export const OFFLINE_SALE_MESSAGES = {
  badSignature: 'A ticket of this sale is not signed by this counter\'s key for the lease: the sale was not applied.',
  noKey: 'This lease has no counter key: the counter registers one when it takes the lease.',
  keyTaken: 'This lease already has another counter key: offline sales are signed by the device that took the lease.',
  keyReused: 'This idempotency key was used for another sale.',
  placeOrSeat: 'Each ticket names a row and a seat, or a standing place number.',
  /** What the operator is told to do with a sale the server could not honour. */
  conflictAdvice: 'Offer the customer other seats or a refund; the printed tickets for these seats are not valid.',
} as const;
