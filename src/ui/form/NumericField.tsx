import { FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { committedNumericText, filterNumericInput, numericRangeText, type NumericInputOptions } from '../../domain/numericInput';
import { fieldError } from './fieldError';

interface NumericFieldProps extends NumericInputOptions {
  name: string;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  helperText?: string;
}

/**
 * A final-form number field (prices, percentages, quantities; 001 §5): typing is filtered so the field always holds
 * something readable, and on leaving it the value is clamped to its range (docs/decisions/007-numeric-inputs.md).
 * The range is shown under the field until an error takes its place. The form keeps the text as typed ("12,50");
 * only an out-of-range or over-precise number is rewritten.
 */
export function NumericField({ name, label, placeholder, disabled, helperText, min, max, decimals }: NumericFieldProps) {
  const options = { min, max, decimals };
  const range = numericRangeText(options);
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        const text = String(input.value ?? '');
        const hint = [helperText, range ? `Range ${range}` : ''].filter(Boolean).join('. ');
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error || hint || undefined}>
            <InputGroup
              name={input.name}
              id={id}
              value={text}
              inputMode={decimals === 0 ? 'numeric' : 'decimal'}
              placeholder={placeholder}
              disabled={disabled}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
              onFocus={input.onFocus}
              onChange={(e) => input.onChange(filterNumericInput(e.currentTarget.value, text, options))}
              onBlur={() => {
                const next = committedNumericText(text, options);
                if (next !== null && next !== text) input.onChange(next);
                input.onBlur();
              }}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
