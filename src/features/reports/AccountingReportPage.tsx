import './reports.css';
import { Button, Callout } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { reportSearch } from '../../api/reportsApi';
import { streamDownload } from '../../api/reportDownloads';
import { useAppDispatch } from '../../app/hooks';
import type { ReportQuery } from '../../contracts/reports';
import { BackLink } from '../../ui/BackLink';
import { EmptyState } from '../../ui/EmptyState';
import { ExportProgress } from '../../ui/ExportProgress';
import { RetryPanel } from '../../ui/RetryPanel';
import { saveFile } from '../../ui/saveFile';
import { VirtualTable } from '../../ui/VirtualTable';
import { accountingColumns } from './accountingColumns';
import { defaultPeriod, ReportFilterBar, toReportQuery } from './ReportFilterBar';
import { ACCOUNTING_TABLE_LIMIT, useAccountingRows } from './useAccountingRows';
import { useExport } from './useExport';
import { useReportRole } from './useReportRole';
import { formatCount } from '../../domain/money';

/**
 * /reports/accounting, 'Accounting Reporting' (002 §2), admins only: every sold and refunded item of the period in
 * a virtualised table (the first 100,000 rows), and AccountingReport.csv with all of them, streamed by the server.
 */
export function AccountingReportPage() {
  const { isAdmin } = useReportRole();
  return isAdmin ? <AccountingReport /> : <Navigate to="/reports" replace />;
}

function AccountingReport() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useState<ReportQuery | null>(null);
  const data = useAccountingRows(params);
  const exporter = useExport();
  // The rows array grows in place as pages arrive; its length tells when the columns must read it again.
  const columns = useMemo(() => accountingColumns(data.rows), [data.rows, data.rows.length]);

  const exportCsv = (query: ReportQuery) =>
    exporter.run('AccountingReport.csv', async ({ signal, progress }) => {
      const blob = await streamDownload({ path: `reports/accounting${reportSearch(query)}`, dispatch, signal, onProgress: (rows) => progress(rows, data.count) });
      saveFile(blob, 'AccountingReport.csv');
    });

  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Accounting Reporting</h1>
      <ReportFilterBar
        initial={defaultPeriod(30)}
        onApply={(v) => setParams(toReportQuery(v))}
        actions={<Button icon="download" text="CSV" disabled={!params || exporter.busy} onClick={() => params && exportCsv(params)} />}
      />
      {exporter.state ? <ExportProgress state={exporter.state} onCancel={exporter.cancel} /> : null}
      {!params ? (
        <EmptyState text="Choose a period and press Apply to see the report." />
      ) : data.error ? (
        <RetryPanel onRetry={data.retry} detail={data.error} />
      ) : (
        <>
          <p className="report-count" aria-live="polite">
            {data.count === null ? 'Loading…' : `${formatCount(data.rows.length)} of ${formatCount(data.count)} rows${data.loading ? ', loading…' : ''}`}
          </p>
          {data.count !== null && data.count > ACCOUNTING_TABLE_LIMIT ? (
            <Callout intent="primary" className="report-callout">
              The table shows the first {formatCount(ACCOUNTING_TABLE_LIMIT)} rows; the CSV holds all of them.
            </Callout>
          ) : null}
          {data.count !== null ? <VirtualTable label="Accounting report" columns={columns} rowCount={data.rows.length} emptyText="No data" /> : null}
        </>
      )}
    </div>
  );
}
