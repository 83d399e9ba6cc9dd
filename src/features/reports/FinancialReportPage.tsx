import './reports.css';
import { Classes, Icon, Tab, Tabs } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import type { ReportQuery } from '../../contracts/reports';
import type { FinanceTab } from './reportTypes';
import { BackLink } from '../../ui/BackLink';
import { EmptyState } from '../../ui/EmptyState';
import { FINANCE_TABS } from './financeTables';
import { FinanceTabPanel } from './FinanceTabPanel';
import { defaultPeriod, ReportFilterBar, toReportQuery } from './ReportFilterBar';
import { useReportRole } from './useReportRole';
import { useReportsClient } from './useReportsClient';

/**
 * /reports/financial (002 §2): tabs Tickets, Merchandise and Totals. Nothing loads until the filter is applied the
 * first time; then the shown tab loads, and loads again whenever the tab changes or the filter is applied.
 */
export function FinancialReportPage() {
  const client = useReportsClient();
  const { isAdmin } = useReportRole();
  const [tab, setTab] = useState<FinanceTab>('tickets');
  const [applied, setApplied] = useState<{ params: ReportQuery; n: number } | null>(null);
  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Financial reports</h1>
      <ReportFilterBar initial={defaultPeriod(30)} onApply={(v) => setApplied((a) => ({ params: toReportQuery(v), n: (a?.n ?? 0) + 1 }))} />
      {applied?.params.event_id ? (
        // Beyond the spec: where the event's tickets sold, on its seat map.
        <Link to={`/events/${applied.params.event_id}/venue-map?view=sales`} className={`${Classes.BUTTON} ${Classes.MINIMAL} sell-through-link`}>
          <Icon icon="heatmap" />
          <span className={Classes.BUTTON_TEXT}>Sell-through on the seat map</span>
        </Link>
      ) : null}
      <Tabs id="finance-tabs" selectedTabId={tab} onChange={(id) => setTab(id as FinanceTab)} large renderActiveTabPanelOnly>
        {FINANCE_TABS.map((t) => (
          <Tab
            key={t.id}
            id={t.id}
            title={t.title}
            panel={
              applied ? (
                <FinanceTabPanel key={`${t.id}-${applied.n}`} tab={t} params={applied.params} client={client} isAdmin={isAdmin} />
              ) : (
                <EmptyState text="Choose a period and press Apply to see the report." />
              )
            }
          />
        ))}
      </Tabs>
    </div>
  );
}
