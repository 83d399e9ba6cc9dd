import { FormGroup, TextArea } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { fieldError } from './fieldError';

export function TextAreaField({ name, label, rows = 3, placeholder }: { name: string; label: string; rows?: number; placeholder?: string }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error}>
            <TextArea {...input} id={id} rows={rows} placeholder={placeholder} fill intent={error ? 'danger' : 'none'} />
          </FormGroup>
        );
      }}
    </Field>
  );
}
