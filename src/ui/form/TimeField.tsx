import { FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { RequiredMark } from './RequiredMark';
import { fieldError } from './fieldError';

/** A time typed as HH:mm (000 §5); the form holds the text, the domain validates it. */
export function TimeField({ name, label, disabled, required }: { name: string; label: string; disabled?: boolean; required?: boolean }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        return (
          <FormGroup label={label} labelInfo={<RequiredMark required={required} />} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error}>
            <InputGroup
              {...input}
              id={id}
              placeholder="HH:mm"
              inputMode="numeric"
              maxLength={5}
              disabled={disabled}
              leftIcon="time"
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
