import { Type, type Static } from 'typebox';

/** Text that goes to the database: no NUL characters. */
const Text = (max: number) => Type.String({ maxLength: max, pattern: '^[^\\u0000]*$' });
const Id = Type.Integer({ minimum: 1, maximum: 9007199254740991 });
const Int4Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** GET api/orders (001 §2 "Orders"; also the event's re-assign list with `unregistered=1`). */
export const OrdersQuery = Type.Object({
  search: Type.Optional(Text(100)),
  event: Type.Optional(Id),
  /** 0: only orders whose tickets are not yet accepted (confirmation unconfirmed or pending). */
  accepted: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** 1: only orders whose owner is unregistered (the re-assign list). */
  unregistered: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export type OrdersQuery = Static<typeof OrdersQuery>;

export const OrderPerson = Type.Union([
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    first_name: Type.Union([Type.String(), Type.Null()]),
    last_name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
    type: Type.String(),
  }),
  Type.Null(),
]);
export type OrderPerson = Static<typeof OrderPerson>;

export const OrderListRow = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.String(),
  confirmation_status: Type.String(),
  created_at: Type.String(),
  event: Type.Object({ id: Type.Integer(), name: Type.String() }),
  owner: OrderPerson,
  reserver: OrderPerson,
  active_payment: Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()]),
  tickets: Type.Integer(),
  merchandise: Type.Integer(),
  total: Type.Number(),
});
export type OrderListRow = Static<typeof OrderListRow>;

export const OrdersList = Type.Object({ collection: Type.Array(OrderListRow), count: Type.Integer() });
export type OrdersList = Static<typeof OrdersList>;

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);
const IdName = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One line of an order (001 §3 "Ticket item", "Order item types"). Money in SEK. */
export const OrderItem = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('ticket'), Type.Literal('merchandise'), Type.Literal('fee')]),
  fee_type: NullableText,
  section: NullableText,
  row: NullableText,
  seat: NullableText,
  general_admission: Type.Boolean(),
  ticket_type: Type.Union([IdName, Type.Null()]),
  merchandise: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), sku: NullableText }), Type.Null()]),
  merchandise_option: Type.Union([Type.Object({ name: Type.String(), sku: NullableText }), Type.Null()]),
  sku: NullableText,
  quantity: Type.Integer(),
  original_price: Type.Number(),
  discount: Type.Number(),
  price: Type.Number(),
  valid: Type.Boolean(),
  is_child: Type.Boolean(),
  /** Paid (confirmed) or not yet. */
  confirmation: Type.Union([Type.Literal('confirmed'), Type.Literal('unconfirmed')]),
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), phone: NullableText }), Type.Null()]),
  sub_reservation: NullableInt,
  payment_id: NullableInt,
  item_payments: Type.Array(Type.Object({ id: Type.Integer() })),
  refunded: Type.Number(),
  /** What may still be refunded: paid minus already refunded. */
  refundable: Type.Number(),
  vat_percent: Type.Number(),
  /** A paid ticket's price after re-seats (the sale's price + differences paid − differences refunded by re-seats), SEK. */
  paid: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type OrderItem = Static<typeof OrderItem>;

/** The payments tab's breakdown (001 §2 "Payments tab"), SEK. */
export const PaymentSummary = Type.Object({
  merchandise: Type.Number(),
  merchandise_admin_fee: Type.Number(),
  merchandise_order_fee: Type.Number(),
  ticket: Type.Number(),
  ticket_admin_fee: Type.Number(),
  ticket_service_fee: Type.Number(),
  total: Type.Number(),
});
export type PaymentSummary = Static<typeof PaymentSummary>;

/** One refund against a payment, as the order's payments tab shows it (issue 38). SEK. */
export const OrderRefund = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  by: Type.Union([IdName, Type.Null()]),
  reason: NullableText,
  /** What the sale lost (the items' price decrease). */
  price_decrease: Type.Number(),
  /** What went back to the customer. */
  amount: Type.Number(),
  /** What was kept as the refund fee: price decrease − amount. */
  fee_kept: Type.Number(),
  /** The refunded items in words ("Standard, Section A, row 3, seat 7", "Ticket Service Fee"). */
  items: Type.Array(Type.String()),
});
export type OrderRefund = Static<typeof OrderRefund>;

export const OrderPayment = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  provider_order_id: NullableText,
  valid: Type.Boolean(),
  status: Type.String(),
  created_at: Type.String(),
  paid_at: NullableText,
  amount: Type.Number(),
  discount: Type.Number(),
  summary: PaymentSummary,
  /** The payment's status, or "partly refunded" / "refunded" once refunds took part or all of it off. */
  state: Type.String(),
  /** Sum of the refunds' price decrease, SEK. */
  refunded: Type.Number(),
  refunds: Type.Array(OrderRefund),
  /** What this payment paid on items sold before it (a re-seat to a dearer seat, issue 38): when, who, why, how much. */
  increases: Type.Array(Type.Object({
    created_at: Type.String(), by: Type.Union([IdName, Type.Null()]), reason: NullableText, items: Type.Array(Type.String()), amount: Type.Number(),
  })),
});
export type OrderPayment = Static<typeof OrderPayment>;

export const SubReservation = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  status: Type.String(),
  items: Type.Array(OrderItem),
});
export type SubReservation = Static<typeof SubReservation>;

