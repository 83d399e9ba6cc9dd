import { api } from './api';
import type { HideSeatsBody, PricableGaSections, PricesBody, PricesResponse } from '../contracts/pricing';

// A save re-colours the map from the fresh state; the event's stats and done marks follow (hidden seats need no
// price, so hiding can complete the pricing too).
const afterChange = (eventId: number) => [{ type: 'Sections' as const, id: eventId }, { type: 'EventStats' as const, id: eventId }, { type: 'Event' as const, id: eventId }];

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePrices: build.mutation<PricesResponse, { eventId: number; body: PricesBody }>({
      query: ({ eventId, body }) => ({ url: `events/${eventId}/prices`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => afterChange(eventId),
    }),
    hideSeats: build.mutation<PricesResponse, { eventId: number; body: HideSeatsBody }>({
      query: ({ eventId, body }) => ({ url: `events/${eventId}/hide-seats`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { eventId }) => afterChange(eventId),
    }),
    getPricableGaSections: build.query<PricableGaSections, number>({
      query: (eventId) => `events/${eventId}/pricable-ga-sections`,
      providesTags: (_r, _e, eventId) => [{ type: 'Sections', id: eventId }],
    }),
  }),
});

export const { useSavePricesMutation, useHideSeatsMutation, useGetPricableGaSectionsQuery } = pricingApi;
