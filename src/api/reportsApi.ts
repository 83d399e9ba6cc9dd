import { api } from './api';
import type {
  CustomerResponse, FinanceGroup, FinanceReportName, FinanceResponse, ReportFiltersResponse, ReportQuery,
  SalesOverviewReport, SalesOverviewResponse, ScanningItemType, ScanningResponse, ShiftClosesQuery, ShiftClosesResponse,
} from '../contracts/reports';

/** Query string of a report filter: only the values that are set. */
export function reportSearch(params: ReportQuery & Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const OVERVIEW_PATH: Record<SalesOverviewReport, string> = {
  overview: 'reports/sales-overview',
  tickets: 'reports/sales-overview/tickets',
  merchandises: 'reports/sales-overview/merchandises',
  'tickets-refunded': 'reports/sales-overview/tickets-refunded',
};

/** Reports (002 §7). Each report's load and failure are its own query (002 §4: "stored per report"). */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReportFilters: build.query<ReportFiltersResponse, void>({
      query: () => 'reports/filters',
      providesTags: ['Report'],
    }),
    getFinanceReport: build.query<FinanceResponse, { group: FinanceGroup; report: FinanceReportName; params: ReportQuery }>({
      query: ({ group, report, params }) => `reports/finance/${group}/${report}${reportSearch(params)}`,
      providesTags: ['Report'],
    }),
    getSalesOverview: build.query<SalesOverviewResponse, { report: SalesOverviewReport; params: ReportQuery }>({
      query: ({ report, params }) => `${OVERVIEW_PATH[report]}${reportSearch(params)}`,
      providesTags: ['Report'],
    }),
    getCustomerReport: build.query<CustomerResponse, ReportQuery>({
      query: (params) => `reports/customer${reportSearch(params)}`,
      providesTags: ['Report'],
    }),
    getScanningReport: build.query<ScanningResponse, { event_id: number; item_type: ScanningItemType }>({
      query: (body) => ({ url: 'reports/scanning/aggregated', method: 'POST', body }),
      providesTags: ['Report'],
    }),
    /** The counters' shift closes (admin; docs/boxoffice.md "Shift closes report"). */
    getShiftCloses: build.query<ShiftClosesResponse, ShiftClosesQuery>({
      query: (params) => `reports/shift-closes${reportSearch(params)}`,
      providesTags: ['Report'],
    }),
  }),
});

export const {
  useGetReportFiltersQuery, useGetFinanceReportQuery, useGetSalesOverviewQuery, useGetCustomerReportQuery,
  useGetScanningReportQuery, useGetShiftClosesQuery,
} = reportsApi;
