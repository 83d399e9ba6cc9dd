import './reports.css';
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import type { ReportQuery } from '../../contracts/reports';
import type { FillMode } from './reportTypes';
import { BackLink } from '../../ui/BackLink';
import { OverviewChart } from './OverviewChart';
import { defaultPeriod, ReportFilterBar, toReportQuery } from './ReportFilterBar';

const CHARTS = [
  { title: 'Sales Overview', report: 'overview', money: true },
  { title: 'Ticket Sales', report: 'tickets' },
  { title: 'Merchandise Sales', report: 'merchandises' },
  { title: 'Tickets Refunded', report: 'tickets-refunded' },
] as const;

/** /reports/sales-overview (002 §2): tabs Isolated and Accumulated, four line charts each, every day filled. */
export function SalesOverviewPage() {
  const initial = defaultPeriod(30);
  const [params, setParams] = useState<ReportQuery>(initial);
  const [mode, setMode] = useState<FillMode>('isolated');
  const charts = (m: FillMode) => (
    <div className="overview-grid">
      {CHARTS.map((c) => (
        <OverviewChart key={c.report} title={c.title} report={c.report} params={params} mode={m} money={'money' in c} />
      ))}
    </div>
  );
  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Sales overview</h1>
      <ReportFilterBar initial={initial} appliedAtStart onApply={(v) => setParams(toReportQuery(v))} />
      <Tabs id="overview-tabs" selectedTabId={mode} onChange={(id) => setMode(id as FillMode)} large renderActiveTabPanelOnly>
        <Tab id="isolated" title="Isolated" panel={charts('isolated')} />
        <Tab id="accumulated" title="Accumulated" panel={charts('accumulated')} />
      </Tabs>
    </div>
  );
}
