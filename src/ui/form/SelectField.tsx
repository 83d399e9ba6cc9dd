import '../ui.css';
import { FormGroup, MenuItem, Spinner } from '@blueprintjs/core';
import { RequiredMark } from './RequiredMark';
import { Suggest } from '@blueprintjs/select';
import { Field } from 'react-final-form';
import { fieldError } from './fieldError';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  required?: boolean;
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

const matches = (query: string, item: SelectOption) => item.label.toLowerCase().includes(query.trim().toLowerCase());

/**
 * A select that is searched by typing (000 §5: case-insensitive "contains"). The input itself is the combobox, so
 * the label names it and assistive technology announces the list; the form holds the option's value as text.
 */
export function SelectField({ name, label, options, placeholder = 'Choose…', disabled, loading, onSelect, helperText, required }: SelectFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const id = `field-${name}`;
        const selected = options.find((o) => o.value === String(input.value ?? '')) ?? null;
        return (
          <FormGroup label={label} labelInfo={<RequiredMark required={required} />} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? helperText}>
            <Suggest<SelectOption>
              items={options as SelectOption[]}
              selectedItem={selected}
              inputValueRenderer={(item) => item.label}
              itemPredicate={matches}
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
                onSelect?.(item.value);
              }}
              disabled={disabled}
              fill
              closeOnSelect
              popoverProps={{ minimal: true, placement: 'bottom-start', matchTargetWidth: true, onClosed: () => input.onBlur() }}
              inputProps={{
                id,
                placeholder,
                intent: error ? 'danger' : 'none',
                'aria-invalid': error ? true : undefined,
                rightElement: loading ? <Spinner size={16} className="select-spinner" /> : undefined,
              }}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
