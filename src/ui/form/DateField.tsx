import { FormGroup } from '@blueprintjs/core';
import { addYears, format, isValid, parse } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { Field } from 'react-final-form';
import { DATE_FORMATS } from '../../domain/dates';
import { LazyDateInput } from '../LazyDateInput';
import { fieldError } from './fieldError';

// Vite cannot resolve Blueprint's dynamic locale import: the date-fns v2 locale is passed in explicitly (Monday first).
const FORMAT = DATE_FORMATS.formDate;
const MIN = addYears(new Date(), -10);
const MAX = addYears(new Date(), 10);

const toIso = (text: string | undefined): string | null => {
  if (!text || !/^\d{2}\.\d{2}\.\d{4}$/.test(text)) return null;
  const d = parse(text, FORMAT, new Date());
  return isValid(d) ? format(d, "yyyy-MM-dd'T'00:00:00") : null;
};
const fromIso = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return isValid(d) ? format(d, FORMAT) : '';
};

interface DateFieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  helperText?: string;
}

/** A final-form date field typed and shown as dd.MM.yyyy (000 §5); the form holds the text, the domain validates it. */
export function DateField({ name, label, disabled, helperText }: DateFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? helperText}>
            <LazyDateInput
              value={toIso(input.value)}
              onChange={(iso) => input.onChange(fromIso(iso))}
              dateFnsFormat={FORMAT}
              locale={enGB}
              placeholder="dd.mm.yyyy"
              minDate={MIN}
              maxDate={MAX}
              disabled={disabled}
              canClearSelection={false}
              inputProps={{ id, name, onBlur: () => input.onBlur(), onFocus: () => input.onFocus(), intent: error ? 'danger' : 'none', 'aria-invalid': error ? true : undefined }}
              popoverProps={{ placement: 'bottom-start' }}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
