import { api } from './api';

export interface ImportedVenueMap {
  id: number;
  name: string;
  /** The importer's ImportReport (workers/venue-map/venueModel.ts). */
  report: { seats: number };
}

/** POST api/venues/{id}/maps (admin): the SVG through the server's importer, all or nothing. */
export const venueImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    importVenueMap: build.mutation<ImportedVenueMap, { venueId: number; name: string; file: File; acceptWarnings: boolean }>({
      query: ({ venueId, name, file, acceptWarnings }) => {
        const body = new FormData();
        body.append('name', name);
        body.append('accept_warnings', acceptWarnings ? 'true' : 'false');
        body.append('file', file, file.name);
        return { url: `venues/${venueId}/maps`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { venueId }) => [{ type: 'VenueMap', id: `venue-${venueId}` }],
    }),
  }),
});

export const { useImportVenueMapMutation } = venueImportApi;
