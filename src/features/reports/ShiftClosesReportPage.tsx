import './reports.css';
import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { streamDownload } from '../../api/reportDownloads';
import { reportSearch, useGetShiftClosesQuery } from '../../api/reportsApi';
import { useAppDispatch } from '../../app/hooks';
import { SHIFT_CLOSES_PER_PAGE, type ShiftCloseReportRow, type ShiftClosesQuery, type ShiftClosesResponse } from '../../contracts/reports';
import { formatFormDate, formDateError, parseIsoDay, typedFormDay } from '../../domain/dates';
import { formatAmount, formatCount, oreFromSek } from '../../domain/money';
import { venueDateTime, venueTime, venueToday } from '../../domain/venueClock';
import { BackLink } from '../../ui/BackLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportProgress } from '../../ui/ExportProgress';
import { LazyDateInput } from '../../ui/LazyDateInput';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { saveFile } from '../../ui/saveFile';
import { UpdatingNote, isUpdating } from '../../ui/UpdatingNote';
import { defaultPeriod } from './ReportFilterBar';
import { useExport } from './useExport';
import { useReportRole } from './useReportRole';

const sek = (amount: number) => formatAmount(oreFromSek(amount));
/** The difference in words as well as in colour: "−50,00 short", "20,00 over", "0,00". */
const difference = (amount: number) => (amount < 0 ? `${sek(amount)} short` : amount > 0 ? `${sek(amount)} over` : sek(0));
const dayText = (iso: string) => formatFormDate(parseIsoDay(iso)!);

const COLUMNS: Column<ShiftCloseReportRow>[] = [
  { key: 'closed', header: 'Closed', render: (r) => venueDateTime(r.closed_at) },
  { key: 'opened', header: 'Opened', className: 'narrow-hide', render: (r) => venueTime(r.opened_at) },
  { key: 'operator', header: 'Operator', render: (r) => <>{r.operator}{r.box_office && r.box_office !== r.operator ? <div className="shift-close-counter">{r.box_office}</div> : null}</> },
  { key: 'cash', header: 'Cash expected', className: 'numeric', render: (r) => sek(r.cash_expected) },
  { key: 'counted', header: 'Cash counted', className: 'numeric narrow-hide', render: (r) => sek(r.cash_counted) },
  { key: 'difference', header: 'Difference', className: 'numeric', render: (r) => <span className={r.cash_difference < 0 ? 'shift-short' : r.cash_difference > 0 ? 'shift-over' : undefined}>{difference(r.cash_difference)}</span> },
  { key: 'card', header: 'Card', className: 'numeric narrow-hide', render: (r) => sek(r.card) },
  { key: 'other', header: 'Other', className: 'numeric narrow-hide', render: (r) => sek(r.other) },
  { key: 'total', header: 'Total', className: 'numeric', render: (r) => sek(r.total) },
];

/**
 * /reports/shift-closes, admins only (docs/boxoffice.md "Shift closes report"): every counter's shift closes of a
 * period of venue days, optionally one operator's: when, who, the sales by tender, the cash expected, counted and the
 * difference, with the period's totals; ShiftCloses.csv holds the same. Times on the venue's clock (000 §5). The
 * table pages like the console's lists (the shared Pager, 20 a page); the totals and the CSV are the whole period's.
 */
export function ShiftClosesReportPage() {
  const { isAdmin } = useReportRole();
  return isAdmin ? <ShiftClosesReport /> : <Navigate to="/reports" replace />;
}

