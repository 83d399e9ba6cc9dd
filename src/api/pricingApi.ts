import { api } from './api';
import type { HideSeatsBody, PricableGaSections, PricesBody, PricesResponse } from '../contracts/pricing';

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePrices: build.mutation<PricesResponse, { eventId: number; body: PricesBody }>({
      query: ({ eventId, body }) => ({ url: `events/${eventId}/prices`, method: 'POST', body }),
      // The map re-colours from the fresh state; the event's stats and done marks follow.
      invalidatesTags: (_r, _e, { eventId }) => [{ type: 'Sections', id: eventId }, { type: 'EventStats', id: eventId }, { type: 'Event', id: eventId }],
    }),
    hideSeats: build.mutation<PricesResponse, { eventId: number; body: HideSeatsBody }>({
      query: ({ eventId, body }) => ({ url: `events/${eventId}/hide-seats`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => [{ type: 'Sections', id: eventId }, { type: 'EventStats', id: eventId }],
    }),
    getPricableGaSections: build.query<PricableGaSections, number>({
      query: (eventId) => `events/${eventId}/pricable-ga-sections`,
      providesTags: (_r, _e, eventId) => [{ type: 'Sections', id: eventId }],
    }),
  }),
});

export const { useSavePricesMutation, useHideSeatsMutation, useGetPricableGaSectionsQuery } = pricingApi;
