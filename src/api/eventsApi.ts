import { api } from './api';
import { toFormData } from './formData';
import type {
  CopyBody, CopyPricesResult, CopyResult, DuplicateBody, EventDetail, EventDropdown, EventDropdownQuery, EventList, EventListQuery, EventMerchandise, EventMerchandiseList,
  EventStats, EventStatusBody, EventWriteBody,
} from '../contracts/events';
import type { TicketType, TicketTypeBody, TicketTypeList, TicketTypeTemplateList } from '../contracts/ticketTypes';
import type { Restrictions, RestrictionsBody } from '../contracts/restrictions';
import type { SocialPostings } from '../contracts/outbox';

type Id = { id: number };

/** The dropdown's filters as a picker names them; sent as the spec's flat `filters[...]` keys. */
export interface EventDropdownFilters {
  promoter_id?: number;
  entity_type?: 'ordinary' | 'seasonal';
  status?: 'draft' | 'active';
  has_orders?: boolean;
  search?: string;
}

export function eventDropdownParams(f: EventDropdownFilters): EventDropdownQuery {
  const q: EventDropdownQuery = {};
  if (f.promoter_id) q['filters[promoter_id]'] = f.promoter_id;
  if (f.entity_type) q['filters[entity_type]'] = f.entity_type;
  if (f.status) q['filters[status]'] = f.status;
  if (f.has_orders) q['filters[has_orders]'] = 1;
  if (f.search?.trim()) q['filters[search]'] = f.search.trim();
  return q;
}
const eventTags = (id: number) => [{ type: 'Event' as const, id }, { type: 'Event' as const, id: 'LIST' }, { type: 'EventStats' as const, id }];

/** Events (000 §7): list, one event, the form (multipart), publish, delete, stats, ticket types, restrictions, copy. */
export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventList, EventListQuery>({
      query: (params) => ({ url: 'events', params }),
      providesTags: (res) => [{ type: 'Event', id: 'LIST' }, ...(res?.collection ?? []).map((e) => ({ type: 'Event' as const, id: e.id }))],
    }),
    /** GET api/events/dropdown with filters (002 §7): the choices of every event picker. */
    getEventDropdown: build.query<EventDropdown, EventDropdownFilters | void>({
      query: (filters) => ({ url: 'events/dropdown', params: eventDropdownParams(filters ?? {}) }),
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    getEvent: build.query<EventDetail, number>({
      query: (id) => `events/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Event', id }],
    }),
    /** `thumbnail`: the list-sized copy of `medium` (src/ui/imageThumbnail.ts), sent beside it. */
    createEvent: build.mutation<EventDetail, { body: EventWriteBody; medium?: File | null; thumbnail?: File | null }>({
      query: ({ body, medium, thumbnail }) => ({ url: 'events', method: 'POST', body: toFormData(body, { medium, thumbnail }) }),
      invalidatesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    updateEvent: build.mutation<EventDetail, Id & { body: EventWriteBody; medium?: File | null; thumbnail?: File | null }>({
      query: ({ id, body, medium, thumbnail }) => ({ url: `events/${id}`, method: 'POST', body: toFormData({ ...body, _method: 'put' }, { medium, thumbnail }) }),
      invalidatesTags: (_r, _e, { id }) => eventTags(id),
    }),
    setEventStatus: build.mutation<EventDetail, Id & EventStatusBody>({
      query: ({ id, ...body }) => ({ url: `events/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => eventTags(id),
    }),
    deleteEvent: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `events/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    /** The social media postings tab (docs/social-postings.md); a publish (the Event tag) reads it again. */
    getSocialPostings: build.query<SocialPostings, number>({
      query: (id) => `events/${id}/social-postings`,
      providesTags: (_r, _e, id) => [{ type: 'Event', id }],
    }),
    getEventStats: build.query<EventStats, number>({
      query: (id) => `events/${id}/stats`,
      providesTags: (_r, _e, id) => [{ type: 'EventStats', id }],
    }),
    getTicketTypes: build.query<TicketTypeList, number>({
      query: (id) => `events/${id}/ticket-types`,
      providesTags: (_r, _e, id) => [{ type: 'TicketType', id }],
    }),
    getTicketTypeTemplates: build.query<TicketTypeTemplateList, void>({ query: () => 'dictionary/ticket-types' }),
    saveTicketType: build.mutation<TicketType, Id & { typeId?: number; body: TicketTypeBody }>({
      query: ({ id, typeId, body }) =>
        typeId ? { url: `events/${id}/ticket-types/${typeId}`, method: 'PUT', body } : { url: `events/${id}/ticket-types`, method: 'POST', body },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'TicketType', id }, { type: 'Restrictions', id }, ...eventTags(id)],
    }),
    getRestrictions: build.query<Restrictions, number>({
      query: (id) => `events/${id}/restrictions`,
      providesTags: (_r, _e, id) => [{ type: 'Restrictions', id }],
    }),
    saveRestrictions: build.mutation<Restrictions, Id & { body: RestrictionsBody }>({
      query: ({ id, body }) => ({ url: `events/${id}/restrictions`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Restrictions', id }, ...eventTags(id)],
    }),
    duplicateEvent: build.mutation<EventDetail, DuplicateBody>({
      query: (body) => ({ url: 'events/duplicate', method: 'POST', body }),
      invalidatesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    copyPrices: build.mutation<CopyPricesResult, Id & { sourceId: number }>({
      query: ({ id, sourceId }) => ({ url: `events/${id}/copy-prices`, method: 'POST', body: { source_event_id: sourceId } }),
      invalidatesTags: (_r, _e, { id }) => [...eventTags(id), { type: 'Sections', id }],
    }),
    copyHiddenSeats: build.mutation<CopyPricesResult, Id & { sourceId: number }>({
      query: ({ id, sourceId }) => ({ url: `events/${id}/copy-hidden-seats`, method: 'POST', body: { source_event_id: sourceId } }),
      invalidatesTags: (_r, _e, { id }) => [...eventTags(id), { type: 'Sections', id }],
    }),
    copyReservations: build.mutation<CopyResult, CopyBody>({
      query: (body) => ({ url: 'copy', method: 'POST', body }),
    }),
    getEventMerchandises: build.query<EventMerchandiseList, Id & { per_page?: number }>({
      query: ({ id, per_page }) => ({ url: `events/${id}/merchandises`, params: per_page ? { per_page } : undefined }),
    }),
    copyMerchandise: build.mutation<EventMerchandise, Id & { sourceId: number; merchandiseId: number }>({
      query: ({ id, sourceId, merchandiseId }) => ({
        url: `events/${id}/merchandises/copy`, method: 'POST', body: { source_event_id: sourceId, merchandise_id: merchandiseId },
      }),
    }),
  }),
});

export const {
  useGetEventsQuery, useGetEventDropdownQuery, useGetEventQuery, useCreateEventMutation, useUpdateEventMutation, useSetEventStatusMutation,
  useDeleteEventMutation, useGetEventStatsQuery, useGetSocialPostingsQuery, useGetTicketTypesQuery, useGetTicketTypeTemplatesQuery,
  useSaveTicketTypeMutation, useGetRestrictionsQuery, useSaveRestrictionsMutation, useDuplicateEventMutation,
  useCopyPricesMutation, useCopyHiddenSeatsMutation, useCopyReservationsMutation, useLazyGetEventQuery,
  useLazyGetTicketTypesQuery, useLazyGetRestrictionsQuery, useLazyGetEventMerchandisesQuery, useCopyMerchandiseMutation,
} = eventsApi;
