import { Button, H4 } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import { TextField } from '../../ui/form/TextField';
import { NumericField } from '../../ui/form/NumericField';
import { emptyOption, type MerchandiseOptionState } from './merchandiseFormValues';

/** The option rows (001 §5): en and sv name, SKU and quantity each; rows are added and removed in place. */
export function MerchandiseOptionsFields() {
  const form = useForm();
  const options = useField<MerchandiseOptionState[]>('options', { subscription: { value: true } }).input.value || [];
  return (
    <section aria-label="Options">
      <H4>Options</H4>
      {options.map((_, i) => (
        <div className="merch-option" key={i} role="group" aria-label={`Option ${i + 1}`}>
          <TextField name={`options[${i}].translations.en.name`} label="Name (English)" />
          <TextField name={`options[${i}].translations.sv.name`} label="Name (Swedish)" />
          <TextField name={`options[${i}].sku`} label="SKU" />
          <NumericField name={`options[${i}].quantity`} label="Quantity" min={0} decimals={0} />
          <Button
            variant="minimal"
            icon="trash"
            aria-label={`Remove option ${i + 1}`}
            onClick={() => form.change('options', options.filter((__, j) => j !== i))}
          />
        </div>
      ))}
      <Button icon="plus" text="Add option" onClick={() => form.change('options', [...options, emptyOption()])} />
    </section>
  );
}
