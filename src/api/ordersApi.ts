import { api } from './api';
import type {
  AuditLogRow, MergeBody, MergeResult, OrderDetail, OrdersList, OwnerCandidates, RefundBody, RefundResult, VoidResult,
} from '../contracts/orders';
import type { ReseatBody } from '../contracts/reservations';

export interface OrdersListArgs {
  search?: string;
  event?: number;
  accepted?: 0;
  unregistered?: 1;
  page: number;
  per_page: number;
}
export interface LogsArgs {
  event_id?: number;
  user_id?: number;
  action?: string;
  page: number;
  per_page: number;
}

/**
 * A void or refund also changes what an event's dashboard and reports sum, and frees seats its maps draw (its event is
 * not in the call: all of them). Without 'Sections', a map opened again inside the console within RTK Query's minute
 * drew the freed seat as sold from its cached sections.
 */
const orderTags = (id: number) => [
  { type: 'Order' as const, id }, { type: 'Order' as const, id: 'LIST' }, { type: 'AuditLog' as const, id: 'LIST' },
  'EventStats' as const, 'Report' as const, 'Sections' as const,
];

/** Orders, void, refunds, re-assign and the audit log (001 §7; API-NOTES.md "Orders and refunds"). */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrdersList, OrdersListArgs>({
      query: (params) => ({ url: 'orders', params }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getOrder: build.query<OrderDetail, number>({
      query: (id) => `orders/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    voidOrder: build.mutation<VoidResult, number>({
      query: (id) => ({ url: `orders/${id}/void`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => orderTags(id),
    }),
    refund: build.mutation<RefundResult, { body: RefundBody; key: string }>({
      query: ({ body, key }) => ({ url: 'refund', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      invalidatesTags: (_r, _e, { body }) => orderTags(Number(body.order_id)),
    }),
    /**
     * Re-seat (issue 38): a ticket of the order moves to another free seat (PUT api/orders/{id}/items/{itemId}/seat).
     * The answer is the order as it now is; the event's sections and reservation are stale too.
     */
    reseatOrderTicket: build.mutation<OrderDetail, { id: number; eventId: number; itemId: number; body: ReseatBody }>({
      query: ({ id, itemId, body }) => ({ url: `orders/${id}/items/${itemId}/seat`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id, eventId }) => [
        ...orderTags(id), { type: 'Reservation' as const, id }, { type: 'Reservation' as const, id: `event-${eventId}` }, { type: 'Sections' as const, id: eventId },
      ],
    }),
    mergeUser: build.mutation<MergeResult, { userId: number } & MergeBody>({
      query: ({ userId, ...body }) => ({ url: `users/${userId}/merge`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { reservation_id }) => orderTags(reservation_id ?? 0),
    }),
    searchOwnerCandidates: build.query<OwnerCandidates, string>({
      query: (search) => ({ url: 'reassign/users', params: { search } }),
    }),
    getAuditLog: build.query<{ collection: AuditLogRow[]; count: number; users: { id: number; name: string }[] }, LogsArgs>({
      query: (params) => ({ url: 'logs', params }),
      providesTags: [{ type: 'AuditLog', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrdersQuery, useGetOrderQuery, useLazyGetOrderQuery, useVoidOrderMutation, useRefundMutation, useMergeUserMutation,
  useReseatOrderTicketMutation,
  useSearchOwnerCandidatesQuery, useGetAuditLogQuery,
} = ordersApi;
