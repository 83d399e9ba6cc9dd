import './reports.css';
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { streamDownload } from '../../api/reportDownloads';
import { reportSearch, useGetCustomerReportQuery } from '../../api/reportsApi';
import { useAppDispatch } from '../../app/hooks';
import type { ReportQuery } from '../../contracts/reports';
import { customerReportDefaultRange } from '../../domain/dates';
import { BackLink } from '../../ui/BackLink';
import { BarChart } from '../../ui/charts/BarChart';
import { ExportProgress } from '../../ui/ExportProgress';
import { saveFile } from '../../ui/saveFile';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { ReportFilterBar, toReportQuery } from './ReportFilterBar';
import { useExport } from './useExport';
import { formatCount } from '../../domain/money';
import { venueToday } from '../../domain/venueClock';

const REGISTRATION: Record<string, string> = { bankid: 'BankID (eID)', document: 'Document' };
const n = formatCount;
/** Countries beyond this many share one bar, "Other", so the chart stays readable. */
const COUNTRY_BARS = 8;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** "Sweden (SE)": the name the browser knows for an ISO country code; the code alone when it knows none. */
function countryName(code: string): string {
  try {
    const name = regionNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code || '–';
  }
}

/** Customer Reporting (002 §2, §3, §9): customers of the period by age, country and registration; six months by default. */
export function CustomerReportPage() {
  const range = customerReportDefaultRange(venueToday(Date.now()));
  const [params, setParams] = useState<ReportQuery>({ from_date: range.from, to_date: range.to });
  const query = useGetCustomerReportQuery(params);
  const data = query.data?.data;
  const dispatch = useAppDispatch();
  const exporter = useExport();
  // CustomerReport.csv of the period on screen (the server writes it, with the CSV core the other files use).
  const exportCsv = () =>
    exporter.run('CustomerReport.csv', async ({ signal, progress }) => {
      const blob = await streamDownload({ path: `reports/customer${reportSearch(params)}`, dispatch, signal, onProgress: (rows) => progress(rows, null) });
      saveFile(blob, 'CustomerReport.csv');
    });
  const countries = data ? countryBars(data.by_country) : null;
  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Customer Reporting</h1>
      <ReportFilterBar
        initial={{ from_date: range.from, to_date: range.to }}
        appliedAtStart
        onApply={(v) => setParams(toReportQuery(v))}
        actions={<Button icon="download" text="CSV" disabled={!data || exporter.busy} onClick={exportCsv} />}
      />
      {exporter.state ? <ExportProgress state={exporter.state} onCancel={exporter.cancel} /> : null}
      {query.isError ? (
        <RetryPanel onRetry={() => void query.refetch()} />
      ) : !data || query.isFetching ? (
        <LoadingSpinner label="Loading the customer report" />
      ) : (
        <div className="customer-grid">
          <section aria-label="By age">
            <h2 className="section-title">By age</h2>
            <BarChart title="Customers by age" labels={data.by_age.map((r) => r.age_group)} format={n}
              series={[{ name: 'BankID (eID)', values: data.by_age.map((r) => r.eid) }, { name: 'Document', values: data.by_age.map((r) => r.document) }]} />
            <DataTable label="Customers by age" rows={data.by_age} rowKey={(r) => r.age_group} columns={[
              { key: 'age', header: 'Age', render: (r) => r.age_group },
              { key: 'eid', header: 'BankID (eID)', className: 'numeric', render: (r) => n(r.eid) },
              { key: 'doc', header: 'Document', className: 'numeric', render: (r) => n(r.document) },
            ]} />
          </section>
          <section aria-label="By country">
            <h2 className="section-title">By country</h2>
            {countries ? <BarChart title="Customers by country" horizontal labels={countries.labels} format={n} series={[{ name: 'Customers', values: countries.values }]} /> : null}
            <DataTable label="Customers by country" rows={data.by_country} rowKey={(r) => r.user_country} columns={[
              { key: 'country', header: 'Country', render: (r) => countryName(r.user_country) },
              { key: 'q', header: 'Customers', className: 'numeric', render: (r) => n(r.quantity) },
            ]} />
          </section>
          <section aria-label="By registration type">
            <h2 className="section-title">By registration type</h2>
            <BarChart title="Customers by registration type" labels={data.by_registration_type.map((r) => REGISTRATION[r.user_registration_type] ?? r.user_registration_type)} format={n}
              series={[{ name: 'Customers', values: data.by_registration_type.map((r) => r.quantity) }]} />
            <DataTable label="Customers by registration type" rows={data.by_registration_type} rowKey={(r) => r.user_registration_type} columns={[
              { key: 'type', header: 'Registration', render: (r) => REGISTRATION[r.user_registration_type] ?? r.user_registration_type },
              { key: 'q', header: 'Customers', className: 'numeric', render: (r) => n(r.quantity) },
            ]} />
          </section>
        </div>
      )}
    </div>
  );
}

/** The largest countries by name, the rest summed as "Other". */
function countryBars(rows: readonly { user_country: string; quantity: number }[]): { labels: string[]; values: number[] } {
  const top = rows.slice(0, COUNTRY_BARS);
  const rest = rows.slice(COUNTRY_BARS).reduce((s, r) => s + r.quantity, 0);
  const labels = top.map((r) => countryName(r.user_country));
  const values = top.map((r) => r.quantity);
  if (rest > 0) {
    labels.push('Other');
    values.push(rest);
  }
  return { labels, values };
}
