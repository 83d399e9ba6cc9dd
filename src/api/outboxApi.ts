import { api } from './api';
import type { OutboxList, OutboxListQuery, OutboxMessageDetail, OutboxSetup } from '../contracts/outbox';

/**
 * The Outbox (docs/outbox.md): every message the product sends, and the setup of its channels. Message states move
 * on the server without any action here, so the list is read again on each visit and polled while it is open.
 */
export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOutbox: build.query<OutboxList, OutboxListQuery>({
      query: (params) => ({ url: 'outbox', params }),
      keepUnusedDataFor: 0,
    }),
    getOutboxMessage: build.query<OutboxMessageDetail, number>({
      query: (id) => `outbox/${id}`,
      keepUnusedDataFor: 0,
    }),
    /** Which channels leave the server: every screen that sends reads it to say what really happened. */
    getOutboxSetup: build.query<OutboxSetup, void>({
      query: () => 'outbox/setup',
    }),
  }),
});

export const { useGetOutboxQuery, useGetOutboxMessageQuery, useGetOutboxSetupQuery } = outboxApi;
