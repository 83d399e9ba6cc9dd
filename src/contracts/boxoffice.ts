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
export const TicketReferences = Type.Object({ collection: Type.Array(Type.Object({ id: Type.Integer(), reference: Type.String() })) });
export type TicketReferences = Static<typeof TicketReferences>;

export const VerifyTicketBody = Type.Object({ reference: Type.String({ maxLength: 200, pattern: '^[^\\x00]*$' }) });
export type VerifyTicketBody = Static<typeof VerifyTicketBody>;
/** POST api/tickets/verify: `signed` when this server made the reference, `valid` when its ticket is still valid. */
export const VerifiedTicket = Type.Object({
  signed: Type.Boolean(), valid: Type.Boolean(), ticket_id: Nullable(Type.Integer()), reservation_id: Nullable(Type.Integer()),
});
export type VerifiedTicket = Static<typeof VerifiedTicket>;

/** GET api/boxoffice/summary: what the signed-in box-office user sold today (valid tickets), per ticket type, SEK. */
const SummaryLine = Type.Object({
  ticket_type: Type.String(), count: Type.Integer(), tickets: Type.Number(), service_fees: Type.Number(), extra_fees: Type.Number(), total: Type.Number(),
});
export const OperatorSummary = Type.Object({ day: Type.String(), rows: Type.Array(SummaryLine), totals: SummaryLine });
export type OperatorSummary = Static<typeof OperatorSummary>;

/** The box office's own messages (docs/boxoffice.md). */
export const BOX_OFFICE_MESSAGES = {
  /** A sale after the reservation's validity date (the server refuses it in the sale's transaction). */
  validityPassed: (until: string) => `Sales are closed: this box-office reservation was valid until ${until}.`,
  /** Deleting a box-office reservation whose sold tickets are still valid. */
  cannotDeleteSold: 'This box-office reservation has sold tickets: release them at the counter first.',
};
