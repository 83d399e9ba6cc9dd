import { Button, Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useLazyCountAttendeesQuery } from '../../api/crmApi';
import { CRM_GENDERS, CRM_METRICS, type CountedSegment, type CrmGender } from '../../domain/crmFilter';
import { EventsMultiSelect } from './EventsMultiSelect';
import { MetricRow } from './MetricRow';
import { crmFilterErrors, toCrmFilters, type CrmFilterValues } from './crmFilterValues';
import { parseDecimal } from '../../domain/numericInput';
import { NumberInput } from '../../ui/NumberInput';
import { formatCount } from '../../domain/money';
import { venueIsoToday } from '../../domain/venueClock';

/** The oldest age the filter offers (people's ages; a typo of 1000 becomes this). */
const CRM_AGE_MAX = 120;
const ageValue = (text: string): number | null => (text.trim() === '' ? null : parseDecimal(text));

interface CrmFilterPanelProps {
  values: CrmFilterValues;
  onChange: (values: CrmFilterValues) => void;
  counted: CountedSegment | null;
  onCounted: (segment: CountedSegment) => void;
  onNext: (mode: 'send' | 'download') => void;
}

const serverMessage = (err: unknown): string => {
  const data = (err as { data?: { error?: { message?: string }; validation_errors?: Record<string, string[]> } }).data;
  return Object.values(data?.validation_errors ?? {})[0]?.[0] ?? data?.error?.message ?? 'Something went wrong';
};

/** The segment filter (002 §3 "CRM filter", §9): events, gender, age, the four metrics; Count yields the count. */
export function CrmFilterPanel({ values, onChange, counted, onCounted, onNext }: CrmFilterPanelProps) {
  const [countAttendees, result] = useLazyCountAttendeesQuery();
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = checked ? crmFilterErrors(values) : {};
  const set = (patch: Partial<CrmFilterValues>) => onChange({ ...values, ...patch });

  const count = async () => {
    setChecked(true);
    setFailure(null);
    if (Object.keys(crmFilterErrors(values)).length) return;
    const filters = toCrmFilters(values, venueIsoToday(Date.now()));
    try {
      const { count: n } = await countAttendees(filters).unwrap();
      onCounted({ filters, count: n });
    } catch (err) {
      setFailure(serverMessage(err));
    }
  };

  return (
    <form className="crm-filter" noValidate onSubmit={(e) => { e.preventDefault(); void count(); }}>
      <EventsMultiSelect value={values.events} onChange={(events) => set({ events })} />
      <div className="form-row">
        <FormGroup label="Gender" labelFor="crm-gender">
          <HTMLSelect id="crm-gender" value={values.gender} onChange={(e) => set({ gender: e.currentTarget.value as CrmGender | '' })}
            options={[{ value: '', label: 'Everyone' }, ...CRM_GENDERS.map((g) => ({ value: g.value, label: g.label }))]} />
        </FormGroup>
        <FormGroup label="Age from" labelFor="crm-age-from" intent={errors.age_from ? 'danger' : 'none'} helperText={errors.age_from}>
          <NumberInput id="crm-age-from" min={0} max={CRM_AGE_MAX} decimals={0} value={ageValue(values.age_from)}
            onValueChange={(n) => set({ age_from: String(n) })} onEmpty={() => set({ age_from: '' })} />
        </FormGroup>
        <FormGroup label="Age to" labelFor="crm-age-to" intent={errors.age_to ? 'danger' : 'none'} helperText={errors.age_to}>
          <NumberInput id="crm-age-to" min={0} max={CRM_AGE_MAX} decimals={0} value={ageValue(values.age_to)}
            onValueChange={(n) => set({ age_to: String(n) })} onEmpty={() => set({ age_to: '' })} />
        </FormGroup>
      </div>
      <h2 className="crm-subtitle">Metrics</h2>
      {CRM_METRICS.map((m) => (
        <MetricRow key={m.key} metricKey={m.key} label={m.label} money={m.money} row={values.metrics[m.key]} errors={errors}
          onChange={(row) => set({ metrics: { ...values.metrics, [m.key]: row } })} />
      ))}
      {failure ? <Callout intent="danger" role="alert">{failure}</Callout> : null}
      <div className="crm-actions">
        <Button type="submit" intent="primary" icon="people" text="Count" loading={result.isFetching} />
        {counted ? (
          <>
            <output className="crm-count" aria-live="polite">
              {formatCount(counted.count)} {counted.count === 1 ? 'customer' : 'customers'}
            </output>
            <Button text="Send Messages" icon="envelope" onClick={() => onNext('send')} />
            <Button text="Download" icon="download" onClick={() => onNext('download')} />
          </>
        ) : null}
      </div>
    </form>
  );
}
