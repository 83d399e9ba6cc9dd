import { api } from './api';
import type { AttendeesCount, SendNotificationBody, SendNotificationResult } from '../contracts/crm';
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
  }),
});

/** The path of the segment's CSV (UserExport.csv), for streamDownload. */
export const attendeesCsvPath = (filters: CrmFilters): string => `attendees?${new URLSearchParams(crmFiltersToQuery(filters)).toString()}`;

export const { useLazyCountAttendeesQuery, useSendNotificationMutation } = crmApi;
