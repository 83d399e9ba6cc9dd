import { Callout } from '@blueprintjs/core';
import { useForm, useFormState } from 'react-final-form';
import { applyPromoMode, PROMO_MODE_LABELS, promoModesFor, type PromoMode } from '../../domain/promoCodes';
import { SelectField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import type { PromoFormValues } from './promoFormValues';

/** X and Y of each mode (002 §4), named for what the buyer does. */
function labels(mode: PromoMode, tickets: boolean): { x?: string; y?: string } {
  const things = tickets ? 'tickets' : 'items';
  switch (mode) {
    case 'min_quantity':
      return { x: `Minimum ${things} (X)` };
    case 'buy_x_get_y':
      return { x: `Buy ${things} (X)`, y: `Discounted ${things} (Y)` };
    case 'family':
      return { x: 'Kids tickets (X)', y: 'Non-kids tickets, discounted (Y)' };
    default:
      return {};
  }
}

/** The discount mode and its numbers; choosing a mode sets the fields it forces (src/domain/promoCodes.ts). */
export function PromoModeFields() {
  const form = useForm<PromoFormValues>();
  const { values } = useFormState<PromoFormValues>({ subscription: { values: true } });
  const modes = promoModesFor(values.item_type);
  const { x, y } = labels(values.mode, values.item_type !== 'merchandise');
  const choose = (mode: PromoMode) => {
    const next = applyPromoMode({ ...form.getState().values, free: mode === 'buy_two_get_one' ? false : values.free }, mode);
    form.batch(() => {
      for (const key of ['discount_type', 'type', 'value', 'min_tickets', 'min_kids', 'data', 'free'] as const) form.change(key, next[key] as never);
    });
  };
  return (
    <>
      <SelectField
        name="mode"
        label="Discount mode"
        options={modes.map((m) => ({ value: m, label: PROMO_MODE_LABELS[m] }))}
        onSelect={(m) => choose(m as PromoMode)}
      />
      {values.mode === 'buy_two_get_one' ? (
        <Callout intent="primary" className="form-note">Buy two, get the third free: 100 % off one of every three.</Callout>
      ) : null}
      {x || y ? (
        <div className="form-row">
          {x ? <TextField name="data.calculation.x" label={x} /> : null}
          {y ? <TextField name="data.calculation.y" label={y} /> : null}
        </div>
      ) : null}
    </>
  );
}
