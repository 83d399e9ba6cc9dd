import { api } from './api';
import type { CounterKeyBody, OfflineSale, OfflineSaleBatch, OfflineSaleBatchBody, OfflineSaleBody, OfflineSales } from '../contracts/offlineSales';

/**
 * Offline sales from a seat lease (issue 35; docs/boxoffice.md "Selling offline"): the counter registers its key with
 * its lease, replays its logged sales (a conflict answers 409 with the recorded sale), and reads the reconciliation.
 * A replay changes the counter's reservation and the event's leases, so both are read again.
 */
export const offlineSalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerCounterKey: build.mutation<void, { reservationId: number; leaseId: number; eventId: number; body: CounterKeyBody }>({
      query: ({ reservationId, leaseId, body }) => ({ url: `boxoffice/reservations/${reservationId}/leases/${leaseId}/key`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => [{ type: 'SeatLease', id: `event-${eventId}` }],
    }),
    replayOfflineSale: build.mutation<OfflineSale, { reservationId: number; body: OfflineSaleBody }>({
      query: ({ reservationId, body }) => ({ url: `boxoffice/reservations/${reservationId}/offline-sales`, method: 'POST', body }),
    }),
    /** Up to 50 logged sales in one request, in log order: each with its own result (issue 35: replay within 5 s). */
    replayOfflineSales: build.mutation<OfflineSaleBatch, { reservationId: number; body: OfflineSaleBatchBody }>({
      query: ({ reservationId, body }) => ({ url: `boxoffice/reservations/${reservationId}/offline-sales/batch`, method: 'POST', body }),
    }),
    getOfflineSales: build.query<OfflineSales, number>({
      query: (reservationId) => `boxoffice/reservations/${reservationId}/offline-sales`,
      providesTags: (_r, _e, id) => [{ type: 'Reservation', id: `offline-${id}` }],
    }),
  }),
});

export const { useRegisterCounterKeyMutation, useReplayOfflineSaleMutation, useReplayOfflineSalesMutation, useGetOfflineSalesQuery } = offlineSalesApi;

/**
 * Whether the API server answers now (GET api/health within `timeoutMs`): the counter's offline detection asks it
 * besides navigator.onLine, which stays true when only the server or the venue's uplink is down.
 */
export async function probeServer(timeoutMs = 1200): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: ctl.signal });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