function ShiftClosesReport() {
  const initial = defaultPeriod(30);
  const [params, setParams] = useState<ShiftClosesQuery>(initial);
  const [texts, setTexts] = useState({ from: dayText(initial.from_date), to: dayText(initial.to_date) });
  const [operator, setOperator] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = useGetShiftClosesQuery({ ...params, page, per_page: SHIFT_CLOSES_PER_PAGE });
  const data = query.data;
  const dispatch = useAppDispatch();
  const exporter = useExport();

  const apply = () => {
    const today = venueToday(Date.now());
    const from = typedFormDay(texts.from, today);
    const to = typedFormDay(texts.to, today);
    if (!from || !to) return setError(formDateError(texts.from, today) ?? formDateError(texts.to, today) ?? 'Choose both dates.');
    if (to < from) return setError('The to date may not be before the from date.');
    setError(null);
    setParams({ from_date: from, to_date: to, user_id: operator ? Number(operator) : undefined });
    setPage(1);
  };
  const exportCsv = () =>
    exporter.run('ShiftCloses.csv', async ({ signal, progress }) => {
      const blob = await streamDownload({ path: `reports/shift-closes${reportSearch(params)}`, dispatch, signal, onProgress: (rows) => progress(rows, data?.totals.closes ?? null) });
      saveFile(blob, 'ShiftCloses.csv');
    });

  return (
    <div className="page">
      <BackLink to="/reports" label="Reporting" />
      <h1 className="page-title">Shift closes</h1>
      <form className="report-filter" onSubmit={(e) => { e.preventDefault(); apply(); }} noValidate>
        <FormGroup label="From" labelFor="shift-from">
          <LazyDateInput id="shift-from" text={texts.from} onTextChange={(from) => setTexts((t) => ({ ...t, from }))} placeholder="dd.mm.yyyy" leftIcon="calendar" canClearSelection={false} />
        </FormGroup>
        <FormGroup label="To" labelFor="shift-to">
          <LazyDateInput id="shift-to" text={texts.to} onTextChange={(to) => setTexts((t) => ({ ...t, to }))} placeholder="dd.mm.yyyy" leftIcon="calendar" canClearSelection={false} />
        </FormGroup>
        <FormGroup label="Operator" labelFor="shift-operator">
          <HTMLSelect id="shift-operator" value={operator} onChange={(e) => setOperator(e.target.value)}>
            <option value="">All operators</option>
            {(data?.operators ?? []).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </HTMLSelect>
        </FormGroup>
        <div className="report-filter-actions">
          <Button type="submit" intent="primary" text="Apply" />
          <Button icon="download" text="CSV" disabled={!data || exporter.busy} onClick={exportCsv} />
        </div>
        {error ? <p className="report-filter-error" role="alert">{error}</p> : null}
      </form>
      {exporter.state ? <ExportProgress state={exporter.state} onCancel={exporter.cancel} /> : null}
      {query.isError ? (
        <RetryPanel onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingSpinner label="Loading the shift closes" />
      ) : (
        <section className="shift-closes" aria-label="Shift closes" aria-busy={isUpdating(query) || undefined}>
          {isUpdating(query) ? <UpdatingNote /> : null}
          <p className="report-count">
            {dayText(params.from_date!)} – {dayText(params.to_date!)}, {params.user_id ? data.operators.find((o) => o.id === params.user_id)?.name : 'all operators'}
          </p>
          <ShiftCloseTotals totals={data.totals} />
          {data.totals.closes > data.per_page ? (
            <p className="report-count">
              Closes {formatCount(Math.min((data.page - 1) * data.per_page + 1, data.totals.closes))}–{formatCount(Math.min(data.page * data.per_page, data.totals.closes))} of {formatCount(data.totals.closes)}, newest first; the totals and the CSV hold them all.
            </p>
          ) : null}
          <DataTable label="Shift closes" columns={COLUMNS} rows={data.data} rowKey={(r) => r.id} emptyText="No shift was closed in this period" busy={isUpdating(query)} />
          <Pager page={page} count={data.totals.closes} perPage={SHIFT_CLOSES_PER_PAGE} onChange={setPage} />
        </section>
      )}
    </div>
  );
}

/** The period's totals: how many closes (short, over), the sales by tender and the drawers' count. */
function ShiftCloseTotals({ totals: t }: { totals: ShiftClosesResponse['totals'] }) {
  const items: [string, string][] = [
    ['Closes', `${formatCount(t.closes)} (${formatCount(t.short)} short, ${formatCount(t.over)} over)`],
    ['Cash expected', sek(t.cash_expected)],
    ['Cash counted', sek(t.cash_counted)],
    ['Difference', difference(t.cash_difference)],
    ['Card', sek(t.card)],
    ['Other', sek(t.other)],
    ['Total sales', sek(t.total)],
  ];
  return (
    <dl className="shift-close-totals" aria-label="Totals">
      {items.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
    </dl>
  );
}
