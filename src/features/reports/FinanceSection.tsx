import { Button } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGetFinanceReportQuery } from '../../api/reportsApi';
import { useGetVatRatesQuery } from '../../api/venuesApi';
import type { DiscountRow, FinanceRow, ReportQuery } from '../../contracts/reports';
import type { DiscountColumns, FinanceCsvTable, FinanceReport } from './reportTypes';
import type { ReportsClient } from '../../../workers/reports/reportsClient';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { DiscountTable } from './DiscountTable';
import { FinanceTable } from './FinanceTable';
import { discountColumns, financeColumns, splitRows, withRowRate, type FinanceTableDef } from './financeTables';

interface FinanceSectionProps {
  def: FinanceTableDef;
  params: ReportQuery;
  client: ReportsClient;
  /** The table as it stands (VAT % edits included), for the tab's CSV; null while loading. */
  onTable: (title: string, table: FinanceCsvTable | null) => void;
  onPdf?: (report: FinanceReport) => void;
  exporting?: boolean;
}

/** One table of a finance tab: its own load, failure and retry (002 §4), its rows worked out in the worker. */
export function FinanceSection({ def, params, client, onTable, onPdf, exporting }: FinanceSectionProps) {
  // Mounting a tab asks again (002 §2: data reloads on tab change).
  const query = useGetFinanceReportQuery({ group: def.group, report: def.report, params }, { refetchOnMountOrArgChange: true });
  const vats = useGetVatRatesQuery();
  const rates = useMemo(() => vats.data?.collection.map((v) => v.vat) ?? [], [vats.data]);
  const [report, setReport] = useState<FinanceReport | null>(null);
  const build = useRef(0);

  const discounts = useMemo<DiscountColumns | null>(
    () => (def.kind === 'discount' && query.data ? discountColumns(query.data.data as DiscountRow[]) : null),
    [def.kind, query.data],
  );
  const columns = useMemo(() => {
    if (def.kind !== 'finance' || !query.data) return null;
    const rows = query.data.data as FinanceRow[];
    return financeColumns(def.split ? splitRows(rows, def.split) : rows);
  }, [def.kind, def.split, query.data]);

  const rebuild = (input: NonNullable<typeof columns>) => {
    const mine = ++build.current;
    void client.buildFinanceReport(input).then((r) => {
      if (mine === build.current) setReport(r);
    }, () => undefined);
  };
  useEffect(() => {
    setReport(null);
    if (columns) rebuild(columns);
  }, [columns]);

  useEffect(() => {
    if (report) onTable(def.title, { title: def.title, rows: report.table });
    else if (discounts) onTable(def.title, { title: def.title, discounts });
    else onTable(def.title, null);
  }, [report, discounts, def.title, onTable]);

  let body;
  if (query.isError) body = <RetryPanel onRetry={() => void query.refetch()} />;
  else if (query.isFetching || (columns && !report)) body = <LoadingSpinner label={`Loading ${def.title}`} />;
  else if (discounts) body = <DiscountTable title={def.title} columns={discounts} />;
  else if (report) body = <FinanceTable title={def.title} report={report} rates={rates} footnote={def.footnote} onRateChange={(row, rate) => rebuild(withRowRate(report.table, row, rate))} />;
  return (
    <section className="finance-section" aria-label={def.title}>
      <div className="finance-section-head">
        <h2 className="section-title">{def.title}</h2>
        {def.pdf && onPdf ? (
          <Button icon="document" text="PDF" disabled={!report || exporting || report.table.itemName.length === 0} onClick={() => report && onPdf(report)} />
        ) : null}
      </div>
      {body}
    </section>
  );
}
