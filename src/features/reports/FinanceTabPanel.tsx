import { Button } from '@blueprintjs/core';
import { useCallback, useRef, useState } from 'react';
import type { ReportQuery } from '../../contracts/reports';
import type { FinanceCsvTable, FinanceReport } from './reportTypes';
import type { ReportsClient } from '../../../workers/reports/reportsClient';
import { ExportProgress } from '../../ui/ExportProgress';
import { saveFile } from '../../ui/saveFile';
import { FINANCE_TABS } from './financeTables';
import { FinanceSection } from './FinanceSection';
import { useExport } from './useExport';

type Tab = (typeof FINANCE_TABS)[number];

/** The tables of one finance tab, with the tab's CSV and the Total sales PDF, both built in the reports worker. */
export function FinanceTabPanel({ tab, params, client, isAdmin }: { tab: Tab; params: ReportQuery; client: ReportsClient; isAdmin: boolean }) {
  const defs = tab.tables.filter((d) => isAdmin || !d.adminOnly);
  const tables = useRef(new Map<string, FinanceCsvTable>());
  const [ready, setReady] = useState(0);
  const exporter = useExport();

  const onTable = useCallback((title: string, table: FinanceCsvTable | null) => {
    if (table) tables.current.set(title, table);
    else tables.current.delete(title);
    setReady(tables.current.size);
  }, []);

  const exportCsv = () =>
    exporter.run(`finance_report_${tab.id}.csv`, async ({ signal, progress }) => {
      const list = defs.map((d) => tables.current.get(d.title)).filter((t): t is FinanceCsvTable => Boolean(t));
      const file = await client.buildFinanceCsv(tab.id, list, { signal, onProgress: progress });
      saveFile(file.parts as BlobPart[], file.fileName, 'text/csv;charset=utf-8');
    });

  const exportPdf = (report: FinanceReport) =>
    exporter.run('report.pdf', async ({ signal }) => {
      const pdf = await client.buildTotalSalesPdf({ from: params.from_date ?? '', to: params.to_date ?? '', report });
      // The PDF is one call in the worker: Cancel lets the user go on, and the finished file is dropped.
      if (!signal.aborted) saveFile([pdf], 'report.pdf', 'application/pdf');
    });

  return (
    <div className="finance-tab">
      <div className="finance-toolbar">
        <Button icon="download" text="CSV" onClick={exportCsv} disabled={ready < defs.length || exporter.busy} />
        {exporter.state ? <ExportProgress state={exporter.state} onCancel={exporter.cancel} /> : null}
      </div>
      {defs.map((def) => (
        <FinanceSection
          key={`${def.group}/${def.report}/${def.title}`}
          def={def}
          params={params}
          client={client}
          onTable={onTable}
          onPdf={def.pdf ? exportPdf : undefined}
          exporting={exporter.busy}
        />
      ))}
    </div>
  );
}
