import {
  CRM_METRICS, CRM_OPERATORS, CRM_PERIODS, crmAgeRangeError, crmDateRangeError, crmPeriodDates,
  type CrmFilters, type CrmGender, type CrmMetricKey, type CrmOperator, type CrmPeriod,
} from '../../domain/crmFilter';

/** One metric row as the form holds it: text as typed, so nothing typed is lost on an error. */
export interface MetricValues {
  enabled: boolean;
  operator: CrmOperator;
  value: string;
  period: CrmPeriod;
  from: string | null;
  to: string | null;
}

export interface CrmFilterValues {
  events: number[];
  gender: CrmGender | '';
  age_from: string;
  age_to: string;
  metrics: Record<CrmMetricKey, MetricValues>;
}

/** A fresh filter: no metric chosen, each with its §9 default value. */
export function emptyCrmFilter(): CrmFilterValues {
  const metrics = Object.fromEntries(
    CRM_METRICS.map((m) => [m.key, { enabled: false, operator: 'more', value: String(m.defaultValue), period: 'none', from: null, to: null }]),
  ) as Record<CrmMetricKey, MetricValues>;
  return { events: [], gender: '', age_from: '', age_to: '', metrics };
}

const AGE = /^\d{1,3}$/;
const COUNT = /^\d{1,7}$/;
const SEK = /^\d{1,7}([.,]\d{1,2})?$/;

/** Field → message for what cannot be counted as typed (keys: age_from, age_to, <metric>.value, <metric>.to). */
export function crmFilterErrors(v: CrmFilterValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.age_from && !AGE.test(v.age_from.trim())) errors.age_from = 'Enter valid number';
  if (v.age_to && !AGE.test(v.age_to.trim())) errors.age_to = 'Enter valid number';
  if (!errors.age_from && !errors.age_to) {
    const ageError = crmAgeRangeError(v.age_from ? Number(v.age_from) : undefined, v.age_to ? Number(v.age_to) : undefined);
    if (ageError) errors.age_to = ageError;
  }
  for (const m of CRM_METRICS) {
    const row = v.metrics[m.key];
    if (!row.enabled) continue;
    if (!(m.money ? SEK : COUNT).test(row.value.trim())) errors[`${m.key}.value`] = 'Enter valid number';
    if (row.period === 'custom') {
      if (!row.from || !row.to) errors[`${m.key}.to`] = 'Choose both dates.';
      else {
        const order = crmDateRangeError(row.from, row.to);
        if (order) errors[`${m.key}.to`] = order;
      }
    }
  }
  return errors;
}

/** The values as the API's filter; `today` (YYYY-MM-DD) fixes this month and this year. Call when there are no errors. */
export function toCrmFilters(v: CrmFilterValues, today: string): CrmFilters {
  const filters: CrmFilters = {};
  if (v.events.length) filters.events = v.events;
  if (v.gender) filters.gender = v.gender;
  if (v.age_from.trim()) filters.age_from = Number(v.age_from);
  if (v.age_to.trim()) filters.age_to = Number(v.age_to);
  for (const m of CRM_METRICS) {
    const row = v.metrics[m.key];
    if (!row.enabled) continue;
    const dates = crmPeriodDates(row.period, today, { from: row.from ?? undefined, to: row.to ?? undefined });
    (filters.metrics ??= {})[m.key] = { operator: row.operator, value: Number(row.value.trim().replace(',', '.')), ...dates };
  }
  return filters;
}

/**
 * The filter as the address keeps it (`?filter=…`), so a reload or a shared link shows the same filter: the form's
 * values, not their dates, so "this month" stays this month. Empty when nothing is chosen.
 */
export function crmFilterToParam(v: CrmFilterValues): string {
  return JSON.stringify(v) === JSON.stringify(emptyCrmFilter()) ? '' : JSON.stringify(v);
}

/** The filter read back from the address; anything malformed or unknown falls back to the empty filter's parts. */
export function crmFilterFromParam(param: string | null): CrmFilterValues {
  const empty = emptyCrmFilter();
  if (!param) return empty;
  let raw: Partial<CrmFilterValues>;
  try {
    raw = JSON.parse(param) as Partial<CrmFilterValues>;
  } catch {
    return empty;
  }
  if (!raw || typeof raw !== 'object') return empty;
  const text = (x: unknown) => (typeof x === 'string' ? x.slice(0, 20) : '');
  const metrics = { ...empty.metrics };
  for (const m of CRM_METRICS) {
    const r = (raw.metrics as Record<string, Partial<MetricValues>> | undefined)?.[m.key];
    if (!r || typeof r !== 'object') continue;
    metrics[m.key] = {
      enabled: r.enabled === true,
      operator: CRM_OPERATORS.some((o) => o.value === r.operator) ? (r.operator as CrmOperator) : 'more',
      value: text(r.value) || empty.metrics[m.key].value,
      period: CRM_PERIODS.some((p) => p.value === r.period) ? (r.period as CrmPeriod) : 'none',
      from: typeof r.from === 'string' ? r.from.slice(0, 10) : null,
      to: typeof r.to === 'string' ? r.to.slice(0, 10) : null,
    };
  }
  return {
    events: Array.isArray(raw.events) ? raw.events.filter((e): e is number => Number.isInteger(e) && e > 0).slice(0, 500) : [],
    gender: raw.gender === 'female' || raw.gender === 'male' ? raw.gender : '',
    age_from: text(raw.age_from),
    age_to: text(raw.age_to),
    metrics,
  };
}
