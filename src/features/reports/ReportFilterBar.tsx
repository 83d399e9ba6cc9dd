import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useGetReportFiltersQuery } from '../../api/reportsApi';
import { useGetEventDropdownQuery } from '../../api/eventsApi';
import type { ReportFiltersResponse, ReportQuery } from '../../contracts/reports';
import { addIsoDays, formatFormDate, formDateError, parseIsoDay, typedFormDay } from '../../domain/dates';
import { LazyDateInput } from '../../ui/LazyDateInput';
import { useReportRole } from './useReportRole';
import { venueIsoToday, venueToday } from '../../domain/venueClock';

export interface ReportFilterValues {
  from_date: string;
  to_date: string;
  event_id: string;
  promoter_id: string;
}

/** The filter as API parameters (empty choices left out). */
export function toReportQuery(v: ReportFilterValues): ReportQuery {
  return {
    from_date: v.from_date,
    to_date: v.to_date,
    event_id: v.event_id ? Number(v.event_id) : undefined,
    promoter_id: v.promoter_id ? Number(v.promoter_id) : undefined,
  };
}

/** A period ending on the venue's today (the day the server's reports end on by default), as YYYY-MM-DD. */
export function defaultPeriod(days: number, now: number = Date.now()): { from_date: string; to_date: string } {
  const to = venueIsoToday(now);
  return { from_date: addIsoDays(to, -days), to_date: to };
}

interface ReportFilterBarProps {
  initial: { from_date: string; to_date: string };
  onApply: (values: ReportFilterValues) => void;
  /** Buttons after Apply (CSV, PDF …). */
  actions?: ReactNode;
  /** The event choice is required (scanning reports are per event). */
  eventRequired?: boolean;
  showDates?: boolean;
  /** The page shows the initial period's results before any Apply (customers, sales overview). */
  appliedAtStart?: boolean;
}

/**
 * The report filter (002 §2): from and to date, event, promoter (admins only), Apply. The to date may not be before
 * the from date (002 §5); the values typed are kept when something is wrong. The event choices failing to load say
 * 'Error fetching events' (002 §8), with a retry.
 */
export function ReportFilterBar({ initial, onApply, actions, eventRequired = false, showDates = true, appliedAtStart = false }: ReportFilterBarProps) {
  const { isAdmin } = useReportRole();
  const filters = useGetReportFiltersQuery();
  const [values, setValues] = useState<ReportFilterValues>({ ...initial, event_id: '', promoter_id: '' });
  const [error, setError] = useState<string | null>(null);
  // The dates as the user sees and types them (dd.mm.yyyy, the console's calendar); the values stay yyyy-MM-dd, the
  // API's parameters. Text that is no day leaves its value empty and says why on Apply.
  const today = useMemo(() => venueToday(Date.now()), []);
  const [texts, setTexts] = useState({ from_date: isoDayText(initial.from_date), to_date: isoDayText(initial.to_date) });
  const typeDate = (key: 'from_date' | 'to_date') => (text: string) => {
    setTexts((t) => ({ ...t, [key]: text }));
    set(key)(typedFormDay(text, today) ?? '');
  };
  // What the results below were loaded with: once the filter differs, a line says so (exports still hold those).
  const [applied, setApplied] = useState<ReportFilterValues | null>(appliedAtStart ? values : null);
  const set = (key: keyof ReportFilterValues) => (value: string) => setValues((v) => ({ ...v, [key]: value, ...(key === 'promoter_id' ? { event_id: '' } : {}) }));
  // The event choices come from the one events dropdown (002 §7), narrowed to events with orders.
  const eventChoices = useGetEventDropdownQuery({ has_orders: true });
  const events = (eventChoices.data?.data ?? []).filter((e) => !values.promoter_id || String(e.promoter_id) === values.promoter_id);

  const apply = () => {
    if (showDates && (!parseIsoDay(values.from_date) || !parseIsoDay(values.to_date))) {
      return setError(formDateError(texts.from_date, today) ?? formDateError(texts.to_date, today) ?? 'Choose both dates.');
    }
    if (showDates && values.to_date < values.from_date) return setError('The to date may not be before the from date.');
    if (eventRequired && !values.event_id) return setError('Choose an event.');
    setError(null);
    setApplied(values);
    onApply(values);
  };
  const changed = applied !== null && (Object.keys(values) as (keyof ReportFilterValues)[]).some((k) => values[k] !== applied[k]);

  return (
    <form className="report-filter" onSubmit={(e) => { e.preventDefault(); apply(); }} noValidate>
      {showDates ? (
        <>
          <FormGroup label="From" labelFor="report-from">
            <LazyDateInput id="report-from" text={texts.from_date} onTextChange={typeDate('from_date')} placeholder="dd.mm.yyyy" leftIcon="calendar" canClearSelection={false} />
          </FormGroup>
          <FormGroup label="To" labelFor="report-to" intent={error?.startsWith('The to date') ? 'danger' : 'none'}>
            <LazyDateInput id="report-to" text={texts.to_date} onTextChange={typeDate('to_date')} placeholder="dd.mm.yyyy" leftIcon="calendar" canClearSelection={false} intent={error?.startsWith('The to date') ? 'danger' : 'none'} />
          </FormGroup>
        </>
      ) : null}
      {isAdmin ? (
        <FormGroup label="Promoter" labelFor="report-promoter">
          <HTMLSelect id="report-promoter" value={values.promoter_id} onChange={(e) => set('promoter_id')(e.target.value)}>
            <option value="">All promoters</option>
            {(filters.data?.promoters ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      <FormGroup label="Event" labelFor="report-event" intent={filters.isError ? 'danger' : 'none'}>
        <HTMLSelect id="report-event" value={values.event_id} onChange={(e) => set('event_id')(e.target.value)}>
          <option value="">{eventRequired ? 'Choose an event' : 'All events'}</option>
          {events.map((e) => <option key={e.id} value={e.id}>{e.name} ({isoDayText(e.start_date)})</option>)}
        </HTMLSelect>
      </FormGroup>
      <div className="report-filter-actions">
        <Button type="submit" intent="primary" text="Apply" />
        {actions}
      </div>
      {error ? <p className="report-filter-error" role="alert">{error}</p> : null}
      {changed && applied ? (
        <p className="report-filter-pending" role="status">
          The results below are for {describeFilter(applied, showDates, filters.data)}. Press Apply to show the changed filter.
        </p>
      ) : null}
      {filters.isError || eventChoices.isError ? (
        <p className="report-filter-error" role="alert">
          Error fetching events <Button variant="minimal" size="small" text="Retry" onClick={() => { void filters.refetch(); void eventChoices.refetch(); }} />
        </p>
      ) : null}
    </form>
  );
}

/** "2026-10-25…" → "25.10.2026", as the console shows days (000 §5). */
function isoDayText(iso: string): string {
  const day = parseIsoDay(iso.slice(0, 10));
  return day ? formatFormDate(day) : iso;
}

/** "25.10.2026 – 24.11.2026, Derby: AIK – Hammarby": the applied filter in words. */
function describeFilter(v: ReportFilterValues, showDates: boolean, choices: ReportFiltersResponse | undefined): string {
  const event = v.event_id ? choices?.events.find((e) => String(e.id) === v.event_id)?.name ?? 'one event' : 'all events';
  const promoter = v.promoter_id ? choices?.promoters.find((p) => String(p.id) === v.promoter_id)?.name : undefined;
  return [showDates ? `${isoDayText(v.from_date)} – ${isoDayText(v.to_date)}` : null, promoter, event].filter(Boolean).join(', ');
}
