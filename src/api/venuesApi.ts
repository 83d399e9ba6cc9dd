import { api } from './api';
import type { GenreList, VatList, VenueList, VenueMapList } from '../contracts/venues';

/** What the event form chooses from (000 §7): venues, a venue's maps, ticket VAT rates, genres; every VAT rate. */
export const venuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVenues: build.query<VenueList, void>({ query: () => 'venues', providesTags: [{ type: 'Venue', id: 'LIST' }] }),
    getVenueMaps: build.query<VenueMapList, number>({
      query: (venueId) => `venues/${venueId}/maps`,
      providesTags: (_r, _e, venueId) => [{ type: 'VenueMap', id: `venue-${venueId}` }],
    }),
    getTicketVats: build.query<VatList, void>({ query: () => ({ url: 'vats', params: { 'filters[item_type]': 'ticket' } }), providesTags: ['VatCategory'] }),
    /** Every category's rate of Settings → VAT: what the finance report's VAT % dropdowns offer. */
    getVatRates: build.query<VatList, void>({ query: () => 'vats', providesTags: ['VatCategory'] }),
    getGenres: build.query<GenreList, void>({ query: () => 'genres' }),
  }),
});

export const { useGetVenuesQuery, useGetVenueMapsQuery, useGetTicketVatsQuery, useGetVatRatesQuery, useGetGenresQuery } = venuesApi;
