import { api } from './api';
import type { AttendeesCount, SendNotificationBody, SendNotificationResult } from '../contracts/crm';
import type { CampaignDelivery } from '../contracts/outbox';
import { crmFiltersToQuery, type CrmFilters } from '../domain/crmFilter';

/** CRM (002 §7): the segment's count and the message to it. The CSV streams through reportDownloads.streamDownload. */
export const crmApi = api.injectEndpoints({
  endpoints: (build) => ({
    countAttendees: build.query<AttendeesCount, CrmFilters>({
      query: (filters) => ({ url: 'attendees', params: crmFiltersToQuery(filters) }),
      // A count is of this moment's sales: asked again, it is counted again.
      keepUnusedDataFor: 0,
      providesTags: ['CrmSegment'],
    }),
    sendNotification: build.mutation<SendNotificationResult, SendNotificationBody>({
      query: (body) => ({ url: 'events/send-notification', method: 'POST', body }),
    }),
    /** How a send's messages are moving (queued, sent, failed); the panel polls it until none is left to go. */
    getCampaignDelivery: build.query<CampaignDelivery, number>({
      query: (id) => `crm/campaigns/${id}/delivery`,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** The path of the segment's CSV (UserExport.csv), for streamDownload. */
export const attendeesCsvPath = (filters: CrmFilters): string => `attendees?${new URLSearchParams(crmFiltersToQuery(filters)).toString()}`;

export const { useLazyCountAttendeesQuery, useSendNotificationMutation, useGetCampaignDeliveryQuery } = crmApi;
