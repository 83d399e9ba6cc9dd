import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

// Reports load on demand: the charts (ECharts) and the report screens stay out of the console's first bundle.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Lazy />
    </Suspense>
  );
};

/** Reports (002 §2): the hub and one route per report. Accounting refuses non-admins itself (and the server does). */
export const reportRoutes: RouteObject[] = [
  { path: 'reports', element: page(() => import('../features/reports/ReportsHubPage'), 'ReportsHubPage') },
  { path: 'reports/financial', element: page(() => import('../features/reports/FinancialReportPage'), 'FinancialReportPage') },
  { path: 'reports/accounting', element: page(() => import('../features/reports/AccountingReportPage'), 'AccountingReportPage') },
  { path: 'reports/sales-overview', element: page(() => import('../features/reports/SalesOverviewPage'), 'SalesOverviewPage') },
  { path: 'reports/scanner', element: page(() => import('../features/reports/ScannerReportPage'), 'ScannerReportPage') },
  { path: 'reports/customers', element: page(() => import('../features/reports/CustomerReportPage'), 'CustomerReportPage') },
];
