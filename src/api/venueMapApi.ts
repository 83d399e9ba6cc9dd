import { api } from './api';
import type { EventSectionsResponse, SectionDetailResponse } from '../contracts/venueMap';

export const venueMapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEventSections: build.query<EventSectionsResponse, number>({
      query: (eventId) => `events/${eventId}/sections`,
      providesTags: (_r, _e, eventId) => [{ type: 'Sections', id: eventId }],
    }),
    getEventSection: build.query<SectionDetailResponse, { eventId: number; section: string }>({
      query: ({ eventId, section }) => `events/${eventId}/sections/${encodeURIComponent(section)}`,
      providesTags: (_r, _e, { eventId }) => [{ type: 'Sections', id: eventId }],
    }),
  }),
});

export const { useGetEventSectionsQuery, useGetEventSectionQuery } = venueMapApi;
