import { FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';

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
 * A final-form field drawn with Blueprint. Shows the field's error once touched, or the server's
 * validation message (submitError) at once; the typed value is never cleared by an error.
 */
export function TextField({ name, label, type = 'text', autoComplete, placeholder, disabled, autoFocus, helperText }: TextFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = (meta.touched && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
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
