import { Checkbox, FormGroup, Switch } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { fieldError } from './fieldError';

interface CheckboxFieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  helperText?: string;
  /** A switch instead of a checkbox. */
  toggle?: boolean;
  onToggle?: (checked: boolean) => void;
}

/** A boolean field: a checkbox, or a switch for on/off settings. */
export function CheckboxField({ name, label, disabled, helperText, toggle, onToggle }: CheckboxFieldProps) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = fieldError(meta);
        const Control = toggle ? Switch : Checkbox;
        return (
          <FormGroup intent={error ? 'danger' : 'none'} helperText={error ?? helperText} className="checkbox-field">
            <Control
              name={input.name}
              checked={Boolean(input.checked)}
              label={label}
              disabled={disabled}
              onChange={(e) => {
                input.onChange(e);
                onToggle?.((e.target as HTMLInputElement).checked);
              }}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
