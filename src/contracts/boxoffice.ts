import { Type, type Static } from 'typebox';
import { Nullable } from './events';

/** The box-office app (001 §2 "Box-office app"): the events assigned to the signed-in box-office user. */
export const AssignedEvent = Type.Object({
  /** The box-office reservation's id: /boxoffice-app/{id}. */
  id: Type.Integer(),
  /** 'Reservation Name'. */
  title: Type.String(),
  event: Type.Object({ id: Type.Integer(), name: Type.String(), start_date: Type.String(), venue: Type.String(), promoter_id: Type.Integer() }),
  /** 'Number of Tickets': valid tickets sold from it. */
  tickets: Type.Integer(),
  /** SEK per ticket, read from the description's JSON. */
  extra_fee: Type.Number(),
  validity_date: Nullable(Type.String()),
  /** The event's ticket VAT percent, for the calculator. */
  ticket_vat: Type.Number(),
  /** The reservation's fees VAT percent (its service and extra fee items carry it), for the calculator. */
  fees_vat: Type.Number(),
});
export type AssignedEvent = Static<typeof AssignedEvent>;

export const AssignedEvents = Type.Object({ collection: Type.Array(AssignedEvent), count: Type.Integer() });
export type AssignedEvents = Static<typeof AssignedEvents>;

/** GET api/boxoffice/reservations/{id}/references: the signed reference of each valid ticket (its QR code). */
/** A ticket's signed reference, its QR code's content (server/boxoffice/ticketReference.ts). */
export const TicketReference = Type.Object({ id: Type.Integer(), reference: Type.String() });
export const TicketReferences = Type.Object({ collection: Type.Array(TicketReference) });
export type TicketReferences = Static<typeof TicketReferences>;

/** An AT1 reference, or an AO1 offline ticket (issue 35: percent-encoded labels and an Ed25519 signature, longer). */
export const VerifyTicketBody = Type.Object({ reference: Type.String({ maxLength: 1000, pattern: '^[^\\x00]*$' }) });
export type VerifyTicketBody = Static<typeof VerifyTicketBody>;
/** POST api/tickets/verify: `signed` when this server made the reference, `valid` when its ticket is still valid. */
export const VerifiedTicket = Type.Object({
  signed: Type.Boolean(), valid: Type.Boolean(), ticket_id: Nullable(Type.Integer()), reservation_id: Nullable(Type.Integer()),
});
export type VerifiedTicket = Static<typeof VerifiedTicket>;

/**
 * How a counter sale is paid (issue 35; docs/boxoffice.md "Paying at the counter"), sent with the sale's tickets:
 * cash with the amount given in öre (none = the exact amount), card with the terminal's reference, or other.
 * The rules are src/domain/tenders.ts and the CHECK constraints of 260_counter_tenders.sql.
 */
export const Tender = Type.Object({
  method: Type.Union([Type.Literal('cash'), Type.Literal('card'), Type.Literal('other')]),
  given_ore: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
  reference: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
}, { additionalProperties: false });
export type Tender = Static<typeof Tender>;

const TenderSplit = Type.Object({
  method: Type.Union([Type.Literal('cash'), Type.Literal('card'), Type.Literal('other')]),
  /** Sales (payments) and their amount, öre; cash also what was given and handed back. */
  sales: Type.Integer(), amount_ore: Type.Integer(), given_ore: Type.Integer(), change_ore: Type.Integer(),
  /** Released at the counter (refunded) in the shift, öre. */
  refunded_ore: Type.Integer(),
});
export const ShiftClose = Type.Object({
  id: Type.Integer(), opened_at: Type.String(), closed_at: Type.String(),
  expected_cash_ore: Type.Integer(), counted_cash_ore: Type.Integer(), difference_ore: Type.Integer(), card_ore: Type.Integer(), other_ore: Type.Integer(),
});
export type ShiftClose = Static<typeof ShiftClose>;
/** The operator's open shift: since their last close (or the start of the day), split by tender. */
export const Shift = Type.Object({
  opened_at: Type.String(),
  tenders: Type.Array(TenderSplit),
  /** Cash taken − cash refunded in the shift: what the drawer should hold besides its float. */
  expected_cash_ore: Type.Integer(),
  /** Today's closed shifts, newest first. */
  closes: Type.Array(ShiftClose),
});
export type Shift = Static<typeof Shift>;
/** POST api/boxoffice/shift/close: the cash counted in the drawer, öre. */
export const ShiftCloseBody = Type.Object({ counted_cash_ore: Type.Integer({ minimum: 0, maximum: 100_000_000 }) }, { additionalProperties: false });
export type ShiftCloseBody = Static<typeof ShiftCloseBody>;

/** GET api/boxoffice/summary: what the signed-in box-office user sold today (valid tickets), per ticket type, SEK. */
const SummaryLine = Type.Object({
  ticket_type: Type.String(), count: Type.Integer(), tickets: Type.Number(), service_fees: Type.Number(), extra_fees: Type.Number(), total: Type.Number(),
});
export const OperatorSummary = Type.Object({
  day: Type.String(),
  rows: Type.Array(SummaryLine),
  /**
   * Today's re-seat differences at this user's till (issue 38): taken for dearer seats, minus given back for cheaper
   * ones, on tickets the till has not given back; `count` is the moves. Null when there were none. The totals include its money (not
   * its count), so they agree with the tenders (docs/boxoffice.md "Operator summary").
   */
  differences: Nullable(SummaryLine),
  totals: SummaryLine,
  shift: Shift,
});
export type OperatorSummary = Static<typeof OperatorSummary>;

/** The box office's own messages (docs/boxoffice.md). */
export const BOX_OFFICE_MESSAGES = {
  /** A sale after the reservation's validity date (the server refuses it in the sale's transaction). */
  validityPassed: (until: string) => `Sales are closed: this box-office reservation was valid until ${until}.`,
  /** Deleting a box-office reservation whose sold tickets are still valid. */
  cannotDeleteSold: 'This box-office reservation has sold tickets: release them at the counter first.',
};
