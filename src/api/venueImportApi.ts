import type { ImportedVenueMap } from '../contracts/venues';
import type { SectionEdit } from '../domain/venueSectionEdits';
import { api } from './api';

/** POST api/venues/{id}/maps (admin): the SVG through the server's importer, all or nothing. */
export const venueImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    importVenueMap: build.mutation<ImportedVenueMap, { venueId: number; name: string; file: File; acceptWarnings: boolean;
      /** Renames and kinds of the report's sections, applied in the same import. */
      sections?: SectionEdit[] }>({
      query: ({ venueId, name, file, acceptWarnings, sections }) => {
        const body = new FormData();
        body.append('name', name);
        body.append('accept_warnings', acceptWarnings ? 'true' : 'false');
        if (sections && sections.length > 0) body.append('sections', JSON.stringify(sections));
        body.append('file', file, file.name);
        return { url: `venues/${venueId}/maps`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { venueId }) => [{ type: 'VenueMap', id: `venue-${venueId}` }],
    }),
  }),
});

export const { useImportVenueMapMutation } = venueImportApi;
