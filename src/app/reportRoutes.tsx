import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

/** Reports (002 §2): the hub and one route per report. Accounting and shift closes refuse non-admins themselves (and the server does). */
export const reportRoutes: RouteObject[] = [
  { path: 'reports', element: lazyPage(() => import('../features/reports/ReportsHubPage'), 'ReportsHubPage') },
  { path: 'reports/financial', element: lazyPage(() => import('../features/reports/FinancialReportPage'), 'FinancialReportPage') },
  { path: 'reports/accounting', element: lazyPage(() => import('../features/reports/AccountingReportPage'), 'AccountingReportPage') },
  { path: 'reports/sales-overview', element: lazyPage(() => import('../features/reports/SalesOverviewPage'), 'SalesOverviewPage') },
  { path: 'reports/scanner', element: lazyPage(() => import('../features/reports/ScannerReportPage'), 'ScannerReportPage') },
  { path: 'reports/shift-closes', element: lazyPage(() => import('../features/reports/ShiftClosesReportPage'), 'ShiftClosesReportPage') },
  { path: 'reports/customers', element: lazyPage(() => import('../features/reports/CustomerReportPage'), 'CustomerReportPage') },
];
