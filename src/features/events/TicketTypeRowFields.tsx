import { Checkbox, FormGroup, InputGroup, Radio, Switch } from '@blueprintjs/core';
import { Field, useForm } from 'react-final-form';
import { setDefaultTicketType, toggleKids, type TicketTypeFormRow, type TicketTypesValues } from '../../domain/ticketTypes';
import { fieldError } from '../../ui/form/fieldError';

function TextCell({ name, label, disabled, placeholder }: { name: string; label: string; disabled?: boolean; placeholder?: string }) {
  return (
    <Field<string | number> name={name}>
      {({ input, meta }) => {
        const error = fieldError({ ...meta, touched: meta.touched || meta.submitFailed });
        return (
          <FormGroup label={label} labelFor={`field-${name}`} intent={error ? 'danger' : 'none'} helperText={error} className="tt-cell">
            <InputGroup {...input} value={String(input.value ?? '')} id={`field-${name}`} disabled={disabled} placeholder={placeholder} intent={error ? 'danger' : 'none'} />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/**
 * One ticket type: checkbox (new rows), name, default (one per event), kids (0 to 12 years), ages, min and max number
 * of tickets (max not below min). `checkColumn`:
 * some row of the form has a checkbox, so the others keep its place empty and the columns line up.
 */
export function TicketTypeRowFields({ index, row, checkable, checkColumn, defaultError }: { index: number; row: TicketTypeFormRow; checkable: boolean; checkColumn: boolean; defaultError?: string }) {
  const form = useForm<TicketTypesValues>();
  const path = `rows.${index}`;
  const off = row.checked === false;
  return (
    <div className={`tt-row${off ? ' off' : ''}`} role="group" aria-label={`Ticket type ${row.name || index + 1}`}>
      {checkable ? (
        <Checkbox
          className="tt-check"
          checked={!off}
          aria-label={`Include ${row.name || 'this ticket type'}`}
          onChange={(e) => form.change(`${path}.checked` as never, (e.target as HTMLInputElement).checked as never)}
        />
      ) : checkColumn ? (
        <span className="tt-check" />
      ) : null}
      <TextCell name={`${path}.name`} label="Name" disabled={off} />
      <div className="tt-flags">
        <Radio
          label="Default"
          name="default-ticket-type"
          checked={row.default}
          disabled={off}
          onChange={() => form.change('rows', setDefaultTicketType(form.getState().values.rows, index))}
        />
        <Switch label="Kids" checked={row.kids} disabled={off} onChange={(e) => form.change(path as never, toggleKids(row, (e.target as HTMLInputElement).checked) as never)} />
        {defaultError && !off ? <span className="tt-error" role="alert">{defaultError}</span> : null}
      </div>
      <TextCell name={`${path}.age_from`} label="Age from" disabled={off || row.kids} placeholder={row.kids ? '0' : ''} />
      <TextCell name={`${path}.age_to`} label="Age to" disabled={off || row.kids} />
      {/* The bounds a standing area's "Number of tickets" must keep (000 §5); empty: 0 and no maximum. */}
      <TextCell name={`${path}.min`} label="Min tickets" disabled={off} placeholder="0" />
      <TextCell name={`${path}.max`} label="Max tickets" disabled={off} placeholder="No limit" />
    </div>
  );
}
