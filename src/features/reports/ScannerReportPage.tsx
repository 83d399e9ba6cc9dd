import './reports.css';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { streamDownload } from '../../api/reportDownloads';
import { useGetScanningReportQuery } from '../../api/reportsApi';
import { useAppDispatch } from '../../app/hooks';
import type { ScanningItemType, ScanningRow } from '../../contracts/reports';
import { BackLink } from '../../ui/BackLink';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ExportProgress } from '../../ui/ExportProgress';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { saveFile } from '../../ui/saveFile';
import { defaultPeriod, ReportFilterBar } from './ReportFilterBar';
import { useExport } from './useExport';
import { formatCount } from '../../domain/money';

/** "92,4 %": one decimal, Swedish style. */
const percent = (v: number) => `${v.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

const TABS: { id: ScanningItemType; title: string }[] = [
  { id: 'ticket', title: 'Tickets' },
  { id: 'merchandise', title: 'Merchandise' },
  { id: 'all', title: 'All' },
];

function ScanTable({ eventId, itemType }: { eventId: number; itemType: ScanningItemType }) {
  const query = useGetScanningReportQuery({ event_id: eventId, item_type: itemType }, { refetchOnMountOrArgChange: true });
  if (query.isError) return <RetryPanel onRetry={() => void query.refetch()} />;
  if (!query.data || query.isFetching) return <LoadingSpinner label="Loading the scanning report" />;
  const { total } = query.data;
  // The total row closes the table, set apart by its class (bold, a rule above it).
  const rows: (ScanningRow & { isTotal?: boolean })[] = [...query.data.data, { item_name: 'Total', item_type: '', ...total, isTotal: true }];
  return (
    <div className="scan-table">
      <DataTable
        label="Scanned items"
        rows={rows}
        rowKey={(r) => (r.isTotal ? 'total' : `${r.item_type}:${r.item_name}`)}
        columns={[
          { key: 'name', header: 'Item name', render: (r) => (r.isTotal ? <strong>Total</strong> : r.item_name) },
          { key: 'type', header: 'Item type', render: (r) => r.item_type },
          { key: 'scan', header: 'Scanned', className: 'numeric', render: (r) => formatCount(r.scan_count) },
          { key: 'not', header: 'Not scanned', className: 'numeric', render: (r) => formatCount(r.not_scan_count) },
          { key: 'total', header: 'Total', className: 'numeric', render: (r) => formatCount(r.total_count) },
          { key: 'pct', header: '% scanned', className: 'numeric', render: (r) => percent(r.scanned_percent) },
        ]}
      />
    </div>
  );
}

/** /reports/scanner, 'Scanned Items Report' (002 §2): per event, tabs Tickets, Merchandise and All; ScanningReport.csv. */
export function ScannerReportPage() {
  const dispatch = useAppDispatch();
  const [eventId, setEventId] = useState<number | null>(null);
  const [tab, setTab] = useState<ScanningItemType>('ticket');
  const exporter = useExport();
  const exportCsv = (id: number) =>
    exporter.run('ScanningReport.csv', async ({ signal, progress }) => {
      const blob = await streamDownload({ path: 'reports/scanning/detailed', method: 'POST', body: { event_id: id, item_type: tab }, dispatch, signal, onProgress: (rows) => progress(rows, null) });
      saveFile(blob, 'ScanningReport.csv');
    });
  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Scanned Items Report</h1>
      <ReportFilterBar
        initial={defaultPeriod(30)}
        showDates={false}
        eventRequired
        onApply={(v) => setEventId(Number(v.event_id))}
        actions={<Button icon="download" text="CSV" disabled={eventId === null || exporter.busy} onClick={() => eventId !== null && exportCsv(eventId)} />}
      />
      {exporter.state ? <ExportProgress state={exporter.state} onCancel={exporter.cancel} /> : null}
      <Tabs id="scanner-tabs" selectedTabId={tab} onChange={(id) => setTab(id as ScanningItemType)} large renderActiveTabPanelOnly>
        {TABS.map((t) => (
          <Tab key={t.id} id={t.id} title={t.title} panel={eventId === null ? <EmptyState text="Choose an event and press Apply." /> : <ScanTable eventId={eventId} itemType={t.id} />} />
        ))}
      </Tabs>
    </div>
  );
}
