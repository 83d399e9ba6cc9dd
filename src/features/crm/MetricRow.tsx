import { Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { CRM_OPERATORS, CRM_PERIODS, type CrmOperator, type CrmPeriod } from '../../domain/crmFilter';
import { DateFilterInput } from '../../ui/DateFilterInput';
import type { MetricValues } from './crmFilterValues';

interface MetricRowProps {
  metricKey: string;
  label: string;
  money: boolean;
  row: MetricValues;
  onChange: (row: MetricValues) => void;
  errors: Record<string, string>;
}

/** One §9 metric: ticked to use it, then operator, value and period (a custom range picks its from and to). */
export function MetricRow({ metricKey, label, money, row, onChange, errors }: MetricRowProps) {
  const set = (patch: Partial<MetricValues>) => onChange({ ...row, ...patch });
  const valueError = errors[`${metricKey}.value`];
  const rangeError = errors[`${metricKey}.to`];
  return (
    <fieldset className="crm-metric" aria-label={label}>
      <Checkbox checked={row.enabled} label={label} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
      {row.enabled ? (
        <div className="crm-metric-fields">
          <FormGroup label="Operator" labelFor={`${metricKey}-operator`}>
            <HTMLSelect id={`${metricKey}-operator`} value={row.operator} onChange={(e) => set({ operator: e.currentTarget.value as CrmOperator })}
              options={CRM_OPERATORS.map((o) => ({ value: o.value, label: o.label }))} />
          </FormGroup>
          <FormGroup label={money ? 'Value (SEK)' : 'Value'} labelFor={`${metricKey}-value`} intent={valueError ? 'danger' : 'none'} helperText={valueError}>
            <InputGroup id={`${metricKey}-value`} value={row.value} inputMode="decimal" intent={valueError ? 'danger' : 'none'}
              onChange={(e) => set({ value: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label="Period" labelFor={`${metricKey}-period`}>
            <HTMLSelect id={`${metricKey}-period`} value={row.period} onChange={(e) => set({ period: e.currentTarget.value as CrmPeriod })}
              options={CRM_PERIODS.map((p) => ({ value: p.value, label: p.label }))} />
          </FormGroup>
          {row.period === 'custom' ? (
            <div className="crm-range">
              <DateFilterInput label={`${label} from`} value={row.from} onChange={(from) => set({ from })} />
              <DateFilterInput label={`${label} to`} value={row.to} onChange={(to) => set({ to })} />
              {rangeError ? <span className="crm-error" role="alert">{rangeError}</span> : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
