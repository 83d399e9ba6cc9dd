import { FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { fieldError } from './fieldError';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  helperText?: string;
}

/**
 * A final-form field drawn with Blueprint. Shows the field's error once changed and left or after a submit, or the
 * server's validation message (submitError) at once (fieldError); the typed value is never cleared by an error.
 */
export function TextField({ name, label, type = 'text', autoComplete, placeholder, disabled, autoFocus, helperText }: TextFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error || helperText}>
            <InputGroup
              {...input}
              id={id}
              type={type}
              autoComplete={autoComplete}
              placeholder={placeholder}
              disabled={disabled}
              autoFocus={autoFocus}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
