import '../ui.css';
import { Button, FormGroup, MenuItem } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import { Field } from 'react-final-form';
import { fieldError } from './fieldError';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  /** Extra effect of a choice (e.g. clearing the map when the venue changes). */
  onSelect?: (value: string) => void;
  helperText?: string;
}

/** A searchable select (000 §5: search is case-insensitive "contains"); the form holds the option's value as text. */
export function SelectField({ name, label, options, placeholder = 'Choose…', disabled, loading, onSelect, helperText }: SelectFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        const selected = options.find((o) => o.value === String(input.value ?? ''));
        return (
          <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? helperText}>
            <Select<SelectOption>
              items={options as SelectOption[]}
              itemPredicate={(query, item) => item.label.toLowerCase().includes(query.trim().toLowerCase())}
              itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
                modifiers.matchesPredicate ? (
                  <MenuItem
                    key={item.value}
                    text={item.label}
                    active={modifiers.active}
                    selected={item.value === selected?.value}
                    roleStructure="listoption"
                    onClick={handleClick}
                    onFocus={handleFocus}
                  />
                ) : null
              }
              noResults={<MenuItem disabled text="No results" roleStructure="listoption" />}
              onItemSelect={(item) => {
                input.onChange(item.value);
                input.onBlur();
                onSelect?.(item.value);
              }}
              disabled={disabled}
              popoverProps={{ minimal: true, placement: 'bottom-start', onClosed: () => input.onBlur() }}
              inputProps={{ 'aria-label': `Search ${label.toLowerCase()}` }}
            >
              <Button
                id={id}
                className="select-field-button"
                text={selected?.label ?? placeholder}
                endIcon="double-caret-vertical"
                alignText="start"
                fill
                disabled={disabled}
                loading={loading}
                intent={error ? 'danger' : 'none'}
                variant="outlined"
              />
            </Select>
          </FormGroup>
        );
      }}
    </Field>
  );
}
