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

/** One line of an order (001 §3 "Ticket item", "Order item types"). Money in SEK. */
export interface OrderItem {
  id: number;
  type: 'ticket' | 'merchandise' | 'fee';
  fee_type: string | null;
  section: string | null;
  row: string | null;
  seat: string | null;
  general_admission: boolean;
  ticket_type: { id: number; name: string } | null;
  merchandise: { id: number; name: string; sku: string | null } | null;
  merchandise_option: { name: string; sku: string | null } | null;
  sku: string | null;
  quantity: number;
  original_price: number;
  discount: number;
  price: number;
  valid: boolean;
  is_child: boolean;
  /** Paid (confirmed) or not yet. */
  confirmation: 'confirmed' | 'unconfirmed';
  user: { id: number; name: string; phone: string | null } | null;
  sub_reservation: number | null;
  payment_id: number | null;
  item_payments: { id: number }[];
  refunded: number;
  /** What may still be refunded: paid minus already refunded. */
  refundable: number;
  vat_percent: number;
}

/** The payments tab's breakdown (001 §2 "Payments tab"), SEK. */
export interface PaymentSummary {
  merchandise: number;
  merchandise_admin_fee: number;
  merchandise_order_fee: number;
  ticket: number;
  ticket_admin_fee: number;
  ticket_service_fee: number;
  total: number;
}

/** One refund against a payment, as the order's payments tab shows it (issue 38). SEK. */
export interface OrderRefund {
  id: number;
  created_at: string;
  by: { id: number; name: string } | null;
  reason: string | null;
  /** What the sale lost (the items' price decrease). */
  price_decrease: number;
  /** What went back to the customer. */
  amount: number;
  /** What was kept as the refund fee: price decrease − amount. */
  fee_kept: number;
  /** The refunded items in words ("Standard, Section A, row 3, seat 7", "Ticket Service Fee"). */
  items: string[];
}

export interface OrderPayment {
  id: number;
  provider: string;
  provider_order_id: string | null;
  valid: boolean;
  status: string;
  created_at: string;
  paid_at: string | null;
  amount: number;
  discount: number;
  summary: PaymentSummary;
  /** The payment's status, or "partly refunded" / "refunded" once refunds took part or all of it off. */
  state: string;
  /** Sum of the refunds' price decrease, SEK. */
  refunded: number;
  refunds: OrderRefund[];
}

export interface SubReservation {
  id: number;
  title: string;
  type: string;
  status: string;
  items: OrderItem[];
}

/** GET api/orders/{id}: the reservation with items, sub-reservations and payments. */
export interface OrderDetail {
  id: number;
  title: string;
  type: string;
  status: string;
  confirmation_status: string;
  confirmation_type: string | null;
  created_at: string;
  reserved_until: string | null;
  event: { id: number; name: string; promoter: { id: number; name: string } };
  owner: OrderPerson;
  reserver: OrderPerson;
  active_payment: { id: number } | null;
  can_void: boolean;
  items: OrderItem[];
  sub_reservations: SubReservation[];
  payments: OrderPayment[];
}

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

export interface AuditLogRow {
  id: number;
  created_at: string;
  action: string;
  user: { id: number; name: string } | null;
  event: { id: number; name: string } | null;
  order_id: number | null;
  amounts: Record<string, unknown>;
}
export const AUDIT_ACTIONS = ['order.void', 'order.refund', 'order.reassign'] as const;
