import { FormGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { RequiredMark } from './RequiredMark';
import { LazyDateInput } from '../LazyDateInput';
import { fieldError } from './fieldError';

interface DateFieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  helperText?: string;
  required?: boolean;
}

/**
 * A final-form date field typed and shown as dd.MM.yyyy (000 §5); the form holds the text exactly as typed (an
 * unreadable date stays in the box), the domain validates it and the error says what is wrong with it.
 */
export function DateField({ name, label, disabled, helperText, required }: DateFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        return (
          <FormGroup label={label} labelInfo={<RequiredMark required={required} />} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? helperText}>
            <LazyDateInput
              id={id}
              name={name}
              text={input.value ?? ''}
              onTextChange={input.onChange}
              onFocus={() => input.onFocus()}
              onBlur={() => input.onBlur()}
              placeholder="dd.mm.yyyy"
              leftIcon="calendar"
              disabled={disabled}
              canClearSelection={false}
              intent={error ? 'danger' : 'none'}
              invalid={Boolean(error)}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
