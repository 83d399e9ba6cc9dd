import { Button } from '@blueprintjs/core';
import { useForm, useFormState } from 'react-final-form';
import type { PromoterFormValues } from './promoterFormValues';
import { NumericField } from '../../ui/form/NumericField';

/**
 * The promoter's service-fee scheme rows (002 §2, §5): ticket price min, max (empty: and above) and the fixed fee,
 * in SEK. The rows together must cover every price from 0 without overlapping; the row at fault says so.
 */
export function ServiceFeeRows() {
  const form = useForm<PromoterFormValues>();
  const { values } = useFormState<PromoterFormValues>({ subscription: { values: true } });
  const fees = values.fees ?? [];
  const add = () => {
    const last = fees[fees.length - 1];
    form.change('fees', [...fees, { price_min: last?.price_max ?? (fees.length === 0 ? '0' : ''), price_max: '', fixed: '' }]);
  };
  const remove = (i: number) => form.change('fees', fees.filter((_, j) => j !== i));
  return (
    <fieldset className="fee-rows">
      <legend>Service fees</legend>
      {fees.length === 0 ? <p className="bp6-text-muted">No bands of its own: the platform's default service fees apply.</p> : null}
      {fees.map((_, i) => (
        <div className="fee-row" key={i} role="group" aria-label={`Fee row ${i + 1}`}>
          <NumericField name={`fees[${i}].price_min`} label="Ticket price min" min={0} />
          <NumericField name={`fees[${i}].price_max`} label="Ticket price max" placeholder="and above" min={0} />
          <NumericField name={`fees[${i}].fixed`} label="Fee" min={0} />
          <Button variant="minimal" icon="trash" aria-label={`Remove fee row ${i + 1}`} onClick={() => remove(i)} className="fee-row-remove" />
        </div>
      ))}
      <Button icon="plus" text="Add Fee" onClick={add} />
    </fieldset>
  );
}
