import './reports.css';
import { useState } from 'react';
import { useGetCustomerReportQuery } from '../../api/reportsApi';
import type { ReportQuery } from '../../contracts/reports';
import { customerReportDefaultRange } from '../../domain/dates';
import { BackLink } from '../../ui/BackLink';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { ReportFilterBar, toReportQuery } from './ReportFilterBar';

const REGISTRATION: Record<string, string> = { bankid: 'BankID (eID)', document: 'Document' };
const n = (v: number) => v.toLocaleString('sv-SE');
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
  const range = customerReportDefaultRange(new Date());
  const [params, setParams] = useState<ReportQuery>({ from_date: range.from, to_date: range.to });
  const query = useGetCustomerReportQuery(params);
  const data = query.data?.data;
  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Customer Reporting</h1>
      <ReportFilterBar initial={{ from_date: range.from, to_date: range.to }} appliedAtStart onApply={(v) => setParams(toReportQuery(v))} />
      {query.isError ? (
        <RetryPanel onRetry={() => void query.refetch()} />
      ) : !data || query.isFetching ? (
        <LoadingSpinner label="Loading the customer report" />
      ) : (
        <div className="customer-grid">
          <section aria-label="By age">
            <h2 className="section-title">By age</h2>
            <DataTable label="Customers by age" rows={data.by_age} rowKey={(r) => r.age_group} columns={[
              { key: 'age', header: 'Age', render: (r) => r.age_group },
              { key: 'eid', header: 'BankID (eID)', className: 'numeric', render: (r) => n(r.eid) },
              { key: 'doc', header: 'Document', className: 'numeric', render: (r) => n(r.document) },
            ]} />
          </section>
          <section aria-label="By country">
            <h2 className="section-title">By country</h2>
            <DataTable label="Customers by country" rows={data.by_country} rowKey={(r) => r.user_country} columns={[
              { key: 'country', header: 'Country', render: (r) => countryName(r.user_country) },
              { key: 'q', header: 'Customers', className: 'numeric', render: (r) => n(r.quantity) },
            ]} />
          </section>
          <section aria-label="By registration type">
            <h2 className="section-title">By registration type</h2>
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