/** GET api/orders/{id} and GET api/payment/{id}/reservation: the reservation with items, sub-reservations and payments. */
export const OrderDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  status: Type.String(),
  confirmation_status: Type.String(),
  confirmation_type: NullableText,
  created_at: Type.String(),
  reserved_until: NullableText,
  /** An unpaid hold whose reserved until has passed: it holds no seat any more (hold_ended, 235_hold_ended.sql). */
  hold_ended: Type.Boolean(),
  event: Type.Object({ id: Type.Integer(), name: Type.String(), promoter: IdName }),
  owner: OrderPerson,
  reserver: OrderPerson,
  active_payment: Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()]),
  can_void: Type.Boolean(),
  items: Type.Array(OrderItem),
  sub_reservations: Type.Array(SubReservation),
  payments: Type.Array(OrderPayment),
});
export type OrderDetail = Static<typeof OrderDetail>;

/** POST api/refund (001 §7). Money in SEK. */
const Sek = Type.Number({ minimum: 0, maximum: 20000000 });
export const RefundItemPayment = Type.Object({
  id: Type.Optional(Type.Union([Int4Id, Type.Null()])),
  original_price_decrease: Sek,
  net_price_decrease: Sek,
  /**
   * What goes back to the customer. Left out, the server proposes the decrease minus the platform's refund fee
   * (Settings → Fees); given, it is the admin's choice (at most the decrease). The difference is the fee kept.
   */
  refund_amount: Type.Optional(Sek),
});
export const RefundBody = Type.Object({
  order_id: Type.Optional(Type.Union([Int4Id, Type.Null(), Type.Literal('')])),
  /** Why (shown on the order's payments); optional. */
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  items: Type.Array(
    Type.Object({
      id: Int4Id,
      keep_valid: Type.Optional(Type.Boolean()),
      item_payments: Type.Optional(Type.Array(RefundItemPayment, { maxItems: 1 })),
    }),
    { maxItems: 500 },
  ),
});
export type RefundBody = Static<typeof RefundBody>;

/** The answer of POST api/refund: each item as it now is, and what this refund paid back and kept (SEK). */
export const RefundResult = Type.Object({
  message: Type.String(),
  order_id: Type.Integer(),
  refund_ids: Type.Array(Type.Integer()),
  /** The platform's refund fee (percent) when the refund was made: the proposal's basis. */
  refund_fee_percent: Type.Number(),
  items: Type.Array(Type.Object({
    id: Type.Integer(),
    /** The item's price decreases so far, this refund included. */
    refunded: Type.Number(),
    valid: Type.Boolean(),
    /** This refund: back to the customer, and the refund fee kept (the price decrease minus the amount back). */
    refund_amount: Type.Number(),
    refund_fee: Type.Number(),
  })),
});
export type RefundResult = Static<typeof RefundResult>;

export const REFUND_SUCCESS = 'Refund successful!';
export const REFUND_FAILED = 'Failed to process refund';
export const VOID_FAILED = 'Error voiding the order';

/** POST api/users/{id}/merge: the unregistered user {id}'s reservation(s) go to user_id. */
export const MergeBody = Type.Object({
  user_id: Id,
  /** Only this reservation; without it every reservation the user owns. */
  reservation_id: Type.Optional(Id),
});
export type MergeBody = Static<typeof MergeBody>;

/** GET api/users/search-owners?search= : users a reservation can be re-assigned to (attendees, unregistered allowed). */
export const OwnerSearchQuery = Type.Object({ search: Text(100) });

/** GET api/logs (admin). */
export const LogsQuery = Type.Object({
  event_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
  action: Type.Optional(Text(64)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export type LogsQuery = Static<typeof LogsQuery>;

export const AuditLogRow = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  action: Type.String(),
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  event: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The action's amounts as written (öre), whatever keys the action has. */
  amounts: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditLogRow = Static<typeof AuditLogRow>;
/** GET api/logs (admin): a page of the audit log and the users who appear in it (the filter's choices). */
export const AuditLogPage = Type.Object({
  collection: Type.Array(AuditLogRow),
  count: Type.Integer(),
  users: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export const AUDIT_ACTIONS = ['order.void', 'order.refund', 'order.reassign'] as const;

/** GET or POST api/orders/{id}/void. */
export const VoidResult = Type.Object({
  message: Type.String(), id: Type.Integer(), status: Type.Literal('void'),
  /** Items that held their place until the void (a hold that had ended held none). */
  items_freed: Type.Integer(),
  /** Every item the void made invalid. */
  items_voided: Type.Integer(),
  /** The order's hold had ended (reserved until passed) before the void: its seats were already free. */
  hold_ended: Type.Boolean(),
});
export type VoidResult = Static<typeof VoidResult>;

/** POST api/users/{id}/merge: the orders that moved to `user_id`. */
export const MergeResult = Type.Object({ message: Type.String(), user_id: Type.Integer(), orders: Type.Array(Type.Integer()) });
export type MergeResult = Static<typeof MergeResult>;

/** GET api/reassign/users: one candidate owner (registered or not). */
export const OwnerCandidate = Type.Object({
  id: Type.Integer(), name: Type.String(), email: NullableText, phone: NullableText, status: Type.String(),
});
export type OwnerCandidate = Static<typeof OwnerCandidate>;
export const OwnerCandidates = Type.Object({ collection: Type.Array(OwnerCandidate) });
export type OwnerCandidates = Static<typeof OwnerCandidates>;
