import { api } from './api';
import type { AttachCandidates, SeasonEventsResult } from '../contracts/seasons';

type Change = { seasonId: number; events: number[] };
const tags = (seasonId: number, events: number[]) => [
  { type: 'Event' as const, id: 'LIST' },
  { type: 'Event' as const, id: seasonId },
  ...events.map((id) => ({ type: 'Event' as const, id })),
];

/** Seasonal events' children (000 §7). The seasonal list is the events list with entity_type=seasonal. */
export const seasonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAttachCandidates: build.query<AttachCandidates, number>({
      query: (seasonId) => `seasonal-events/${seasonId}/attach-candidates`,
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    attachEvents: build.mutation<SeasonEventsResult, Change>({
      query: ({ seasonId, events }) => ({ url: `seasonal-events/${seasonId}/attach-events`, method: 'POST', body: { events } }),
      invalidatesTags: (_r, _e, { seasonId, events }) => tags(seasonId, events),
    }),
    detachEvents: build.mutation<SeasonEventsResult, Change>({
      query: ({ seasonId, events }) => ({ url: `seasonal-events/${seasonId}/detach-events`, method: 'POST', body: { events } }),
      invalidatesTags: (_r, _e, { seasonId, events }) => tags(seasonId, events),
    }),
  }),
});

export const { useGetAttachCandidatesQuery, useAttachEventsMutation, useDetachEventsMutation } = seasonsApi;
